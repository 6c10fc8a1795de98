/* eslint-disable */

// Each enum by its internal values, in the order the SDL declares them.

/** What a privileged change did, named `<TARGET_KIND>_<VERB>` after the AuditTargetType it touches. Each module adds the actions it records (`extend enum AuditAction` in its own SDL), so the values are those of the modules the server runs. */
export type AuditAction = 'registry.import' | 'workspace.install' | 'workspace.uninstall' | 'settings.update' | 'file_mapping.add' | 'file_mapping.update' | 'file_mapping.remove' | 'user.create' | 'user.update' | 'user.delete' | 'user.lock' | 'user.unlock' | 'user.password_set' | 'user.role_change' | 'user.attributes_update' | 'user.logout' | 'user.group_add' | 'user.group_remove' | 'group.create' | 'group.update' | 'group.delete' | 'group.workspaces_set' | 'help_held_mail.release' | 'help_held_mail.discard' | 'api_key.create' | 'api_key.revoke' | 'help_request.status_change' | 'help_request.assign' | 'help_request.delete' | 'help_request.attachment_remove' | 'help_sla_policy.update' | 'help_schedule.create' | 'help_schedule.update' | 'help_schedule.delete' | 'faq.create' | 'faq.update' | 'faq.delete' | 'help_contact.update' | 'help_contact.link' | 'help_contact.block' | 'help_contact.unblock' | 'help_trigger.create' | 'help_trigger.update' | 'help_trigger.delete' | 'help_automation.create' | 'help_automation.update' | 'help_automation.delete' | 'help_macro.create' | 'help_macro.update' | 'help_macro.delete' | 'help_webhook.create' | 'help_webhook.secret_rotate' | 'help_webhook.disable' | 'help_webhook.delete' | 'audit_trail.prune';
export const AuditActionValues = ['registry.import', 'workspace.install', 'workspace.uninstall', 'settings.update', 'file_mapping.add', 'file_mapping.update', 'file_mapping.remove', 'user.create', 'user.update', 'user.delete', 'user.lock', 'user.unlock', 'user.password_set', 'user.role_change', 'user.attributes_update', 'user.logout', 'user.group_add', 'user.group_remove', 'group.create', 'group.update', 'group.delete', 'group.workspaces_set', 'help_held_mail.release', 'help_held_mail.discard', 'api_key.create', 'api_key.revoke', 'help_request.status_change', 'help_request.assign', 'help_request.delete', 'help_request.attachment_remove', 'help_sla_policy.update', 'help_schedule.create', 'help_schedule.update', 'help_schedule.delete', 'faq.create', 'faq.update', 'faq.delete', 'help_contact.update', 'help_contact.link', 'help_contact.block', 'help_contact.unblock', 'help_trigger.create', 'help_trigger.update', 'help_trigger.delete', 'help_automation.create', 'help_automation.update', 'help_automation.delete', 'help_macro.create', 'help_macro.update', 'help_macro.delete', 'help_webhook.create', 'help_webhook.secret_rotate', 'help_webhook.disable', 'help_webhook.delete', 'audit_trail.prune'] as const satisfies readonly AuditAction[];

/** Who made a privileged change. */
export type AuditActorType = 'user' | 'api_key' | 'system';
export const AuditActorTypeValues = ['user', 'api_key', 'system'] as const satisfies readonly AuditActorType[];

/** What kind of record a privileged change touched. Each module adds its own kinds (`extend enum AuditTargetType`). */
export type AuditTargetType = 'registry' | 'workspace' | 'settings' | 'file_mapping' | 'user' | 'group' | 'help_held_mail' | 'api_key' | 'help_request' | 'help_sla_policy' | 'help_schedule' | 'faq' | 'help_contact' | 'help_trigger' | 'help_automation' | 'help_macro' | 'help_webhook' | 'audit_trail';
export const AuditTargetTypeValues = ['registry', 'workspace', 'settings', 'file_mapping', 'user', 'group', 'help_held_mail', 'api_key', 'help_request', 'help_sla_policy', 'help_schedule', 'faq', 'help_contact', 'help_trigger', 'help_automation', 'help_macro', 'help_webhook', 'audit_trail'] as const satisfies readonly AuditTargetType[];

/** Where a part of a result came from: a fresh upstream answer, the cache, or nowhere (the source was down). */
export type DataStatus = 'live' | 'cached' | 'unavailable';
export const DataStatusValues = ['live', 'cached', 'unavailable'] as const satisfies readonly DataStatus[];

/** Which help desk events mail an administrator. */
export type HelpAgentNotificationEvent = 'requester_replied' | 'assigned';
export const HelpAgentNotificationEventValues = ['requester_replied', 'assigned'] as const satisfies readonly HelpAgentNotificationEvent[];

/** What a help request or FAQ entry is about. */
export type HelpCategory = 'technical' | 'account' | 'general' | 'bug_report' | 'feature_request' | 'billing' | 'other';
export const HelpCategoryValues = ['technical', 'account', 'general', 'bug_report', 'feature_request', 'billing', 'other'] as const satisfies readonly HelpCategory[];

/** Why a received mail was held rather than filed. */
export type HelpHeldMailCause = 'loop' | 'rate' | 'too_large' | 'infected' | 'blocked_sender' | 'spoofed_sender' | 'unparseable';
export const HelpHeldMailCauseValues = ['loop', 'rate', 'too_large', 'infected', 'blocked_sender', 'spoofed_sender', 'unparseable'] as const satisfies readonly HelpHeldMailCause[];

/** What happened to a help request, as its history records it. */
export type HelpHistoryAction = 'created' | 'updated' | 'assigned' | 'responded' | 'sla_breached' | 'replied';
export const HelpHistoryActionValues = ['created', 'updated', 'assigned', 'responded', 'sla_breached', 'replied'] as const satisfies readonly HelpHistoryAction[];

/** How a mail's delivery went. */
export type HelpMailDeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
export const HelpMailDeliveryStateValues = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const satisfies readonly HelpMailDeliveryState[];

/** Who wrote a message of a help request's thread. */
export type HelpMessageAuthorRole = 'requester' | 'agent' | 'contact' | 'system';
export const HelpMessageAuthorRoleValues = ['requester', 'agent', 'contact', 'system'] as const satisfies readonly HelpMessageAuthorRole[];

/** How a message reached the help desk. */
export type HelpMessageChannel = 'web' | 'api' | 'email';
export const HelpMessageChannelValues = ['web', 'api', 'email'] as const satisfies readonly HelpMessageChannel[];

/** Who may read a message. */
export type HelpMessageVisibility = 'public' | 'internal';
export const HelpMessageVisibilityValues = ['public', 'internal'] as const satisfies readonly HelpMessageVisibility[];

/** Urgency of a help request, lowest first: sorting by priority follows this order. */
export type HelpPriority = 'low' | 'medium' | 'high' | 'urgent';
export const HelpPriorityValues = ['low', 'medium', 'high', 'urgent'] as const satisfies readonly HelpPriority[];

/** How a help request changed. */
export type HelpRequestChangeKind = 'created' | 'updated' | 'responded' | 'sla_breached' | 'replied';
export const HelpRequestChangeKindValues = ['created', 'updated', 'responded', 'sla_breached', 'replied'] as const satisfies readonly HelpRequestChangeKind[];

/** What a list of help requests is sorted by; ties are broken by id. */
export type HelpRequestSortField = 'id' | 'title' | 'status' | 'priority' | 'category' | 'created_date' | 'updated_date' | 'firstResponseDueAt' | 'resolutionDueAt';
export const HelpRequestSortFieldValues = ['id', 'title', 'status', 'priority', 'category', 'created_date', 'updated_date', 'firstResponseDueAt', 'resolutionDueAt'] as const satisfies readonly HelpRequestSortField[];

/** What a rule does when it fires. */
export type HelpRuleActionType = 'set_status' | 'set_priority' | 'set_category' | 'assign' | 'add_tags' | 'remove_tags' | 'add_internal_note' | 'mail_contact' | 'mail_agents' | 'send_webhook';
export const HelpRuleActionTypeValues = ['set_status', 'set_priority', 'set_category', 'assign', 'add_tags', 'remove_tags', 'add_internal_note', 'mail_contact', 'mail_agents', 'send_webhook'] as const satisfies readonly HelpRuleActionType[];

/** What a condition looks at. */
export type HelpRuleConditionField = 'status' | 'priority' | 'category' | 'tags' | 'assignee' | 'channel' | 'contact_email' | 'contact_domain' | 'title' | 'description' | 'hours_since_created' | 'hours_since_updated' | 'hours_since_resolved';
export const HelpRuleConditionFieldValues = ['status', 'priority', 'category', 'tags', 'assignee', 'channel', 'contact_email', 'contact_domain', 'title', 'description', 'hours_since_created', 'hours_since_updated', 'hours_since_resolved'] as const satisfies readonly HelpRuleConditionField[];

/** How a condition compares its field with its value. */
export type HelpRuleConditionOperator = 'is' | 'is_not' | 'contains' | 'not_contains' | 'greater_than' | 'less_than' | 'changed' | 'changed_to' | 'changed_from';
export const HelpRuleConditionOperatorValues = ['is', 'is_not', 'contains', 'not_contains', 'greater_than', 'less_than', 'changed', 'changed_to', 'changed_from'] as const satisfies readonly HelpRuleConditionOperator[];

/** The help desk's events a trigger (or a webhook) may listen for. */
export type HelpRuleEvent = 'created' | 'updated' | 'replied' | 'responded' | 'assigned' | 'status_changed' | 'sla_breached';
export const HelpRuleEventValues = ['created', 'updated', 'replied', 'responded', 'assigned', 'status_changed', 'sla_breached'] as const satisfies readonly HelpRuleEvent[];

/** The direction of a sort. */
export type HelpSortOrder = 'asc' | 'desc';
export const HelpSortOrderValues = ['asc', 'desc'] as const satisfies readonly HelpSortOrder[];

/** Where a help request stands, in the order a request usually moves through them. */
export type HelpStatus = 'open' | 'in_progress' | 'on_hold' | 'resolved' | 'closed';
export const HelpStatusValues = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const satisfies readonly HelpStatus[];

/** Where a delivery stands. */
export type HelpWebhookDeliveryState = 'pending' | 'sending' | 'sent' | 'failed';
export const HelpWebhookDeliveryStateValues = ['pending', 'sending', 'sent', 'failed'] as const satisfies readonly HelpWebhookDeliveryState[];

/** A day of the week, in a schedule's own time zone. */
export type HelpWeekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export const HelpWeekdayValues = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const satisfies readonly HelpWeekday[];

/** A risk score's band: LOW below 30 points, MEDIUM from 30 to 69, HIGH from 70. */
export type RiskLevel = 'Low' | 'Medium' | 'High';
export const RiskLevelValues = ['Low', 'Medium', 'High'] as const satisfies readonly RiskLevel[];

/** What a user may do: an administrator manages users, groups, workspaces and the help desk. */
export type Role = 'user' | 'admin';
export const RoleValues = ['user', 'admin'] as const satisfies readonly Role[];

/** The workspace platform's colour scheme. */
export type Theme = 'Light' | 'Dark';
export const ThemeValues = ['Light', 'Dark'] as const satisfies readonly Theme[];



/** Each enum value's internal value by its GraphQL name: the enum resolvers the server installs. */

export const enumInternalValues = {

  AuditAction: { API_KEY_CREATE: 'api_key.create', API_KEY_REVOKE: 'api_key.revoke', AUDIT_TRAIL_PRUNE: 'audit_trail.prune', FAQ_CREATE: 'faq.create', FAQ_DELETE: 'faq.delete', FAQ_UPDATE: 'faq.update', FILE_MAPPING_ADD: 'file_mapping.add', FILE_MAPPING_REMOVE: 'file_mapping.remove', FILE_MAPPING_UPDATE: 'file_mapping.update', GROUP_CREATE: 'group.create', GROUP_DELETE: 'group.delete', GROUP_UPDATE: 'group.update', GROUP_WORKSPACES_SET: 'group.workspaces_set', HELP_AUTOMATION_CREATE: 'help_automation.create', HELP_AUTOMATION_DELETE: 'help_automation.delete', HELP_AUTOMATION_UPDATE: 'help_automation.update', HELP_CONTACT_BLOCK: 'help_contact.block', HELP_CONTACT_LINK: 'help_contact.link', HELP_CONTACT_UNBLOCK: 'help_contact.unblock', HELP_CONTACT_UPDATE: 'help_contact.update', HELP_HELD_MAIL_DISCARD: 'help_held_mail.discard', HELP_HELD_MAIL_RELEASE: 'help_held_mail.release', HELP_MACRO_CREATE: 'help_macro.create', HELP_MACRO_DELETE: 'help_macro.delete', HELP_MACRO_UPDATE: 'help_macro.update', HELP_REQUEST_ASSIGN: 'help_request.assign', HELP_REQUEST_ATTACHMENT_REMOVE: 'help_request.attachment_remove', HELP_REQUEST_DELETE: 'help_request.delete', HELP_REQUEST_STATUS_CHANGE: 'help_request.status_change', HELP_SCHEDULE_CREATE: 'help_schedule.create', HELP_SCHEDULE_DELETE: 'help_schedule.delete', HELP_SCHEDULE_UPDATE: 'help_schedule.update', HELP_SLA_POLICY_UPDATE: 'help_sla_policy.update', HELP_TRIGGER_CREATE: 'help_trigger.create', HELP_TRIGGER_DELETE: 'help_trigger.delete', HELP_TRIGGER_UPDATE: 'help_trigger.update', HELP_WEBHOOK_CREATE: 'help_webhook.create', HELP_WEBHOOK_DELETE: 'help_webhook.delete', HELP_WEBHOOK_DISABLE: 'help_webhook.disable', HELP_WEBHOOK_SECRET_ROTATE: 'help_webhook.secret_rotate', REGISTRY_IMPORT: 'registry.import', SETTINGS_UPDATE: 'settings.update', USER_ATTRIBUTES_UPDATE: 'user.attributes_update', USER_CREATE: 'user.create', USER_DELETE: 'user.delete', USER_GROUP_ADD: 'user.group_add', USER_GROUP_REMOVE: 'user.group_remove', USER_LOCK: 'user.lock', USER_LOGOUT: 'user.logout', USER_PASSWORD_SET: 'user.password_set', USER_ROLE_CHANGE: 'user.role_change', USER_UNLOCK: 'user.unlock', USER_UPDATE: 'user.update', WORKSPACE_INSTALL: 'workspace.install', WORKSPACE_UNINSTALL: 'workspace.uninstall' },

  AuditActorType: { API_KEY: 'api_key', SYSTEM: 'system', USER: 'user' },

  AuditTargetType: { API_KEY: 'api_key', AUDIT_TRAIL: 'audit_trail', FAQ: 'faq', FILE_MAPPING: 'file_mapping', GROUP: 'group', HELP_AUTOMATION: 'help_automation', HELP_CONTACT: 'help_contact', HELP_HELD_MAIL: 'help_held_mail', HELP_MACRO: 'help_macro', HELP_REQUEST: 'help_request', HELP_SCHEDULE: 'help_schedule', HELP_SLA_POLICY: 'help_sla_policy', HELP_TRIGGER: 'help_trigger', HELP_WEBHOOK: 'help_webhook', REGISTRY: 'registry', SETTINGS: 'settings', USER: 'user', WORKSPACE: 'workspace' },

  DataStatus: { CACHED: 'cached', LIVE: 'live', UNAVAILABLE: 'unavailable' },

  HelpAgentNotificationEvent: { ASSIGNED: 'assigned', REQUESTER_REPLIED: 'requester_replied' },

  HelpCategory: { ACCOUNT: 'account', BILLING: 'billing', BUG_REPORT: 'bug_report', FEATURE_REQUEST: 'feature_request', GENERAL: 'general', OTHER: 'other', TECHNICAL: 'technical' },

  HelpHeldMailCause: { BLOCKED_SENDER: 'blocked_sender', INFECTED: 'infected', LOOP: 'loop', RATE: 'rate', SPOOFED_SENDER: 'spoofed_sender', TOO_LARGE: 'too_large', UNPARSEABLE: 'unparseable' },

  HelpHistoryAction: { ASSIGNED: 'assigned', CREATED: 'created', REPLIED: 'replied', RESPONDED: 'responded', SLA_BREACHED: 'sla_breached', UPDATED: 'updated' },

  HelpMailDeliveryState: { FAILED: 'failed', PENDING: 'pending', SENDING: 'sending', SENT: 'sent', SKIPPED: 'skipped' },

  HelpMessageAuthorRole: { AGENT: 'agent', CONTACT: 'contact', REQUESTER: 'requester', SYSTEM: 'system' },

  HelpMessageChannel: { API: 'api', EMAIL: 'email', WEB: 'web' },

  HelpMessageVisibility: { INTERNAL: 'internal', PUBLIC: 'public' },

  HelpPriority: { HIGH: 'high', LOW: 'low', MEDIUM: 'medium', URGENT: 'urgent' },

  HelpRequestChangeKind: { CREATED: 'created', REPLIED: 'replied', RESPONDED: 'responded', SLA_BREACHED: 'sla_breached', UPDATED: 'updated' },

  HelpRequestSortField: { CATEGORY: 'category', CREATED_AT: 'created_date', FIRST_RESPONSE_DUE_AT: 'firstResponseDueAt', ID: 'id', PRIORITY: 'priority', RESOLUTION_DUE_AT: 'resolutionDueAt', STATUS: 'status', TITLE: 'title', UPDATED_AT: 'updated_date' },

  HelpRuleActionType: { ADD_INTERNAL_NOTE: 'add_internal_note', ADD_TAGS: 'add_tags', ASSIGN: 'assign', MAIL_AGENTS: 'mail_agents', MAIL_CONTACT: 'mail_contact', REMOVE_TAGS: 'remove_tags', SEND_WEBHOOK: 'send_webhook', SET_CATEGORY: 'set_category', SET_PRIORITY: 'set_priority', SET_STATUS: 'set_status' },

  HelpRuleConditionField: { ASSIGNEE: 'assignee', CATEGORY: 'category', CHANNEL: 'channel', CONTACT_DOMAIN: 'contact_domain', CONTACT_EMAIL: 'contact_email', DESCRIPTION: 'description', HOURS_SINCE_CREATED: 'hours_since_created', HOURS_SINCE_RESOLVED: 'hours_since_resolved', HOURS_SINCE_UPDATED: 'hours_since_updated', PRIORITY: 'priority', STATUS: 'status', TAGS: 'tags', TITLE: 'title' },

  HelpRuleConditionOperator: { CHANGED: 'changed', CHANGED_FROM: 'changed_from', CHANGED_TO: 'changed_to', CONTAINS: 'contains', GREATER_THAN: 'greater_than', IS: 'is', IS_NOT: 'is_not', LESS_THAN: 'less_than', NOT_CONTAINS: 'not_contains' },

  HelpRuleEvent: { ASSIGNED: 'assigned', CREATED: 'created', REPLIED: 'replied', RESPONDED: 'responded', SLA_BREACHED: 'sla_breached', STATUS_CHANGED: 'status_changed', UPDATED: 'updated' },

  HelpSortOrder: { ASC: 'asc', DESC: 'desc' },

  HelpStatus: { CLOSED: 'closed', IN_PROGRESS: 'in_progress', ON_HOLD: 'on_hold', OPEN: 'open', RESOLVED: 'resolved' },

  HelpWebhookDeliveryState: { FAILED: 'failed', PENDING: 'pending', SENDING: 'sending', SENT: 'sent' },

  HelpWeekday: { FRIDAY: 'friday', MONDAY: 'monday', SATURDAY: 'saturday', SUNDAY: 'sunday', THURSDAY: 'thursday', TUESDAY: 'tuesday', WEDNESDAY: 'wednesday' },

  RiskLevel: { HIGH: 'High', LOW: 'Low', MEDIUM: 'Medium' },

  Role: { ADMIN: 'admin', USER: 'user' },

  Theme: { DARK: 'Dark', LIGHT: 'Light' },

} as const;
