import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100_identity } from './Migration20261122000100_identity.js';
import { Migration20261122000200_workspace_platform } from './Migration20261122000200_workspace_platform.js';
import { Migration20261122000300_risk_quota } from './Migration20261122000300_risk_quota.js';
import { Migration20261122000400_helpdesk } from './Migration20261122000400_helpdesk.js';
import { Migration20261123000100_tokens_revoked_at } from './Migration20261123000100_tokens_revoked_at.js';
import { Migration20261123000200_helpdesk_counts } from './Migration20261123000200_helpdesk_counts.js';
import { Migration20261123000300_account_changed } from './Migration20261123000300_account_changed.js';
import { Migration20261123000400_api_key_permissions } from './Migration20261123000400_api_key_permissions.js';
import { Migration20261123000500_username_skeletons } from './Migration20261123000500_username_skeletons.js';
import { Migration20261124000100_user_attributes } from './Migration20261124000100_user_attributes.js';
import { Migration20261124000200_images_view_permission } from './Migration20261124000200_images_view_permission.js';
import { Migration20261124000300_help_request_keyset_indexes } from './Migration20261124000300_help_request_keyset_indexes.js';
import { Migration20261124000500_help_request_zip } from './Migration20261124000500_help_request_zip.js';
import { Migration20261125000100_sessions } from './Migration20261125000100_sessions.js';
import { Migration20261125001000_audit_events } from './Migration20261125001000_audit_events.js';
import { Migration20261125002000_help_service_levels } from './Migration20261125002000_help_service_levels.js';
import { Migration20261128000200_help_attachments } from './Migration20261128000200_help_attachments.js';

/** Applied in this order at start-up. A new migration is added here as well as in its own file. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000100_identity', class: Migration20261122000100_identity },
  { name: 'Migration20261122000200_workspace_platform', class: Migration20261122000200_workspace_platform },
  { name: 'Migration20261122000300_risk_quota', class: Migration20261122000300_risk_quota },
  { name: 'Migration20261122000400_helpdesk', class: Migration20261122000400_helpdesk },
  { name: 'Migration20261123000100_tokens_revoked_at', class: Migration20261123000100_tokens_revoked_at },
  { name: 'Migration20261123000200_helpdesk_counts', class: Migration20261123000200_helpdesk_counts },
  { name: 'Migration20261123000300_account_changed', class: Migration20261123000300_account_changed },
  { name: 'Migration20261123000400_api_key_permissions', class: Migration20261123000400_api_key_permissions },
  { name: 'Migration20261123000500_username_skeletons', class: Migration20261123000500_username_skeletons },
  { name: 'Migration20261124000100_user_attributes', class: Migration20261124000100_user_attributes },
  { name: 'Migration20261124000200_images_view_permission', class: Migration20261124000200_images_view_permission },
  { name: 'Migration20261124000300_help_request_keyset_indexes', class: Migration20261124000300_help_request_keyset_indexes },
  { name: 'Migration20261124000500_help_request_zip', class: Migration20261124000500_help_request_zip },
  { name: 'Migration20261125000100_sessions', class: Migration20261125000100_sessions },
  { name: 'Migration20261125001000_audit_events', class: Migration20261125001000_audit_events },
  { name: 'Migration20261125002000_help_service_levels', class: Migration20261125002000_help_service_levels },
  { name: 'Migration20261128000200_help_attachments', class: Migration20261128000200_help_attachments },
];
