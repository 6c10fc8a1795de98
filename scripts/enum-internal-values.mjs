// The value each GraphQL enum value stands for inside the server: what the resolvers receive and return, what the
// database stores and what the legacy REST routes send and accept. GraphQL spells enum values in UPPER_CASE; the
// server keeps the spellings its data has always had, so renaming a value in GraphQL touches no row and no REST body.
//
// The rule: an enum value's internal value is its name in lowercase (OPEN -> open, BUG_REPORT -> bug_report), but
// - an audit action is `<target kind>.<verb>`: the longest AuditTargetType value its name starts with, a dot, and the
//   rest (USER_PASSWORD_SET -> user.password_set, HELP_SLA_POLICY_UPDATE -> help_sla_policy.update), so a module
//   adds an action and its target kind in its own SDL and nothing else;
// - the enums below keep legacy spellings that are not plain lowercase.
import { isEnumType } from 'graphql';

const LEGACY_SPELLINGS = {
  // The risk API's risk_level and a user's theme have always been capitalised words.
  RiskLevel: { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' },
  Theme: { LIGHT: 'Light', DARK: 'Dark' },
  // The legacy REST sort_by values (created_date) and the SLA due times' field names.
  HelpRequestSortField: {
    CREATED_AT: 'created_date',
    UPDATED_AT: 'updated_date',
    FIRST_RESPONSE_DUE_AT: 'firstResponseDueAt',
    RESOLUTION_DUE_AT: 'resolutionDueAt',
  },
};

/**
 * Each enum's GraphQL names mapped to their internal values, for the enums a schema has: `{ HelpStatus: { OPEN: 'open' } }`.
 * Throws when an audit action starts with no target kind.
 */
export function internalEnumValues(schema) {
  const enums = Object.values(schema.getTypeMap()).filter((type) => isEnumType(type) && !type.name.startsWith('__'));
  const targetKinds = (schema.getType('AuditTargetType')?.getValues() ?? []).map((value) => value.name).sort((a, b) => b.length - a.length);
  return Object.fromEntries(
    enums.map((type) => [
      type.name,
      Object.fromEntries(type.getValues().map(({ name }) => [name, internalValue(type.name, name, targetKinds)])),
    ]),
  );
}

function internalValue(enumName, name, targetKinds) {
  const legacy = LEGACY_SPELLINGS[enumName]?.[name];
  if (legacy !== undefined) return legacy;
  if (enumName === 'AuditAction') {
    const kind = targetKinds.find((target) => name.startsWith(`${target}_`));
    if (!kind) throw new Error(`AuditAction.${name} starts with no AuditTargetType value: name it <TARGET_KIND>_<VERB>`);
    return `${kind.toLowerCase()}.${name.slice(kind.length + 1).toLowerCase()}`;
  }
  return name.toLowerCase();
}
