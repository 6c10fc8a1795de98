/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DataStatus } from '../../graphql/generated/enums.js';
import type { HelpCategory } from '../../graphql/generated/enums.js';
import type { HelpHistoryAction } from '../../graphql/generated/enums.js';
import type { HelpPriority } from '../../graphql/generated/enums.js';
import type { HelpRequestSortField } from '../../graphql/generated/enums.js';
import type { HelpSortOrder } from '../../graphql/generated/enums.js';
import type { HelpStatus } from '../../graphql/generated/enums.js';
import type { RiskLevel } from '../../graphql/generated/enums.js';
import type { Role } from '../../graphql/generated/enums.js';
import type { Theme } from '../../graphql/generated/enums.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A new FAQ entry. */
export type CreateFaqInput = {
  /** The answer. */
  answer: string;
  /** Defaults to GENERAL. */
  category?: HelpCategory | null | undefined;
  /** Where it stands among its category's entries, lowest first (default 0). */
  displayOrder?: number | null | undefined;
  /** Whether it is shown (default true). */
  isActive?: boolean | null | undefined;
  /** The question. */
  question: string;
  /** Words to find it by; trimmed, lower-cased, duplicates dropped. */
  tags?: Array<string> | null | undefined;
};

/** A new help request. */
export type CreateHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the new request. */
  attachmentTokens?: Array<string> | null | undefined;
  /** Defaults to GENERAL. */
  category?: HelpCategory | null | undefined;
  /** An address to answer at besides the requester's account. */
  contactEmail?: string | null | undefined;
  /** 1 to 10,000 characters. */
  description: string;
  /** Defaults to MEDIUM. */
  priority?: HelpPriority | null | undefined;
  /** 1 to 200 characters. */
  title: string;
  /** A five-digit US ZIP code, as the risk queries take it. */
  zip?: string | null | undefined;
};

/** A new user account. */
export type CreateUserInput = {
  /** Create the account disabled. */
  disabled?: boolean | null | undefined;
  /** The given name. */
  firstName?: string | null | undefined;
  /** The family name. */
  lastName?: string | null | undefined;
  /** Create the account locked. */
  locked?: boolean | null | undefined;
  /** The user's organisation. */
  organization?: string | null | undefined;
  /** Without one, the account gets a random password nobody knows (sign-in needs an administrator to set one). */
  password?: string | null | undefined;
  /** A phone number: digits separated by single hyphens. */
  phone?: string | null | undefined;
  /** Only an administrator user (not an API key) may create another administrator. */
  role?: Role | null | undefined;
  /** The login name, prepared per RFC 8265. */
  username: string;
};

export { DataStatus };

export { HelpCategory };

export { HelpHistoryAction };

export { HelpPriority };

export { HelpRequestSortField };

export { HelpSortOrder };

export { HelpStatus };

/** An administrator's answer to a help request. */
export type RespondToHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the response. */
  attachmentTokens?: Array<string> | null | undefined;
  /** Defaults to true; a private response is seen by administrators only. */
  isPublic?: boolean | null | undefined;
  /** The status to move the request to with the answer; none leaves it. */
  newStatus?: HelpStatus | null | undefined;
  /** The answer's text. */
  response: string;
};

export { RiskLevel };

export { Role };

export { Theme };

/** Changes to a FAQ entry; only the fields given change. */
export type UpdateFaqInput = {
  /** The answer. */
  answer?: string | null | undefined;
  /** What the question is about. */
  category?: HelpCategory | null | undefined;
  /** Where it stands among its category's entries. */
  displayOrder?: number | null | undefined;
  /** Whether it is shown. */
  isActive?: boolean | null | undefined;
  /** The question. */
  question?: string | null | undefined;
  /** Words to find it by; replaces the tags. */
  tags?: Array<string> | null | undefined;
};

/**
 * Only the fields given change. A requester may change title and description until the request is resolved
 * or closed; status, priority, assignedToId and adminNotes are for administrators. Null clears assignedToId, adminNotes or zip.
 */
export type UpdateHelpRequestInput = {
  /** Notes for administrators only (administrators). */
  adminNotes?: string | null | undefined;
  /** An administrator's user id. */
  assignedToId?: string | number | null | undefined;
  /** 1 to 10,000 characters. */
  description?: string | null | undefined;
  /** The new priority (administrators); the due times are recomputed. */
  priority?: HelpPriority | null | undefined;
  /** The new status (administrators). */
  status?: HelpStatus | null | undefined;
  /** Replaces the tags (administrators): trimmed, lower-cased, duplicates dropped; at most 10 of 30 characters each. */
  tags?: Array<string> | null | undefined;
  /** 1 to 200 characters. */
  title?: string | null | undefined;
  /** A five-digit US ZIP code, changed by the requester or an administrator. */
  zip?: string | null | undefined;
};

/** Only the fields sent change; null clears the optional text fields. */
export type UpdateUserInput = {
  /** Disabling takes effect at once: the user's tokens stop working. */
  disabled?: boolean | null | undefined;
  /** The given name. */
  firstName?: string | null | undefined;
  /** The family name. */
  lastName?: string | null | undefined;
  /** Locking takes effect at once: the user's tokens stop working. */
  locked?: boolean | null | undefined;
  /** The user's organisation. */
  organization?: string | null | undefined;
  /** A new password; the user's tokens stop working. */
  password?: string | null | undefined;
  /** A phone number: digits separated by single hyphens. */
  phone?: string | null | undefined;
  /** Only an administrator user may change a role, and never their own. */
  role?: Role | null | undefined;
  /** A new login name, prepared per RFC 8265. */
  username?: string | null | undefined;
};

/** Only the fields sent change; null clears sshPublicKey, preferredLanguage, preferredTimezone and defaultImageId. */
export type UserAttributesInput = {
  /** Whether the default workspace starts on sign-in. */
  autoLoginKasm?: boolean | null | undefined;
  /** The id of an installed workspace. */
  defaultImageId?: string | number | null | undefined;
  /** A BCP 47 language tag, such as en-US. */
  preferredLanguage?: string | null | undefined;
  /** An IANA time zone, such as Europe/Berlin. */
  preferredTimezone?: string | null | undefined;
  /** Whether the platform shows tips. */
  showTips?: boolean | null | undefined;
  /**
   * One OpenSSH public key line, "<type> <base64> [comment]", at most 16 KiB, of type ssh-ed25519, ssh-rsa,
   * ecdsa-sha2-nistp256/384/521, sk-ssh-ed25519@openssh.com or sk-ecdsa-sha2-nistp256@openssh.com.
   */
  sshPublicKey?: string | null | undefined;
  /** The colour scheme. */
  theme?: Theme | null | undefined;
  /** Whether the control panel toggle is shown. */
  toggleControlPanel?: boolean | null | undefined;
};

export type LegacyHelpRequestFragment = { id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string };

export type LegacyHelpResponseFragment = { id: number, response: string, request_id: number, new_status: HelpStatus | null, is_public: boolean, responder_id: string | null, created_date: string };

export type LegacyFaqFragment = { id: number, question: string, answer: string, category: HelpCategory, tags: Array<string>, display_order: number, is_active: boolean, created_date: string, updated_date: string };

export type LegacyHelpRequestsQueryVariables = Exact<{
  status?: HelpStatus | null | undefined;
  category?: HelpCategory | null | undefined;
  priority?: HelpPriority | null | undefined;
  page?: number | null | undefined;
  perPage?: number | null | undefined;
  sortBy?: HelpRequestSortField | null | undefined;
  sortOrder?: HelpSortOrder | null | undefined;
}>;


export type LegacyHelpRequestsQuery = { page: { requests: Array<{ id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string, requester: { username: string, firstName: string | null, lastName: string | null } | null }>, pagination: { page: number, pages: number, total: number, per_page: number, has_next: boolean, has_prev: boolean } } };

export type LegacyHelpRequestQueryVariables = Exact<{
  id: number;
}>;


export type LegacyHelpRequestQuery = { helpRequest: { id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string, history: Array<{ action: HelpHistoryAction, field: string | null, old_value: string | null, new_value: string | null, actor_id: string | null, created_date: string }>, responses: Array<{ id: number, response: string, request_id: number, new_status: HelpStatus | null, is_public: boolean, responder_id: string | null, created_date: string }> } };

export type LegacyCreateHelpRequestMutationVariables = Exact<{
  input: CreateHelpRequestInput;
}>;


export type LegacyCreateHelpRequestMutation = { request: { id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string } };

export type LegacyUpdateHelpRequestMutationVariables = Exact<{
  id: number;
  input: UpdateHelpRequestInput;
}>;


export type LegacyUpdateHelpRequestMutation = { request: { id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string } };

export type LegacyRespondToHelpRequestMutationVariables = Exact<{
  id: number;
  input: RespondToHelpRequestInput;
}>;


export type LegacyRespondToHelpRequestMutation = { response: { id: number, response: string, request_id: number, new_status: HelpStatus | null, is_public: boolean, responder_id: string | null, created_date: string } };

export type LegacyFaqsQueryVariables = Exact<{
  category?: HelpCategory | null | undefined;
  search?: string | null | undefined;
}>;


export type LegacyFaqsQuery = { faqs: { total_count: number, groups: Array<{ category: HelpCategory, entries: Array<{ id: number, question: string, answer: string, category: HelpCategory, tags: Array<string>, display_order: number, is_active: boolean, created_date: string, updated_date: string }> }> } };

export type LegacyCreateFaqMutationVariables = Exact<{
  input: CreateFaqInput;
}>;


export type LegacyCreateFaqMutation = { faq: { id: number, question: string, answer: string, category: HelpCategory, tags: Array<string>, display_order: number, is_active: boolean, created_date: string, updated_date: string } };

export type LegacyUpdateFaqMutationVariables = Exact<{
  id: number;
  input: UpdateFaqInput;
}>;


export type LegacyUpdateFaqMutation = { faq: { id: number, question: string, answer: string, category: HelpCategory, tags: Array<string>, display_order: number, is_active: boolean, created_date: string, updated_date: string } };

export type LegacyDeleteFaqMutationVariables = Exact<{
  id: number;
}>;


export type LegacyDeleteFaqMutation = { deleted: boolean };

export type LegacyHelpSearchQueryVariables = Exact<{
  q: string;
}>;


export type LegacyHelpSearchQuery = { result: { faqs: Array<{ id: number, question: string, answer: string, category: HelpCategory, tags: Array<string>, display_order: number, is_active: boolean, created_date: string, updated_date: string }>, help_requests: Array<{ id: number, title: string, description: string, category: HelpCategory, priority: HelpPriority, zip: string | null, status: HelpStatus, contact_email: string | null, requester_id: string | null, assigned_to_id: string | null, admin_notes: string | null, created_date: string, updated_date: string }> } };

export type LegacyHelpStatisticsQueryVariables = Exact<{ [key: string]: never; }>;


export type LegacyHelpStatisticsQuery = { statistics: { requests: { total: number, open: number, by_category: Array<{ count: number, key: HelpCategory }>, by_status: Array<{ count: number, key: HelpStatus }>, by_priority: Array<{ count: number, key: HelpPriority }> }, responses: { total: number, avg_response_time_days: number } } };

export type LoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type LoginMutation = { login: { access_token: string, token_type: string, expires_in: number } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type SessionUserQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionUserQuery = { me: { id: string, username: string, firstName: string | null, lastName: string | null, role: Role } };

export type ConfirmHelpAgentAddressMutationVariables = Exact<{
  token: string;
}>;


export type ConfirmHelpAgentAddressMutation = { confirmed: boolean };

export type WildfireRiskQueryVariables = Exact<{
  zip: string;
}>;


export type WildfireRiskQuery = { risk: { zip_code: string, risk_level: RiskLevel, risk_score: number, recent_fires: number | null, vegetation_risk: RiskLevel, weather_risk: RiskLevel, last_updated: string, coordinates: { latitude: number, longitude: number }, components: { vegetation: number, weather: number, fire_activity: number }, data_status: { fire: DataStatus } } };

export type EarthquakeRiskQueryVariables = Exact<{
  zip: string;
}>;


export type EarthquakeRiskQuery = { risk: { zip_code: string, risk_level: RiskLevel, risk_score: number, recent_earthquakes: number | null, max_magnitude: number | null, fault_distance: string, last_updated: string, coordinates: { latitude: number, longitude: number }, components: { magnitude: number, seismic_activity: number, fault_proximity: number }, data_status: { seismic: DataStatus } } };

export type HealthQueryVariables = Exact<{ [key: string]: never; }>;


export type HealthQuery = { health: { status: string, timestamp: string, version: string } };

export type PlatformUserFragment = { username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> };

export type PlatformGetUsersQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type PlatformGetUsersQuery = { users: { total: number, endCursor: string | null, users: Array<{ username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> }> } };

export type PlatformGetUsersAfterQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PlatformGetUsersAfterQuery = { usersConnection: { edges: Array<{ node: { username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PlatformGetUserQueryVariables = Exact<{
  id?: string | number | null | undefined;
  username?: string | null | undefined;
}>;


export type PlatformGetUserQuery = { user: { username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> } | null };

export type PlatformCreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type PlatformCreateUserMutation = { user: { username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> } };

export type PlatformUpdateUserMutationVariables = Exact<{
  id: string | number;
  input: UpdateUserInput;
}>;


export type PlatformUpdateUserMutation = { user: { username: string, locked: boolean, disabled: boolean, organization: string | null, phone: string | null, user_id: string, first_name: string | null, last_name: string | null, last_session: string | null, created: string, groups: Array<{ name: string, group_id: string }> } };

export type PlatformDeleteUserMutationVariables = Exact<{
  id: string | number;
  force?: boolean | null | undefined;
}>;


export type PlatformDeleteUserMutation = { deleteUser: string };

export type PlatformLogoutUserMutationVariables = Exact<{
  id: string | number;
}>;


export type PlatformLogoutUserMutation = { logoutUser: { id: string } };

export type PlatformAddUserGroupMutationVariables = Exact<{
  userId: string | number;
  groupId: string | number;
}>;


export type PlatformAddUserGroupMutation = { addUserToGroup: { id: string } };

export type PlatformRemoveUserGroupMutationVariables = Exact<{
  userId: string | number;
  groupId: string | number;
}>;


export type PlatformRemoveUserGroupMutation = { removeUserFromGroup: { id: string } };

export type PlatformGetGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type PlatformGetGroupsQuery = { groups: Array<{ name: string, description: string | null, group_id: string }> };

export type PlatformValidateCredentialsQueryVariables = Exact<{ [key: string]: never; }>;


export type PlatformValidateCredentialsQuery = { validateCredentials: boolean };

export type PlatformUserAttributesFragment = { theme: Theme, user_id: string, ssh_public_key: string | null, show_tips: boolean, toggle_control_panel: boolean, preferred_language: string | null, preferred_timezone: string | null, auto_login_kasm: boolean, default_image: { id: string } | null };

export type PlatformGetAttributesQueryVariables = Exact<{
  id: string | number;
}>;


export type PlatformGetAttributesQuery = { user: { attributes: { theme: Theme, user_id: string, ssh_public_key: string | null, show_tips: boolean, toggle_control_panel: boolean, preferred_language: string | null, preferred_timezone: string | null, auto_login_kasm: boolean, default_image: { id: string } | null } } | null };

export type PlatformUpdateUserAttributesMutationVariables = Exact<{
  id: string | number;
  input: UserAttributesInput;
}>;


export type PlatformUpdateUserAttributesMutation = { updateUserAttributes: { userId: string } };

export type PlatformGetImagesQueryVariables = Exact<{ [key: string]: never; }>;


export type PlatformGetImagesQuery = { workspaces: Array<{ name: string, cores: number, memory: number | string, image_id: string, friendly_name: string, entry: { description: string, categories: Array<string>, image_src: string }, groups: Array<{ name: string, group_id: string }> }> };

export const LegacyHelpRequestFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyHelpRequestFragment, unknown>;
export const LegacyHelpResponseFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpResponse"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"request_id"},"name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"response"}},{"kind":"Field","alias":{"kind":"Name","value":"new_status"},"name":{"kind":"Name","value":"newStatus"}},{"kind":"Field","alias":{"kind":"Name","value":"is_public"},"name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","alias":{"kind":"Name","value":"responder_id"},"name":{"kind":"Name","value":"responderId"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<LegacyHelpResponseFragment, unknown>;
export const LegacyFaqFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyFaq"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Faq"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"question"}},{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","alias":{"kind":"Name","value":"display_order"},"name":{"kind":"Name","value":"displayOrder"}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyFaqFragment, unknown>;
export const PlatformUserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformUserFragment, unknown>;
export const PlatformUserAttributesFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUserAttributes"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserAttributes"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"userId"}},{"kind":"Field","alias":{"kind":"Name","value":"ssh_public_key"},"name":{"kind":"Name","value":"sshPublicKey"}},{"kind":"Field","alias":{"kind":"Name","value":"show_tips"},"name":{"kind":"Name","value":"showTips"}},{"kind":"Field","alias":{"kind":"Name","value":"toggle_control_panel"},"name":{"kind":"Name","value":"toggleControlPanel"}},{"kind":"Field","name":{"kind":"Name","value":"theme"}},{"kind":"Field","alias":{"kind":"Name","value":"preferred_language"},"name":{"kind":"Name","value":"preferredLanguage"}},{"kind":"Field","alias":{"kind":"Name","value":"preferred_timezone"},"name":{"kind":"Name","value":"preferredTimezone"}},{"kind":"Field","alias":{"kind":"Name","value":"default_image"},"name":{"kind":"Name","value":"defaultImage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"auto_login_kasm"},"name":{"kind":"Name","value":"autoLoginKasm"}}]}}]} as unknown as DocumentNode<PlatformUserAttributesFragment, unknown>;
export const LegacyHelpRequestsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LegacyHelpRequests"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"category"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpCategory"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"priority"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpPriority"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"perPage"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequestSortField"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpSortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"page"},"name":{"kind":"Name","value":"helpRequests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"category"},"value":{"kind":"Variable","name":{"kind":"Name","value":"category"}}},{"kind":"Argument","name":{"kind":"Name","value":"priority"},"value":{"kind":"Variable","name":{"kind":"Name","value":"priority"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"perPage"},"value":{"kind":"Variable","name":{"kind":"Name","value":"perPage"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortOrder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpRequest"}},{"kind":"Field","name":{"kind":"Name","value":"requester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pagination"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}},{"kind":"Field","alias":{"kind":"Name","value":"per_page"},"name":{"kind":"Name","value":"perPage"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"has_next"},"name":{"kind":"Name","value":"hasNext"}},{"kind":"Field","alias":{"kind":"Name","value":"has_prev"},"name":{"kind":"Name","value":"hasPrev"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyHelpRequestsQuery, LegacyHelpRequestsQueryVariables>;
export const LegacyHelpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LegacyHelpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"helpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpRequest"}},{"kind":"Field","name":{"kind":"Name","value":"history"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","alias":{"kind":"Name","value":"old_value"},"name":{"kind":"Name","value":"oldValue"}},{"kind":"Field","alias":{"kind":"Name","value":"new_value"},"name":{"kind":"Name","value":"newValue"}},{"kind":"Field","alias":{"kind":"Name","value":"actor_id"},"name":{"kind":"Name","value":"actorId"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"responses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpResponse"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpResponse"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"request_id"},"name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"response"}},{"kind":"Field","alias":{"kind":"Name","value":"new_status"},"name":{"kind":"Name","value":"newStatus"}},{"kind":"Field","alias":{"kind":"Name","value":"is_public"},"name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","alias":{"kind":"Name","value":"responder_id"},"name":{"kind":"Name","value":"responderId"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<LegacyHelpRequestQuery, LegacyHelpRequestQueryVariables>;
export const LegacyCreateHelpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyCreateHelpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateHelpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"request"},"name":{"kind":"Name","value":"createHelpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpRequest"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyCreateHelpRequestMutation, LegacyCreateHelpRequestMutationVariables>;
export const LegacyUpdateHelpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyUpdateHelpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateHelpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"request"},"name":{"kind":"Name","value":"updateHelpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpRequest"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyUpdateHelpRequestMutation, LegacyUpdateHelpRequestMutationVariables>;
export const LegacyRespondToHelpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyRespondToHelpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RespondToHelpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"response"},"name":{"kind":"Name","value":"respondToHelpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpResponse"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpResponse"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"request_id"},"name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"response"}},{"kind":"Field","alias":{"kind":"Name","value":"new_status"},"name":{"kind":"Name","value":"newStatus"}},{"kind":"Field","alias":{"kind":"Name","value":"is_public"},"name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","alias":{"kind":"Name","value":"responder_id"},"name":{"kind":"Name","value":"responderId"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<LegacyRespondToHelpRequestMutation, LegacyRespondToHelpRequestMutationVariables>;
export const LegacyFaqsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LegacyFaqs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"category"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"HelpCategory"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"faqs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"category"},"value":{"kind":"Variable","name":{"kind":"Name","value":"category"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyFaq"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"total_count"},"name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyFaq"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Faq"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"question"}},{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","alias":{"kind":"Name","value":"display_order"},"name":{"kind":"Name","value":"displayOrder"}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyFaqsQuery, LegacyFaqsQueryVariables>;
export const LegacyCreateFaqDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyCreateFaq"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateFaqInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"faq"},"name":{"kind":"Name","value":"createFaq"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyFaq"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyFaq"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Faq"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"question"}},{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","alias":{"kind":"Name","value":"display_order"},"name":{"kind":"Name","value":"displayOrder"}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyCreateFaqMutation, LegacyCreateFaqMutationVariables>;
export const LegacyUpdateFaqDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyUpdateFaq"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateFaqInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"faq"},"name":{"kind":"Name","value":"updateFaq"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyFaq"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyFaq"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Faq"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"question"}},{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","alias":{"kind":"Name","value":"display_order"},"name":{"kind":"Name","value":"displayOrder"}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyUpdateFaqMutation, LegacyUpdateFaqMutationVariables>;
export const LegacyDeleteFaqDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LegacyDeleteFaq"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"deleted"},"name":{"kind":"Name","value":"deleteFaq"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<LegacyDeleteFaqMutation, LegacyDeleteFaqMutationVariables>;
export const LegacyHelpSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LegacyHelpSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"q"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"helpSearch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"q"},"value":{"kind":"Variable","name":{"kind":"Name","value":"q"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"faqs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyFaq"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"help_requests"},"name":{"kind":"Name","value":"helpRequests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LegacyHelpRequest"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyFaq"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Faq"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"question"}},{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","alias":{"kind":"Name","value":"display_order"},"name":{"kind":"Name","value":"displayOrder"}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LegacyHelpRequest"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HelpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_email"},"name":{"kind":"Name","value":"contactEmail"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"requester_id"},"name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","alias":{"kind":"Name","value":"assigned_to_id"},"name":{"kind":"Name","value":"assignedToId"}},{"kind":"Field","alias":{"kind":"Name","value":"admin_notes"},"name":{"kind":"Name","value":"adminNotes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_date"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_date"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LegacyHelpSearchQuery, LegacyHelpSearchQueryVariables>;
export const LegacyHelpStatisticsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LegacyHelpStatistics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"statistics"},"name":{"kind":"Name","value":"helpStatistics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","alias":{"kind":"Name","value":"by_category"},"name":{"kind":"Name","value":"byCategory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"key"},"name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"by_status"},"name":{"kind":"Name","value":"byStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"key"},"name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"by_priority"},"name":{"kind":"Name","value":"byPriority"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"key"},"name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"responses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"avg_response_time_days"},"name":{"kind":"Name","value":"avgResponseTimeDays"}}]}}]}}]}}]} as unknown as DocumentNode<LegacyHelpStatisticsQuery, LegacyHelpStatisticsQueryVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"access_token"},"name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","alias":{"kind":"Name","value":"token_type"},"name":{"kind":"Name","value":"tokenType"}},{"kind":"Field","alias":{"kind":"Name","value":"expires_in"},"name":{"kind":"Name","value":"expiresIn"}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const SessionUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SessionUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<SessionUserQuery, SessionUserQueryVariables>;
export const ConfirmHelpAgentAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConfirmHelpAgentAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"confirmed"},"name":{"kind":"Name","value":"confirmHelpAgentAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}]}]}}]} as unknown as DocumentNode<ConfirmHelpAgentAddressMutation, ConfirmHelpAgentAddressMutationVariables>;
export const WildfireRiskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WildfireRisk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"zip"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"risk"},"name":{"kind":"Name","value":"wildfireRisk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"zip"},"value":{"kind":"Variable","name":{"kind":"Name","value":"zip"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"zip_code"},"name":{"kind":"Name","value":"zipCode"}},{"kind":"Field","name":{"kind":"Name","value":"coordinates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"risk_level"},"name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"risk_score"},"name":{"kind":"Name","value":"riskScore"}},{"kind":"Field","alias":{"kind":"Name","value":"recent_fires"},"name":{"kind":"Name","value":"recentFires"}},{"kind":"Field","alias":{"kind":"Name","value":"vegetation_risk"},"name":{"kind":"Name","value":"vegetationRisk"}},{"kind":"Field","alias":{"kind":"Name","value":"weather_risk"},"name":{"kind":"Name","value":"weatherRisk"}},{"kind":"Field","alias":{"kind":"Name","value":"last_updated"},"name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"components"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"fire_activity"},"name":{"kind":"Name","value":"fireActivity"}},{"kind":"Field","name":{"kind":"Name","value":"vegetation"}},{"kind":"Field","name":{"kind":"Name","value":"weather"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"data_status"},"name":{"kind":"Name","value":"dataStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fire"}}]}}]}}]}}]} as unknown as DocumentNode<WildfireRiskQuery, WildfireRiskQueryVariables>;
export const EarthquakeRiskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EarthquakeRisk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"zip"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"risk"},"name":{"kind":"Name","value":"earthquakeRisk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"zip"},"value":{"kind":"Variable","name":{"kind":"Name","value":"zip"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"zip_code"},"name":{"kind":"Name","value":"zipCode"}},{"kind":"Field","name":{"kind":"Name","value":"coordinates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"risk_level"},"name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","alias":{"kind":"Name","value":"risk_score"},"name":{"kind":"Name","value":"riskScore"}},{"kind":"Field","alias":{"kind":"Name","value":"recent_earthquakes"},"name":{"kind":"Name","value":"recentEarthquakes"}},{"kind":"Field","alias":{"kind":"Name","value":"max_magnitude"},"name":{"kind":"Name","value":"maxMagnitude"}},{"kind":"Field","alias":{"kind":"Name","value":"fault_distance"},"name":{"kind":"Name","value":"faultDistance"}},{"kind":"Field","alias":{"kind":"Name","value":"last_updated"},"name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"components"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"seismic_activity"},"name":{"kind":"Name","value":"seismicActivity"}},{"kind":"Field","name":{"kind":"Name","value":"magnitude"}},{"kind":"Field","alias":{"kind":"Name","value":"fault_proximity"},"name":{"kind":"Name","value":"faultProximity"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"data_status"},"name":{"kind":"Name","value":"dataStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seismic"}}]}}]}}]}}]} as unknown as DocumentNode<EarthquakeRiskQuery, EarthquakeRiskQueryVariables>;
export const HealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<HealthQuery, HealthQueryVariables>;
export const PlatformGetUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUser"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformGetUsersQuery, PlatformGetUsersQueryVariables>;
export const PlatformGetUsersAfterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetUsersAfter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"usersConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUser"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformGetUsersAfterQuery, PlatformGetUsersAfterQueryVariables>;
export const PlatformGetUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUser"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformGetUserQuery, PlatformGetUserQueryVariables>;
export const PlatformCreateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformCreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user"},"name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUser"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformCreateUserMutation, PlatformCreateUserMutationVariables>;
export const PlatformUpdateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformUpdateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user"},"name":{"kind":"Name","value":"updateUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUser"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"last_session"},"name":{"kind":"Name","value":"lastSession"}},{"kind":"Field","alias":{"kind":"Name","value":"created"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformUpdateUserMutation, PlatformUpdateUserMutationVariables>;
export const PlatformDeleteUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformDeleteUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"force"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"force"},"value":{"kind":"Variable","name":{"kind":"Name","value":"force"}}}]}]}}]} as unknown as DocumentNode<PlatformDeleteUserMutation, PlatformDeleteUserMutationVariables>;
export const PlatformLogoutUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformLogoutUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logoutUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformLogoutUserMutation, PlatformLogoutUserMutationVariables>;
export const PlatformAddUserGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformAddUserGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addUserToGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformAddUserGroupMutation, PlatformAddUserGroupMutationVariables>;
export const PlatformRemoveUserGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformRemoveUserGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeUserFromGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PlatformRemoveUserGroupMutation, PlatformRemoveUserGroupMutationVariables>;
export const PlatformGetGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<PlatformGetGroupsQuery, PlatformGetGroupsQueryVariables>;
export const PlatformValidateCredentialsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformValidateCredentials"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validateCredentials"}}]}}]} as unknown as DocumentNode<PlatformValidateCredentialsQuery, PlatformValidateCredentialsQueryVariables>;
export const PlatformGetAttributesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetAttributes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlatformUserAttributes"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlatformUserAttributes"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserAttributes"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"user_id"},"name":{"kind":"Name","value":"userId"}},{"kind":"Field","alias":{"kind":"Name","value":"ssh_public_key"},"name":{"kind":"Name","value":"sshPublicKey"}},{"kind":"Field","alias":{"kind":"Name","value":"show_tips"},"name":{"kind":"Name","value":"showTips"}},{"kind":"Field","alias":{"kind":"Name","value":"toggle_control_panel"},"name":{"kind":"Name","value":"toggleControlPanel"}},{"kind":"Field","name":{"kind":"Name","value":"theme"}},{"kind":"Field","alias":{"kind":"Name","value":"preferred_language"},"name":{"kind":"Name","value":"preferredLanguage"}},{"kind":"Field","alias":{"kind":"Name","value":"preferred_timezone"},"name":{"kind":"Name","value":"preferredTimezone"}},{"kind":"Field","alias":{"kind":"Name","value":"default_image"},"name":{"kind":"Name","value":"defaultImage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"auto_login_kasm"},"name":{"kind":"Name","value":"autoLoginKasm"}}]}}]} as unknown as DocumentNode<PlatformGetAttributesQuery, PlatformGetAttributesQueryVariables>;
export const PlatformUpdateUserAttributesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlatformUpdateUserAttributes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UserAttributesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateUserAttributes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}}]}}]}}]} as unknown as DocumentNode<PlatformUpdateUserAttributesMutation, PlatformUpdateUserAttributesMutationVariables>;
export const PlatformGetImagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlatformGetImages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workspaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"image_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"friendly_name"},"name":{"kind":"Name","value":"friendlyName"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entry"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"image_src"},"name":{"kind":"Name","value":"imageSrc"}},{"kind":"Field","name":{"kind":"Name","value":"categories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cores"}},{"kind":"Field","name":{"kind":"Name","value":"memory"}},{"kind":"Field","alias":{"kind":"Name","value":"groups"},"name":{"kind":"Name","value":"allowedGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"group_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<PlatformGetImagesQuery, PlatformGetImagesQueryVariables>;
