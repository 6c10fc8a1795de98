import { allow, or, rule } from 'graphql-shield';
import type { ApiKeyPermission } from '../platform/auth/api-key-permissions.js';
import { isUser } from '../platform/auth/principal.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { isAuthenticated } from '../platform/graphql/rules.js';
import { administersWorkspace, keyHasAny, seesAccountOf } from './access.js';

/**
 * The workspace platform's rules, each built on a predicate of access.ts. They answer an anonymous caller
 * "authenticate" and anyone else "not allowed", so a failed rule returns the error itself.
 */
const refusal = (ctx: Context) =>
  ctx.principal.kind === 'anonymous' ? new UnauthenticatedError() : new ForbiddenError('Admin access required');

/** Any workspace administrator: an administrator user, or any valid API key. */
const isWorkspaceAdmin = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  administersWorkspace(ctx.principal) ? true : refusal(ctx),
);

/**
 * A workspace administrator, and, for an API key, one that carries this permission (or one of these); a change
 * also needs a key that is not read-only. Whose account a change touches is the service's to check (administrators
 * need users:modify-admin), since it depends on the target, not on the field.
 */
function workspaceAdminMay(permission: ApiKeyPermission | readonly ApiKeyPermission[], action: 'view' | 'change') {
  const permissions: readonly ApiKeyPermission[] = typeof permission === 'string' ? [permission] : permission;
  const name = `workspaceAdminMay:${permissions.join('|')}:${action}`;
  const known = workspaceRules.get(name);
  if (known) return known;
  const wanted = permissions.join(' or ');
  // Shield refuses two rules of one name, and caches a rule's answer by its name: one instance per name.
  const made = rule(name, { cache: 'contextual' })((_p, _a, ctx: Context) => {
    const { principal } = ctx;
    if (principal.kind === 'apiKey') {
      if (action === 'change' && principal.readOnly)
        return new ForbiddenError('This API key is read-only', { permission: wanted });
      if (!keyHasAny(principal, permissions)) {
        return new ForbiddenError(`This API key lacks the ${wanted} permission`, { permission: wanted });
      }
      return true;
    }
    return administersWorkspace(principal) ? true : refusal(ctx);
  });
  workspaceRules.set(name, made);
  return made;
}
const workspaceRules = new Map<string, ReturnType<ReturnType<typeof rule>>>();

const seeingAccountsRefused = (ctx: Context) =>
  ctx.principal.kind === 'anonymous'
    ? new UnauthenticatedError()
    : new ForbiddenError('Only administrators and the person themselves see this');

/**
 * What only administrators, API keys (which administer the people of the workspace platform) and the person
 * themselves see of someone. It depends on whose account is read, so it is checked for each one, not cached.
 */
const isSelfOrAdministrator = rule('isSelfOrAdministrator', { cache: 'no_cache' })(
  (parent: { id: string }, _a, ctx: Context) =>
    seesAccountOf(ctx.principal, parent.id) ? true : seeingAccountsRefused(ctx),
);

/**
 * Someone's own account, or anyone's for an administrator and for an API key with this permission: a user's
 * preferences are theirs, and a key that was not given users:view reads none, whatever path led it to the person.
 */
function isSelfOrWorkspaceAdminMay(permission: ApiKeyPermission) {
  return rule(`isSelfOrWorkspaceAdminMay:${permission}`, { cache: 'no_cache' })(
    (parent: { id: string }, _a, ctx: Context) => {
      const { principal } = ctx;
      if (principal.kind === 'apiKey') {
        return keyHasAny(principal, [permission])
          ? true
          : new ForbiddenError(`This API key lacks the ${permission} permission`, { permission });
      }
      return seesAccountOf(principal, parent.id) ? true : seeingAccountsRefused(ctx);
    },
  );
}

/** The caller is the user the field's argument names (a user changing their own preferences). */
function isSelfByArgument(argument: string) {
  return rule(`isSelfByArgument:${argument}`, { cache: 'strict' })(
    (_p, args: Record<string, unknown>, ctx: Context) => {
      const { principal } = ctx;
      if (principal.kind === 'anonymous') return new UnauthenticatedError();
      const named = args[argument];
      return typeof named === 'string' && isUser(principal, named)
        ? true
        : new ForbiddenError('Only the person themselves may do this');
    },
  );
}

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
