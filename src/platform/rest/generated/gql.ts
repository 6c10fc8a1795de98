/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment LegacyHelpRequest on HelpRequest {\n    id title description category priority contact_email: contactEmail zip status\n    requester_id: requesterId assigned_to_id: assignedToId admin_notes: adminNotes\n    created_date: createdAt updated_date: updatedAt\n  }\n": typeof types.LegacyHelpRequestFragmentDoc,
    "\n  fragment LegacyHelpResponse on HelpResponse {\n    id request_id: requestId response new_status: newStatus is_public: isPublic responder_id: responderId created_date: createdAt\n  }\n": typeof types.LegacyHelpResponseFragmentDoc,
    "\n  fragment LegacyFaq on Faq {\n    id question answer category tags display_order: displayOrder is_active: isActive created_date: createdAt updated_date: updatedAt\n  }\n": typeof types.LegacyFaqFragmentDoc,
    "\n  query LegacyHelpRequests($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $page: Int, $perPage: Int,\n      $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {\n    page: helpRequests(status: $status, category: $category, priority: $priority, page: $page, perPage: $perPage, sortBy: $sortBy, sortOrder: $sortOrder) {\n      requests { ...LegacyHelpRequest requester { username firstName lastName } }\n      pagination { page pages per_page: perPage total has_next: hasNext has_prev: hasPrev }\n    }\n  }\n": typeof types.LegacyHelpRequestsDocument,
    "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history { action field old_value: oldValue new_value: newValue actor_id: actorId created_date: createdAt }\n      responses { ...LegacyHelpResponse }\n    }\n  }\n": typeof types.LegacyHelpRequestDocument,
    "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) { ...LegacyHelpRequest }\n  }\n": typeof types.LegacyCreateHelpRequestDocument,
    "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) { ...LegacyHelpRequest }\n  }\n": typeof types.LegacyUpdateHelpRequestDocument,
    "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) { ...LegacyHelpResponse }\n  }\n": typeof types.LegacyRespondToHelpRequestDocument,
    "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups { category entries { ...LegacyFaq } }\n      total_count: totalCount\n    }\n  }\n": typeof types.LegacyFaqsDocument,
    "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) { faq: createFaq(input: $input) { ...LegacyFaq } }\n": typeof types.LegacyCreateFaqDocument,
    "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) { faq: updateFaq(id: $id, input: $input) { ...LegacyFaq } }\n": typeof types.LegacyUpdateFaqDocument,
    "\n  mutation LegacyDeleteFaq($id: Int!) { deleted: deleteFaq(id: $id) }\n": typeof types.LegacyDeleteFaqDocument,
    "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs { ...LegacyFaq }\n      help_requests: helpRequests { ...LegacyHelpRequest }\n    }\n  }\n": typeof types.LegacyHelpSearchDocument,
    "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total open\n        by_category: byCategory { key: category count }\n        by_status: byStatus { key: status count }\n        by_priority: byPriority { key: priority count }\n      }\n      responses { total avg_response_time_days: avgResponseTimeDays }\n    }\n  }\n": typeof types.LegacyHelpStatisticsDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) { access_token: accessToken token_type: tokenType expires_in: expiresIn }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query SessionUser {\n    me { id username firstName lastName role }\n  }\n": typeof types.SessionUserDocument,
    "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components { fire_activity: fireActivity vegetation weather }\n      data_status: dataStatus { fire }\n    }\n  }\n": typeof types.WildfireRiskDocument,
    "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components { seismic_activity: seismicActivity magnitude fault_proximity: faultProximity }\n      data_status: dataStatus { seismic }\n    }\n  }\n": typeof types.EarthquakeRiskDocument,
    "\n  query Health {\n    health { status timestamp version }\n  }\n": typeof types.HealthDocument,
    "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups { name group_id: id }\n  }\n": typeof types.PlatformUserFragmentDoc,
    "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) { users { ...PlatformUser } total endCursor }\n  }\n": typeof types.PlatformGetUsersDocument,
    "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) { edges { node { ...PlatformUser } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.PlatformGetUsersAfterDocument,
    "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) { ...PlatformUser }\n  }\n": typeof types.PlatformGetUserDocument,
    "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) { ...PlatformUser }\n  }\n": typeof types.PlatformCreateUserDocument,
    "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) { ...PlatformUser }\n  }\n": typeof types.PlatformUpdateUserDocument,
    "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n": typeof types.PlatformDeleteUserDocument,
    "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) { id }\n  }\n": typeof types.PlatformLogoutUserDocument,
    "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) { id }\n  }\n": typeof types.PlatformAddUserGroupDocument,
    "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) { id }\n  }\n": typeof types.PlatformRemoveUserGroupDocument,
    "\n  query PlatformGetGroups {\n    groups { group_id: id name description }\n  }\n": typeof types.PlatformGetGroupsDocument,
    "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n": typeof types.PlatformValidateCredentialsDocument,
    "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage { id }\n    auto_login_kasm: autoLoginKasm\n  }\n": typeof types.PlatformUserAttributesFragmentDoc,
    "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) { attributes { ...PlatformUserAttributes } }\n  }\n": typeof types.PlatformGetAttributesDocument,
    "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) { userId }\n  }\n": typeof types.PlatformUpdateUserAttributesDocument,
    "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry { description image_src: imageSrc categories }\n      cores\n      memory\n      groups: allowedGroups { group_id: id name }\n    }\n  }\n": typeof types.PlatformGetImagesDocument,
};
const documents: Documents = {
    "\n  fragment LegacyHelpRequest on HelpRequest {\n    id title description category priority contact_email: contactEmail zip status\n    requester_id: requesterId assigned_to_id: assignedToId admin_notes: adminNotes\n    created_date: createdAt updated_date: updatedAt\n  }\n": types.LegacyHelpRequestFragmentDoc,
    "\n  fragment LegacyHelpResponse on HelpResponse {\n    id request_id: requestId response new_status: newStatus is_public: isPublic responder_id: responderId created_date: createdAt\n  }\n": types.LegacyHelpResponseFragmentDoc,
    "\n  fragment LegacyFaq on Faq {\n    id question answer category tags display_order: displayOrder is_active: isActive created_date: createdAt updated_date: updatedAt\n  }\n": types.LegacyFaqFragmentDoc,
    "\n  query LegacyHelpRequests($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $page: Int, $perPage: Int,\n      $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {\n    page: helpRequests(status: $status, category: $category, priority: $priority, page: $page, perPage: $perPage, sortBy: $sortBy, sortOrder: $sortOrder) {\n      requests { ...LegacyHelpRequest requester { username firstName lastName } }\n      pagination { page pages per_page: perPage total has_next: hasNext has_prev: hasPrev }\n    }\n  }\n": types.LegacyHelpRequestsDocument,
    "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history { action field old_value: oldValue new_value: newValue actor_id: actorId created_date: createdAt }\n      responses { ...LegacyHelpResponse }\n    }\n  }\n": types.LegacyHelpRequestDocument,
    "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) { ...LegacyHelpRequest }\n  }\n": types.LegacyCreateHelpRequestDocument,
    "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) { ...LegacyHelpRequest }\n  }\n": types.LegacyUpdateHelpRequestDocument,
    "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) { ...LegacyHelpResponse }\n  }\n": types.LegacyRespondToHelpRequestDocument,
    "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups { category entries { ...LegacyFaq } }\n      total_count: totalCount\n    }\n  }\n": types.LegacyFaqsDocument,
    "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) { faq: createFaq(input: $input) { ...LegacyFaq } }\n": types.LegacyCreateFaqDocument,
    "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) { faq: updateFaq(id: $id, input: $input) { ...LegacyFaq } }\n": types.LegacyUpdateFaqDocument,
    "\n  mutation LegacyDeleteFaq($id: Int!) { deleted: deleteFaq(id: $id) }\n": types.LegacyDeleteFaqDocument,
    "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs { ...LegacyFaq }\n      help_requests: helpRequests { ...LegacyHelpRequest }\n    }\n  }\n": types.LegacyHelpSearchDocument,
    "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total open\n        by_category: byCategory { key: category count }\n        by_status: byStatus { key: status count }\n        by_priority: byPriority { key: priority count }\n      }\n      responses { total avg_response_time_days: avgResponseTimeDays }\n    }\n  }\n": types.LegacyHelpStatisticsDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) { access_token: accessToken token_type: tokenType expires_in: expiresIn }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query SessionUser {\n    me { id username firstName lastName role }\n  }\n": types.SessionUserDocument,
    "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components { fire_activity: fireActivity vegetation weather }\n      data_status: dataStatus { fire }\n    }\n  }\n": types.WildfireRiskDocument,
    "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components { seismic_activity: seismicActivity magnitude fault_proximity: faultProximity }\n      data_status: dataStatus { seismic }\n    }\n  }\n": types.EarthquakeRiskDocument,
    "\n  query Health {\n    health { status timestamp version }\n  }\n": types.HealthDocument,
    "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups { name group_id: id }\n  }\n": types.PlatformUserFragmentDoc,
    "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) { users { ...PlatformUser } total endCursor }\n  }\n": types.PlatformGetUsersDocument,
    "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) { edges { node { ...PlatformUser } } pageInfo { hasNextPage endCursor } }\n  }\n": types.PlatformGetUsersAfterDocument,
    "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) { ...PlatformUser }\n  }\n": types.PlatformGetUserDocument,
    "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) { ...PlatformUser }\n  }\n": types.PlatformCreateUserDocument,
    "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) { ...PlatformUser }\n  }\n": types.PlatformUpdateUserDocument,
    "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n": types.PlatformDeleteUserDocument,
    "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) { id }\n  }\n": types.PlatformLogoutUserDocument,
    "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) { id }\n  }\n": types.PlatformAddUserGroupDocument,
    "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) { id }\n  }\n": types.PlatformRemoveUserGroupDocument,
    "\n  query PlatformGetGroups {\n    groups { group_id: id name description }\n  }\n": types.PlatformGetGroupsDocument,
    "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n": types.PlatformValidateCredentialsDocument,
    "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage { id }\n    auto_login_kasm: autoLoginKasm\n  }\n": types.PlatformUserAttributesFragmentDoc,
    "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) { attributes { ...PlatformUserAttributes } }\n  }\n": types.PlatformGetAttributesDocument,
    "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) { userId }\n  }\n": types.PlatformUpdateUserAttributesDocument,
    "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry { description image_src: imageSrc categories }\n      cores\n      memory\n      groups: allowedGroups { group_id: id name }\n    }\n  }\n": types.PlatformGetImagesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LegacyHelpRequest on HelpRequest {\n    id title description category priority contact_email: contactEmail zip status\n    requester_id: requesterId assigned_to_id: assignedToId admin_notes: adminNotes\n    created_date: createdAt updated_date: updatedAt\n  }\n"): (typeof documents)["\n  fragment LegacyHelpRequest on HelpRequest {\n    id title description category priority contact_email: contactEmail zip status\n    requester_id: requesterId assigned_to_id: assignedToId admin_notes: adminNotes\n    created_date: createdAt updated_date: updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LegacyHelpResponse on HelpResponse {\n    id request_id: requestId response new_status: newStatus is_public: isPublic responder_id: responderId created_date: createdAt\n  }\n"): (typeof documents)["\n  fragment LegacyHelpResponse on HelpResponse {\n    id request_id: requestId response new_status: newStatus is_public: isPublic responder_id: responderId created_date: createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LegacyFaq on Faq {\n    id question answer category tags display_order: displayOrder is_active: isActive created_date: createdAt updated_date: updatedAt\n  }\n"): (typeof documents)["\n  fragment LegacyFaq on Faq {\n    id question answer category tags display_order: displayOrder is_active: isActive created_date: createdAt updated_date: updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpRequests($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $page: Int, $perPage: Int,\n      $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {\n    page: helpRequests(status: $status, category: $category, priority: $priority, page: $page, perPage: $perPage, sortBy: $sortBy, sortOrder: $sortOrder) {\n      requests { ...LegacyHelpRequest requester { username firstName lastName } }\n      pagination { page pages per_page: perPage total has_next: hasNext has_prev: hasPrev }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpRequests($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $page: Int, $perPage: Int,\n      $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {\n    page: helpRequests(status: $status, category: $category, priority: $priority, page: $page, perPage: $perPage, sortBy: $sortBy, sortOrder: $sortOrder) {\n      requests { ...LegacyHelpRequest requester { username firstName lastName } }\n      pagination { page pages per_page: perPage total has_next: hasNext has_prev: hasPrev }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history { action field old_value: oldValue new_value: newValue actor_id: actorId created_date: createdAt }\n      responses { ...LegacyHelpResponse }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history { action field old_value: oldValue new_value: newValue actor_id: actorId created_date: createdAt }\n      responses { ...LegacyHelpResponse }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) { ...LegacyHelpRequest }\n  }\n"): (typeof documents)["\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) { ...LegacyHelpRequest }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) { ...LegacyHelpRequest }\n  }\n"): (typeof documents)["\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) { ...LegacyHelpRequest }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) { ...LegacyHelpResponse }\n  }\n"): (typeof documents)["\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) { ...LegacyHelpResponse }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups { category entries { ...LegacyFaq } }\n      total_count: totalCount\n    }\n  }\n"): (typeof documents)["\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups { category entries { ...LegacyFaq } }\n      total_count: totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) { faq: createFaq(input: $input) { ...LegacyFaq } }\n"): (typeof documents)["\n  mutation LegacyCreateFaq($input: CreateFaqInput!) { faq: createFaq(input: $input) { ...LegacyFaq } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) { faq: updateFaq(id: $id, input: $input) { ...LegacyFaq } }\n"): (typeof documents)["\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) { faq: updateFaq(id: $id, input: $input) { ...LegacyFaq } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyDeleteFaq($id: Int!) { deleted: deleteFaq(id: $id) }\n"): (typeof documents)["\n  mutation LegacyDeleteFaq($id: Int!) { deleted: deleteFaq(id: $id) }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs { ...LegacyFaq }\n      help_requests: helpRequests { ...LegacyHelpRequest }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs { ...LegacyFaq }\n      help_requests: helpRequests { ...LegacyHelpRequest }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total open\n        by_category: byCategory { key: category count }\n        by_status: byStatus { key: status count }\n        by_priority: byPriority { key: priority count }\n      }\n      responses { total avg_response_time_days: avgResponseTimeDays }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total open\n        by_category: byCategory { key: category count }\n        by_status: byStatus { key: status count }\n        by_priority: byPriority { key: priority count }\n      }\n      responses { total avg_response_time_days: avgResponseTimeDays }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) { access_token: accessToken token_type: tokenType expires_in: expiresIn }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) { access_token: accessToken token_type: tokenType expires_in: expiresIn }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionUser {\n    me { id username firstName lastName role }\n  }\n"): (typeof documents)["\n  query SessionUser {\n    me { id username firstName lastName role }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components { fire_activity: fireActivity vegetation weather }\n      data_status: dataStatus { fire }\n    }\n  }\n"): (typeof documents)["\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components { fire_activity: fireActivity vegetation weather }\n      data_status: dataStatus { fire }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components { seismic_activity: seismicActivity magnitude fault_proximity: faultProximity }\n      data_status: dataStatus { seismic }\n    }\n  }\n"): (typeof documents)["\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates { latitude longitude }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components { seismic_activity: seismicActivity magnitude fault_proximity: faultProximity }\n      data_status: dataStatus { seismic }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Health {\n    health { status timestamp version }\n  }\n"): (typeof documents)["\n  query Health {\n    health { status timestamp version }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups { name group_id: id }\n  }\n"): (typeof documents)["\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups { name group_id: id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) { users { ...PlatformUser } total endCursor }\n  }\n"): (typeof documents)["\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) { users { ...PlatformUser } total endCursor }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) { edges { node { ...PlatformUser } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) { edges { node { ...PlatformUser } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) { ...PlatformUser }\n  }\n"): (typeof documents)["\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) { ...PlatformUser }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) { ...PlatformUser }\n  }\n"): (typeof documents)["\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) { ...PlatformUser }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) { ...PlatformUser }\n  }\n"): (typeof documents)["\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) { ...PlatformUser }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n"): (typeof documents)["\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) { id }\n  }\n"): (typeof documents)["\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) { id }\n  }\n"): (typeof documents)["\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) { id }\n  }\n"): (typeof documents)["\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetGroups {\n    groups { group_id: id name description }\n  }\n"): (typeof documents)["\n  query PlatformGetGroups {\n    groups { group_id: id name description }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n"): (typeof documents)["\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage { id }\n    auto_login_kasm: autoLoginKasm\n  }\n"): (typeof documents)["\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage { id }\n    auto_login_kasm: autoLoginKasm\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) { attributes { ...PlatformUserAttributes } }\n  }\n"): (typeof documents)["\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) { attributes { ...PlatformUserAttributes } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) { userId }\n  }\n"): (typeof documents)["\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) { userId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry { description image_src: imageSrc categories }\n      cores\n      memory\n      groups: allowedGroups { group_id: id name }\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry { description image_src: imageSrc categories }\n      cores\n      memory\n      groups: allowedGroups { group_id: id name }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
