/**
 * The audit trail's vocabulary, as the modules' SDL declares it: each module adds the actions it records and the kinds
 * of record they touch (`extend enum AuditAction` / `extend enum AuditTargetType` in its own SDL file), and codegen
 * types them by their internal values (`<thing>.<verb>`, as the trail stores them; see
 * scripts/enum-internal-values.mjs). A module records only these names, and GraphQL refuses a filter by any other.
 */
export type { AuditAction, AuditActorType, AuditTargetType } from '../platform/graphql/generated/enums.js';
export {
  AuditActionValues as AUDIT_ACTIONS,
  AuditTargetTypeValues as AUDIT_TARGET_TYPES,
} from '../platform/graphql/generated/enums.js';
