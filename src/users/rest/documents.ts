import { graphql } from '../../platform/rest/generated/index.js';

/*
 * The workspace platform's stored GraphQL documents. Aliases give the platform's snake_case names straight from the
 * GraphQL result; codegen appends the PlatformUser fragment to each document that spreads it.
 */

export const PLATFORM_USER = graphql(`
  fragment PlatformUser on User {
    user_id: id
    username
    first_name: firstName
    last_name: lastName
    locked
    disabled
    organization
    phone
    last_session: lastSession
    created: createdAt
    groups {
      name
      group_id: id
    }
  }
`);

export const GET_USERS = graphql(`
  query PlatformGetUsers($limit: Int, $offset: Int) {
    users(limit: $limit, offset: $offset) {
      users {
        ...PlatformUser
      }
      total
      endCursor
    }
  }
`);
/** get_users' further pages when it answers every user: by keyset from the last page's end, not by offset. */
export const GET_USERS_AFTER = graphql(`
  query PlatformGetUsersAfter($first: Int, $after: String) {
    usersConnection(first: $first, after: $after) {
      edges {
        node {
          ...PlatformUser
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
export const GET_USER = graphql(`
  query PlatformGetUser($id: ID, $username: String) {
    user(id: $id, username: $username) {
      ...PlatformUser
    }
  }
`);
export const CREATE_USER = graphql(`
  mutation PlatformCreateUser($input: CreateUserInput!) {
    user: createUser(input: $input) {
      ...PlatformUser
    }
  }
`);
export const UPDATE_USER = graphql(`
  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {
    user: updateUser(id: $id, input: $input) {
      ...PlatformUser
    }
  }
`);
export const DELETE_USER = graphql(`
  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {
    deleteUser(id: $id, force: $force)
  }
`);
export const LOGOUT_USER = graphql(`
  mutation PlatformLogoutUser($id: ID!) {
    logoutUser(id: $id) {
      id
    }
  }
`);
export const ADD_USER_GROUP = graphql(`
  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {
    addUserToGroup(userId: $userId, groupId: $groupId) {
      id
    }
  }
`);
export const REMOVE_USER_GROUP = graphql(`
  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {
    removeUserFromGroup(userId: $userId, groupId: $groupId) {
      id
    }
  }
`);
export const GET_GROUPS = graphql(`
  query PlatformGetGroups {
    groups {
      group_id: id
      name
      description
    }
  }
`);
export const VALIDATE_CREDENTIALS = graphql(`
  query PlatformValidateCredentials {
    validateCredentials
  }
`);

export const PLATFORM_USER_ATTRIBUTES = graphql(`
  fragment PlatformUserAttributes on UserAttributes {
    user_id: userId
    ssh_public_key: sshPublicKey
    show_tips: showTips
    toggle_control_panel: toggleControlPanel
    theme
    preferred_language: preferredLanguage
    preferred_timezone: preferredTimezone
    default_image: defaultImage {
      id
    }
    auto_login_kasm: autoLoginKasm
  }
`);
export const GET_ATTRIBUTES = graphql(`
  query PlatformGetAttributes($id: ID!) {
    user(id: $id) {
      attributes {
        ...PlatformUserAttributes
      }
    }
  }
`);
export const UPDATE_USER_ATTRIBUTES = graphql(`
  mutation PlatformUpdateUserAttributes($id: ID!, $input: UserAttributesInput!) {
    updateUserAttributes(userId: $id, input: $input) {
      userId
    }
  }
`);
export const GET_IMAGES = graphql(`
  query PlatformGetImages {
    workspaces {
      image_id: id
      friendly_name: friendlyName
      name
      entry {
        description
        image_src: imageSrc
        categories
      }
      cores
      memory
      groups: allowedGroups {
        group_id: id
        name
      }
    }
  }
`);
