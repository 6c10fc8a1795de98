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
    "\n  fragment LegacyHelpRequest on HelpRequest {\n    id\n    title\n    description\n    category\n    priority\n    contact_email: contactEmail\n    zip\n    status\n    requester_id: requesterId\n    assigned_to_id: assignedToId\n    admin_notes: adminNotes\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n": typeof types.LegacyHelpRequestFragmentDoc,
    "\n  fragment LegacyHelpResponse on HelpResponse {\n    id\n    request_id: requestId\n    response\n    new_status: newStatus\n    is_public: isPublic\n    responder_id: responderId\n    created_date: createdAt\n  }\n": typeof types.LegacyHelpResponseFragmentDoc,
    "\n  fragment LegacyFaq on Faq {\n    id\n    question\n    answer\n    category\n    tags\n    display_order: displayOrder\n    is_active: isActive\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n": typeof types.LegacyFaqFragmentDoc,
    "\n  query LegacyHelpRequests(\n    $status: HelpStatus\n    $category: HelpCategory\n    $priority: HelpPriority\n    $page: Int\n    $perPage: Int\n    $sortBy: HelpRequestSortField\n    $sortOrder: HelpSortOrder\n  ) {\n    page: helpRequests(\n      status: $status\n      category: $category\n      priority: $priority\n      page: $page\n      perPage: $perPage\n      sortBy: $sortBy\n      sortOrder: $sortOrder\n    ) {\n      requests {\n        ...LegacyHelpRequest\n        requester {\n          username\n          firstName\n          lastName\n        }\n      }\n      pagination {\n        page\n        pages\n        per_page: perPage\n        total\n        has_next: hasNext\n        has_prev: hasPrev\n      }\n    }\n  }\n": typeof types.LegacyHelpRequestsDocument,
    "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history {\n        action\n        field\n        old_value: oldValue\n        new_value: newValue\n        actor_id: actorId\n        created_date: createdAt\n      }\n      responses {\n        ...LegacyHelpResponse\n      }\n    }\n  }\n": typeof types.LegacyHelpRequestDocument,
    "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n": typeof types.LegacyCreateHelpRequestDocument,
    "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n": typeof types.LegacyUpdateHelpRequestDocument,
    "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpResponse\n    }\n  }\n": typeof types.LegacyRespondToHelpRequestDocument,
    "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups {\n        category\n        entries {\n          ...LegacyFaq\n        }\n      }\n      total_count: totalCount\n    }\n  }\n": typeof types.LegacyFaqsDocument,
    "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) {\n    faq: createFaq(input: $input) {\n      ...LegacyFaq\n    }\n  }\n": typeof types.LegacyCreateFaqDocument,
    "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) {\n    faq: updateFaq(id: $id, input: $input) {\n      ...LegacyFaq\n    }\n  }\n": typeof types.LegacyUpdateFaqDocument,
    "\n  mutation LegacyDeleteFaq($id: Int!) {\n    deleted: deleteFaq(id: $id)\n  }\n": typeof types.LegacyDeleteFaqDocument,
    "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs {\n        ...LegacyFaq\n      }\n      help_requests: helpRequests {\n        ...LegacyHelpRequest\n      }\n    }\n  }\n": typeof types.LegacyHelpSearchDocument,
    "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total\n        open\n        by_category: byCategory {\n          key: category\n          count\n        }\n        by_status: byStatus {\n          key: status\n          count\n        }\n        by_priority: byPriority {\n          key: priority\n          count\n        }\n      }\n      responses {\n        total\n        avg_response_time_days: avgResponseTimeDays\n      }\n    }\n  }\n": typeof types.LegacyHelpStatisticsDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      access_token: accessToken\n      token_type: tokenType\n      expires_in: expiresIn\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query SessionUser {\n    me {\n      id\n      username\n      firstName\n      lastName\n      role\n    }\n  }\n": typeof types.SessionUserDocument,
    "\n  mutation ConfirmHelpAgentAddress($token: String!) {\n    confirmed: confirmHelpAgentAddress(token: $token)\n  }\n": typeof types.ConfirmHelpAgentAddressDocument,
    "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components {\n        fire_activity: fireActivity\n        vegetation\n        weather\n      }\n      data_status: dataStatus {\n        fire\n      }\n    }\n  }\n": typeof types.WildfireRiskDocument,
    "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components {\n        seismic_activity: seismicActivity\n        magnitude\n        fault_proximity: faultProximity\n      }\n      data_status: dataStatus {\n        seismic\n      }\n    }\n  }\n": typeof types.EarthquakeRiskDocument,
    "\n  query Health {\n    health {\n      status\n      timestamp\n      version\n    }\n  }\n": typeof types.HealthDocument,
    "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups {\n      name\n      group_id: id\n    }\n  }\n": typeof types.PlatformUserFragmentDoc,
    "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) {\n      users {\n        ...PlatformUser\n      }\n      total\n      endCursor\n    }\n  }\n": typeof types.PlatformGetUsersDocument,
    "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) {\n      edges {\n        node {\n          ...PlatformUser\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.PlatformGetUsersAfterDocument,
    "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) {\n      ...PlatformUser\n    }\n  }\n": typeof types.PlatformGetUserDocument,
    "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) {\n      ...PlatformUser\n    }\n  }\n": typeof types.PlatformCreateUserDocument,
    "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) {\n      ...PlatformUser\n    }\n  }\n": typeof types.PlatformUpdateUserDocument,
    "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n": typeof types.PlatformDeleteUserDocument,
    "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) {\n      id\n    }\n  }\n": typeof types.PlatformLogoutUserDocument,
    "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n": typeof types.PlatformAddUserGroupDocument,
    "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n": typeof types.PlatformRemoveUserGroupDocument,
    "\n  query PlatformGetGroups {\n    groups {\n      group_id: id\n      name\n      description\n    }\n  }\n": typeof types.PlatformGetGroupsDocument,
    "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n": typeof types.PlatformValidateCredentialsDocument,
    "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage {\n      id\n    }\n    auto_login_kasm: autoLoginKasm\n  }\n": typeof types.PlatformUserAttributesFragmentDoc,
    "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) {\n      attributes {\n        ...PlatformUserAttributes\n      }\n    }\n  }\n": typeof types.PlatformGetAttributesDocument,
    "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) {\n      userId\n    }\n  }\n": typeof types.PlatformUpdateUserAttributesDocument,
    "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry {\n        description\n        image_src: imageSrc\n        categories\n      }\n      cores\n      memory\n      groups: allowedGroups {\n        group_id: id\n        name\n      }\n    }\n  }\n": typeof types.PlatformGetImagesDocument,
};
const documents: Documents = {
    "\n  fragment LegacyHelpRequest on HelpRequest {\n    id\n    title\n    description\n    category\n    priority\n    contact_email: contactEmail\n    zip\n    status\n    requester_id: requesterId\n    assigned_to_id: assignedToId\n    admin_notes: adminNotes\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n": types.LegacyHelpRequestFragmentDoc,
    "\n  fragment LegacyHelpResponse on HelpResponse {\n    id\n    request_id: requestId\n    response\n    new_status: newStatus\n    is_public: isPublic\n    responder_id: responderId\n    created_date: createdAt\n  }\n": types.LegacyHelpResponseFragmentDoc,
    "\n  fragment LegacyFaq on Faq {\n    id\n    question\n    answer\n    category\n    tags\n    display_order: displayOrder\n    is_active: isActive\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n": types.LegacyFaqFragmentDoc,
    "\n  query LegacyHelpRequests(\n    $status: HelpStatus\n    $category: HelpCategory\n    $priority: HelpPriority\n    $page: Int\n    $perPage: Int\n    $sortBy: HelpRequestSortField\n    $sortOrder: HelpSortOrder\n  ) {\n    page: helpRequests(\n      status: $status\n      category: $category\n      priority: $priority\n      page: $page\n      perPage: $perPage\n      sortBy: $sortBy\n      sortOrder: $sortOrder\n    ) {\n      requests {\n        ...LegacyHelpRequest\n        requester {\n          username\n          firstName\n          lastName\n        }\n      }\n      pagination {\n        page\n        pages\n        per_page: perPage\n        total\n        has_next: hasNext\n        has_prev: hasPrev\n      }\n    }\n  }\n": types.LegacyHelpRequestsDocument,
    "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history {\n        action\n        field\n        old_value: oldValue\n        new_value: newValue\n        actor_id: actorId\n        created_date: createdAt\n      }\n      responses {\n        ...LegacyHelpResponse\n      }\n    }\n  }\n": types.LegacyHelpRequestDocument,
    "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n": types.LegacyCreateHelpRequestDocument,
    "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n": types.LegacyUpdateHelpRequestDocument,
    "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpResponse\n    }\n  }\n": types.LegacyRespondToHelpRequestDocument,
    "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups {\n        category\n        entries {\n          ...LegacyFaq\n        }\n      }\n      total_count: totalCount\n    }\n  }\n": types.LegacyFaqsDocument,
    "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) {\n    faq: createFaq(input: $input) {\n      ...LegacyFaq\n    }\n  }\n": types.LegacyCreateFaqDocument,
    "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) {\n    faq: updateFaq(id: $id, input: $input) {\n      ...LegacyFaq\n    }\n  }\n": types.LegacyUpdateFaqDocument,
    "\n  mutation LegacyDeleteFaq($id: Int!) {\n    deleted: deleteFaq(id: $id)\n  }\n": types.LegacyDeleteFaqDocument,
    "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs {\n        ...LegacyFaq\n      }\n      help_requests: helpRequests {\n        ...LegacyHelpRequest\n      }\n    }\n  }\n": types.LegacyHelpSearchDocument,
    "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total\n        open\n        by_category: byCategory {\n          key: category\n          count\n        }\n        by_status: byStatus {\n          key: status\n          count\n        }\n        by_priority: byPriority {\n          key: priority\n          count\n        }\n      }\n      responses {\n        total\n        avg_response_time_days: avgResponseTimeDays\n      }\n    }\n  }\n": types.LegacyHelpStatisticsDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      access_token: accessToken\n      token_type: tokenType\n      expires_in: expiresIn\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query SessionUser {\n    me {\n      id\n      username\n      firstName\n      lastName\n      role\n    }\n  }\n": types.SessionUserDocument,
    "\n  mutation ConfirmHelpAgentAddress($token: String!) {\n    confirmed: confirmHelpAgentAddress(token: $token)\n  }\n": types.ConfirmHelpAgentAddressDocument,
    "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components {\n        fire_activity: fireActivity\n        vegetation\n        weather\n      }\n      data_status: dataStatus {\n        fire\n      }\n    }\n  }\n": types.WildfireRiskDocument,
    "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components {\n        seismic_activity: seismicActivity\n        magnitude\n        fault_proximity: faultProximity\n      }\n      data_status: dataStatus {\n        seismic\n      }\n    }\n  }\n": types.EarthquakeRiskDocument,
    "\n  query Health {\n    health {\n      status\n      timestamp\n      version\n    }\n  }\n": types.HealthDocument,
    "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups {\n      name\n      group_id: id\n    }\n  }\n": types.PlatformUserFragmentDoc,
    "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) {\n      users {\n        ...PlatformUser\n      }\n      total\n      endCursor\n    }\n  }\n": types.PlatformGetUsersDocument,
    "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) {\n      edges {\n        node {\n          ...PlatformUser\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.PlatformGetUsersAfterDocument,
    "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) {\n      ...PlatformUser\n    }\n  }\n": types.PlatformGetUserDocument,
    "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) {\n      ...PlatformUser\n    }\n  }\n": types.PlatformCreateUserDocument,
    "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) {\n      ...PlatformUser\n    }\n  }\n": types.PlatformUpdateUserDocument,
    "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n": types.PlatformDeleteUserDocument,
    "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) {\n      id\n    }\n  }\n": types.PlatformLogoutUserDocument,
    "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n": types.PlatformAddUserGroupDocument,
    "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n": types.PlatformRemoveUserGroupDocument,
    "\n  query PlatformGetGroups {\n    groups {\n      group_id: id\n      name\n      description\n    }\n  }\n": types.PlatformGetGroupsDocument,
    "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n": types.PlatformValidateCredentialsDocument,
    "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage {\n      id\n    }\n    auto_login_kasm: autoLoginKasm\n  }\n": types.PlatformUserAttributesFragmentDoc,
    "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) {\n      attributes {\n        ...PlatformUserAttributes\n      }\n    }\n  }\n": types.PlatformGetAttributesDocument,
    "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) {\n      userId\n    }\n  }\n": types.PlatformUpdateUserAttributesDocument,
    "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry {\n        description\n        image_src: imageSrc\n        categories\n      }\n      cores\n      memory\n      groups: allowedGroups {\n        group_id: id\n        name\n      }\n    }\n  }\n": types.PlatformGetImagesDocument,
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
export function graphql(source: "\n  fragment LegacyHelpRequest on HelpRequest {\n    id\n    title\n    description\n    category\n    priority\n    contact_email: contactEmail\n    zip\n    status\n    requester_id: requesterId\n    assigned_to_id: assignedToId\n    admin_notes: adminNotes\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n"): (typeof documents)["\n  fragment LegacyHelpRequest on HelpRequest {\n    id\n    title\n    description\n    category\n    priority\n    contact_email: contactEmail\n    zip\n    status\n    requester_id: requesterId\n    assigned_to_id: assignedToId\n    admin_notes: adminNotes\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LegacyHelpResponse on HelpResponse {\n    id\n    request_id: requestId\n    response\n    new_status: newStatus\n    is_public: isPublic\n    responder_id: responderId\n    created_date: createdAt\n  }\n"): (typeof documents)["\n  fragment LegacyHelpResponse on HelpResponse {\n    id\n    request_id: requestId\n    response\n    new_status: newStatus\n    is_public: isPublic\n    responder_id: responderId\n    created_date: createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LegacyFaq on Faq {\n    id\n    question\n    answer\n    category\n    tags\n    display_order: displayOrder\n    is_active: isActive\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n"): (typeof documents)["\n  fragment LegacyFaq on Faq {\n    id\n    question\n    answer\n    category\n    tags\n    display_order: displayOrder\n    is_active: isActive\n    created_date: createdAt\n    updated_date: updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpRequests(\n    $status: HelpStatus\n    $category: HelpCategory\n    $priority: HelpPriority\n    $page: Int\n    $perPage: Int\n    $sortBy: HelpRequestSortField\n    $sortOrder: HelpSortOrder\n  ) {\n    page: helpRequests(\n      status: $status\n      category: $category\n      priority: $priority\n      page: $page\n      perPage: $perPage\n      sortBy: $sortBy\n      sortOrder: $sortOrder\n    ) {\n      requests {\n        ...LegacyHelpRequest\n        requester {\n          username\n          firstName\n          lastName\n        }\n      }\n      pagination {\n        page\n        pages\n        per_page: perPage\n        total\n        has_next: hasNext\n        has_prev: hasPrev\n      }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpRequests(\n    $status: HelpStatus\n    $category: HelpCategory\n    $priority: HelpPriority\n    $page: Int\n    $perPage: Int\n    $sortBy: HelpRequestSortField\n    $sortOrder: HelpSortOrder\n  ) {\n    page: helpRequests(\n      status: $status\n      category: $category\n      priority: $priority\n      page: $page\n      perPage: $perPage\n      sortBy: $sortBy\n      sortOrder: $sortOrder\n    ) {\n      requests {\n        ...LegacyHelpRequest\n        requester {\n          username\n          firstName\n          lastName\n        }\n      }\n      pagination {\n        page\n        pages\n        per_page: perPage\n        total\n        has_next: hasNext\n        has_prev: hasPrev\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history {\n        action\n        field\n        old_value: oldValue\n        new_value: newValue\n        actor_id: actorId\n        created_date: createdAt\n      }\n      responses {\n        ...LegacyHelpResponse\n      }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpRequest($id: Int!) {\n    helpRequest(id: $id) {\n      ...LegacyHelpRequest\n      history {\n        action\n        field\n        old_value: oldValue\n        new_value: newValue\n        actor_id: actorId\n        created_date: createdAt\n      }\n      responses {\n        ...LegacyHelpResponse\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n"): (typeof documents)["\n  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {\n    request: createHelpRequest(input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n"): (typeof documents)["\n  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {\n    request: updateHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpRequest\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpResponse\n    }\n  }\n"): (typeof documents)["\n  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {\n    response: respondToHelpRequest(id: $id, input: $input) {\n      ...LegacyHelpResponse\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups {\n        category\n        entries {\n          ...LegacyFaq\n        }\n      }\n      total_count: totalCount\n    }\n  }\n"): (typeof documents)["\n  query LegacyFaqs($category: HelpCategory, $search: String) {\n    faqs(category: $category, search: $search) {\n      groups {\n        category\n        entries {\n          ...LegacyFaq\n        }\n      }\n      total_count: totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyCreateFaq($input: CreateFaqInput!) {\n    faq: createFaq(input: $input) {\n      ...LegacyFaq\n    }\n  }\n"): (typeof documents)["\n  mutation LegacyCreateFaq($input: CreateFaqInput!) {\n    faq: createFaq(input: $input) {\n      ...LegacyFaq\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) {\n    faq: updateFaq(id: $id, input: $input) {\n      ...LegacyFaq\n    }\n  }\n"): (typeof documents)["\n  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) {\n    faq: updateFaq(id: $id, input: $input) {\n      ...LegacyFaq\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LegacyDeleteFaq($id: Int!) {\n    deleted: deleteFaq(id: $id)\n  }\n"): (typeof documents)["\n  mutation LegacyDeleteFaq($id: Int!) {\n    deleted: deleteFaq(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs {\n        ...LegacyFaq\n      }\n      help_requests: helpRequests {\n        ...LegacyHelpRequest\n      }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpSearch($q: String!) {\n    result: helpSearch(q: $q) {\n      faqs {\n        ...LegacyFaq\n      }\n      help_requests: helpRequests {\n        ...LegacyHelpRequest\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total\n        open\n        by_category: byCategory {\n          key: category\n          count\n        }\n        by_status: byStatus {\n          key: status\n          count\n        }\n        by_priority: byPriority {\n          key: priority\n          count\n        }\n      }\n      responses {\n        total\n        avg_response_time_days: avgResponseTimeDays\n      }\n    }\n  }\n"): (typeof documents)["\n  query LegacyHelpStatistics {\n    statistics: helpStatistics {\n      requests {\n        total\n        open\n        by_category: byCategory {\n          key: category\n          count\n        }\n        by_status: byStatus {\n          key: status\n          count\n        }\n        by_priority: byPriority {\n          key: priority\n          count\n        }\n      }\n      responses {\n        total\n        avg_response_time_days: avgResponseTimeDays\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      access_token: accessToken\n      token_type: tokenType\n      expires_in: expiresIn\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      access_token: accessToken\n      token_type: tokenType\n      expires_in: expiresIn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionUser {\n    me {\n      id\n      username\n      firstName\n      lastName\n      role\n    }\n  }\n"): (typeof documents)["\n  query SessionUser {\n    me {\n      id\n      username\n      firstName\n      lastName\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmHelpAgentAddress($token: String!) {\n    confirmed: confirmHelpAgentAddress(token: $token)\n  }\n"): (typeof documents)["\n  mutation ConfirmHelpAgentAddress($token: String!) {\n    confirmed: confirmHelpAgentAddress(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components {\n        fire_activity: fireActivity\n        vegetation\n        weather\n      }\n      data_status: dataStatus {\n        fire\n      }\n    }\n  }\n"): (typeof documents)["\n  query WildfireRisk($zip: String!) {\n    risk: wildfireRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_fires: recentFires\n      vegetation_risk: vegetationRisk\n      weather_risk: weatherRisk\n      last_updated: lastUpdated\n      components {\n        fire_activity: fireActivity\n        vegetation\n        weather\n      }\n      data_status: dataStatus {\n        fire\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components {\n        seismic_activity: seismicActivity\n        magnitude\n        fault_proximity: faultProximity\n      }\n      data_status: dataStatus {\n        seismic\n      }\n    }\n  }\n"): (typeof documents)["\n  query EarthquakeRisk($zip: String!) {\n    risk: earthquakeRisk(zip: $zip) {\n      zip_code: zipCode\n      coordinates {\n        latitude\n        longitude\n      }\n      risk_level: riskLevel\n      risk_score: riskScore\n      recent_earthquakes: recentEarthquakes\n      max_magnitude: maxMagnitude\n      fault_distance: faultDistance\n      last_updated: lastUpdated\n      components {\n        seismic_activity: seismicActivity\n        magnitude\n        fault_proximity: faultProximity\n      }\n      data_status: dataStatus {\n        seismic\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Health {\n    health {\n      status\n      timestamp\n      version\n    }\n  }\n"): (typeof documents)["\n  query Health {\n    health {\n      status\n      timestamp\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups {\n      name\n      group_id: id\n    }\n  }\n"): (typeof documents)["\n  fragment PlatformUser on User {\n    user_id: id\n    username\n    first_name: firstName\n    last_name: lastName\n    locked\n    disabled\n    organization\n    phone\n    last_session: lastSession\n    created: createdAt\n    groups {\n      name\n      group_id: id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) {\n      users {\n        ...PlatformUser\n      }\n      total\n      endCursor\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetUsers($limit: Int, $offset: Int) {\n    users(limit: $limit, offset: $offset) {\n      users {\n        ...PlatformUser\n      }\n      total\n      endCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) {\n      edges {\n        node {\n          ...PlatformUser\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetUsersAfter($first: Int, $after: String) {\n    usersConnection(first: $first, after: $after) {\n      edges {\n        node {\n          ...PlatformUser\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) {\n      ...PlatformUser\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetUser($id: ID, $username: String) {\n    user(id: $id, username: $username) {\n      ...PlatformUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) {\n      ...PlatformUser\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformCreateUser($input: CreateUserInput!) {\n    user: createUser(input: $input) {\n      ...PlatformUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) {\n      ...PlatformUser\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    user: updateUser(id: $id, input: $input) {\n      ...PlatformUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n"): (typeof documents)["\n  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {\n    deleteUser(id: $id, force: $force)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformLogoutUser($id: ID!) {\n    logoutUser(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {\n    addUserToGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {\n    removeUserFromGroup(userId: $userId, groupId: $groupId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetGroups {\n    groups {\n      group_id: id\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetGroups {\n    groups {\n      group_id: id\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n"): (typeof documents)["\n  query PlatformValidateCredentials {\n    validateCredentials\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage {\n      id\n    }\n    auto_login_kasm: autoLoginKasm\n  }\n"): (typeof documents)["\n  fragment PlatformUserAttributes on UserAttributes {\n    user_id: userId\n    ssh_public_key: sshPublicKey\n    show_tips: showTips\n    toggle_control_panel: toggleControlPanel\n    theme\n    preferred_language: preferredLanguage\n    preferred_timezone: preferredTimezone\n    default_image: defaultImage {\n      id\n    }\n    auto_login_kasm: autoLoginKasm\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) {\n      attributes {\n        ...PlatformUserAttributes\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetAttributes($id: ID!) {\n    user(id: $id) {\n      attributes {\n        ...PlatformUserAttributes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) {\n      userId\n    }\n  }\n"): (typeof documents)["\n  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {\n    updateUserAttributes(userId: $id, input: $input) {\n      userId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry {\n        description\n        image_src: imageSrc\n        categories\n      }\n      cores\n      memory\n      groups: allowedGroups {\n        group_id: id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlatformGetImages {\n    workspaces {\n      image_id: id\n      friendly_name: friendlyName\n      name\n      entry {\n        description\n        image_src: imageSrc\n        categories\n      }\n      cores\n      memory\n      groups: allowedGroups {\n        group_id: id\n        name\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
