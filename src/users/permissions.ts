import { allow, or } from 'graphql-shield';
import {
  isAuthenticated,
  isSelfByArgument,
  isSelfOrAdministrator,
  isSelfOrWorkspaceAdminMay,
  isWorkspaceAdmin,
  workspaceAdminMay,
} from '../platform/graphql/rules.js';

const view = (permission: Parameters<typeof workspaceAdminMay>[0]) => workspaceAdminMay(permission, 'view');
const change = (permission: Parameters<typeof workspaceAdminMay>[0]) => workspaceAdminMay(permission, 'change');

/**
 * Administration of users, groups, the registry and the settings is for workspace administrators: admin users, and
 * API keys within their permissions (the platform's own: users view / create / modify / delete, groups, registry,
 * settings). A signed-in user reads only themselves and the workspaces their groups allow.
 */
export const usersRules = {
  Query: {
    me: isAuthenticated,
    myWorkspaces: isAuthenticated,
    user: view('users:view'),
    users: view('users:view'),
    usersConnection: view('users:view'),
    groups: view('groups:view'),
    group: view('groups:view'),
    // Any valid key: this is the platform helper's "are these credentials good?".
    validateCredentials: isWorkspaceAdmin,
    workspaceRegistry: view('registry'),
    // The platform's get_images: images:view reads the installed workspaces without the rest of the registry.
    workspaces: view(['registry', 'images:view']),
    workspaceSettings: view('settings'),
  },
  Mutation: {
    createUser: change('users:create'),
    updateUser: change('users:modify'),
    deleteUser: change('users:delete'),
    logoutUser: change('users:modify'),
    createGroup: change('groups:modify'),
    updateGroup: change('groups:modify'),
    deleteGroup: change('groups:modify'),
    addUserToGroup: change('groups:modify'),
    removeUserFromGroup: change('groups:modify'),
    setGroupAllowedWorkspaces: change('groups:modify'),
    // A user may change their own preferences; the key's check comes first so a key hears what it lacks.
    updateUserAttributes: or(change('users:modify'), isSelfByArgument('userId')),
    importWorkspaceRegistry: change('registry'),
    installWorkspace: change('registry'),
    uninstallWorkspace: change('registry'),
    updateWorkspaceSettings: change('settings'),
    addFileMapping: change('settings'),
    updateFileMapping: change('settings'),
    removeFileMapping: change('settings'),
  },
};

/**
 * Anyone who reaches a person (a help request's requester, assignee, responder or history actor) sees their public
 * profile; the rest of the account is for administrators and the person themselves. The rules sit on the fields,
 * so every way to a person (GraphQL, the REST routes' stored documents, subscriptions) obeys them alike.
 */
export const userFieldRules = {
  User: {
    id: allow,
    username: allow,
    firstName: allow,
    lastName: allow,
    role: isSelfOrAdministrator,
    locked: isSelfOrAdministrator,
    disabled: isSelfOrAdministrator,
    organization: isSelfOrAdministrator,
    phone: isSelfOrAdministrator,
    lastSession: isSelfOrAdministrator,
    createdAt: isSelfOrAdministrator,
    updatedAt: isSelfOrAdministrator,
    groups: isSelfOrAdministrator,
    attributes: isSelfOrWorkspaceAdminMay('users:view'),
  },
  /**
   * A workspace is public to whoever reaches it (their own workspaces, a group's, the registry's); which groups may
   * use it is the administrators' business, so myWorkspaces does not tell a user who else has access.
   */
  Workspace: {
    id: allow,
    name: allow,
    friendlyName: allow,
    entry: allow,
    installedAt: allow,
    cores: allow,
    memory: allow,
    allowedGroups: view(['registry', 'images:view', 'groups:view']),
  },
  /*
   * A group is reached through groups/group (groups:view) and through a user's own groups (`me { groups }`), so
   * its members are ruled on the field: only those who may read users list them. Listing Group here wraps every
   * one of its fields (an unlisted one would be denied), hence the rest are named and allowed.
   */
  Group: {
    id: allow,
    name: allow,
    description: allow,
    isDefault: allow,
    allowedWorkspaces: allow,
    createdAt: allow,
    updatedAt: allow,
    members: view('users:view'),
  },
};
