import { ApiKey } from '../../identity/api-key.entity.js';
import { Faq } from '../../helpdesk/faq.entity.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from '../../helpdesk/help-request.entity.js';
import { QuotaUsage } from '../../risk/quota-usage.entity.js';
import { User } from '../../users/user.entity.js';
import { Group, GroupMembership } from '../../users/group.entity.js';
import { AllowedWorkspace, FileMapping, RegistryEntry, Workspace, WorkspaceSettings } from '../../users/workspace.entity.js';

/** Every entity of every domain; the ORM discovers nothing by itself. */
export const entities = [User, ApiKey, HelpRequest, HelpRequestHistory, HelpResponse, Faq, Group, GroupMembership, RegistryEntry, Workspace, AllowedWorkspace, WorkspaceSettings, FileMapping, QuotaUsage];
