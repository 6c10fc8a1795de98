import { isAuthenticated, isWorkspaceAdmin } from '../graphql/rules.js';

/**
 * Administration of users, groups, the registry and the settings is for workspace administrators (admin users and
 * API keys); a signed-in user reads only themselves and the workspaces their groups allow.
 */
export const usersPermissions = {
  Query: {
    me: isAuthenticated,
    myWorkspaces: isAuthenticated,
    user: isWorkspaceAdmin,
    users: isWorkspaceAdmin,
    groups: isWorkspaceAdmin,
    group: isWorkspaceAdmin,
    validateCredentials: isWorkspaceAdmin,
    workspaceRegistry: isWorkspaceAdmin,
    workspaces: isWorkspaceAdmin,
    workspaceSettings: isWorkspaceAdmin,
  },
  Mutation: {
    createUser: isWorkspaceAdmin,
    updateUser: isWorkspaceAdmin,
    deleteUser: isWorkspaceAdmin,
    logoutUser: isWorkspaceAdmin,
    createGroup: isWorkspaceAdmin,
    updateGroup: isWorkspaceAdmin,
    deleteGroup: isWorkspaceAdmin,
    addUserToGroup: isWorkspaceAdmin,
    removeUserFromGroup: isWorkspaceAdmin,
    setGroupAllowedWorkspaces: isWorkspaceAdmin,
    importWorkspaceRegistry: isWorkspaceAdmin,
    installWorkspace: isWorkspaceAdmin,
    uninstallWorkspace: isWorkspaceAdmin,
    updateWorkspaceSettings: isWorkspaceAdmin,
    addFileMapping: isWorkspaceAdmin,
    updateFileMapping: isWorkspaceAdmin,
    removeFileMapping: isWorkspaceAdmin,
  },
};
