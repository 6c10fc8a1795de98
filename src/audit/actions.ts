/**
 * Every action the audit trail records, as `<thing>.<verb>`. A module records only these names, so the trail can
 * be filtered by a name that is known to exist, and a misspelt filter is refused instead of silently matching none.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.lock',
  'user.unlock',
  'user.password_set',
  'user.role_change',
  // Someone else's attributes (preferences, SSH public key).
  'user.attributes_update',
  // An administrator or key ending all of another user's sessions (logout_user); a session is otherwise ended
  // only by its owner (logout, revokeSession), or by a lock or password set, recorded as those.
  'user.logout',
  'user.group_add',
  'user.group_remove',
  'group.create',
  'group.update',
  'group.delete',
  'group.workspaces_set',
  'registry.import',
  'workspace.install',
  'workspace.uninstall',
  'settings.update',
  'file_mapping.add',
  'file_mapping.update',
  'file_mapping.remove',
  'api_key.create',
  'api_key.revoke',
  'help_request.status_change',
  'help_request.assign',
  'help_request.delete',
  // A file an administrator took off a request or response.
  'help_request.attachment_remove',
  // A priority's service-level targets and the schedule they count in.
  'help_sla_policy.update',
  // Business-hours schedules: hours, holidays and time zone of the working time service levels count.
  'help_schedule.create',
  'help_schedule.update',
  'help_schedule.delete',
  'faq.create',
  'faq.update',
  'faq.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

export const AUDIT_TARGET_TYPES = [
  'user',
  'group',
  'workspace',
  'registry',
  'settings',
  'file_mapping',
  'api_key',
  'help_request',
  'help_sla_policy',
  'help_schedule',
  'faq',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
