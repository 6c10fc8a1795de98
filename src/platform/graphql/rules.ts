import { rule } from 'graphql-shield';
import type { ApiKeyPermission } from '../auth/api-key-permissions.js';
import type { Context } from './context.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';

/**
 * The role rules every domain composes. They depend on the caller only, so shield caches each one per request.
 * A failed rule returns the error itself, so an anonymous caller learns "authenticate" and a user "not allowed".
 */
export const isAuthenticated = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.principal.kind === 'user' ? true : new UnauthenticatedError(),
);

export const isAdmin = rule({ cache: 'contextual' })((_p, _a, ctx: Context) => {
  if (ctx.principal.kind !== 'user') return new UnauthenticatedError();
  return ctx.principal.role === 'admin' ? true : new ForbiddenError('Admin access required');
});

/** The workspace-user domain is administered by admin users and by API keys. */
export const isWorkspaceAdmin = rule({ cache: 'contextual' })((_p, _a, ctx: Context) => {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return true;
  if (principal.kind !== 'user') return new UnauthenticatedError();
  return principal.role === 'admin' ? true : new ForbiddenError('Admin access required');
});

/**
 * A workspace administrator, and, for an API key, one that carries this permission (or one of these); a change
 * also needs a key that is not read-only. Whose account a change touches is the service's to check (administrators
 * need users:modify-admin), since it depends on the target, not on the field.
 */
export function workspaceAdminMay(
  permission: ApiKeyPermission | readonly ApiKeyPermission[],
  action: 'view' | 'change',
) {
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
      if (!permissions.some((p) => principal.permissions.has(p))) {
        return new ForbiddenError(`This API key lacks the ${wanted} permission`, { permission: wanted });
      }
      return true;
    }
    if (principal.kind !== 'user') return new UnauthenticatedError();
    return principal.role === 'admin' ? true : new ForbiddenError('Admin access required');
  });
  workspaceRules.set(name, made);
  return made;
}
const workspaceRules = new Map<string, ReturnType<ReturnType<typeof rule>>>();

/** Any signed-in user or API key. */
export const isSignedIn = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.principal.kind === 'anonymous' ? new UnauthenticatedError() : true,
);

/**
 * What only administrators, API keys (which administer the people of the workspace platform) and the person
 * themselves see of someone. It depends on whose account is read, so it is checked for each one, not cached.
 */
export const isSelfOrAdministrator = rule('isSelfOrAdministrator', { cache: 'no_cache' })((
  parent: { id: string },
  _a,
  ctx: Context,
) => {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return true;
  if (principal.kind !== 'user') return new UnauthenticatedError();
  if (principal.role === 'admin' || principal.userId === parent.id) return true;
  return new ForbiddenError('Only administrators and the person themselves see this');
});

/**
 * Someone's own account, or anyone's for an administrator and for an API key with this permission: a user's
 * preferences are theirs, and a key that was not given users:view reads none, whatever path led it to the person.
 */
export function isSelfOrWorkspaceAdminMay(permission: ApiKeyPermission) {
  return rule(`isSelfOrWorkspaceAdminMay:${permission}`, { cache: 'no_cache' })(
    (parent: { id: string }, _a, ctx: Context) => {
      const { principal } = ctx;
      if (principal.kind === 'apiKey') {
        return principal.permissions.has(permission)
          ? true
          : new ForbiddenError(`This API key lacks the ${permission} permission`, { permission });
      }
      if (principal.kind !== 'user') return new UnauthenticatedError();
      if (principal.role === 'admin' || principal.userId === parent.id) return true;
      return new ForbiddenError('Only administrators and the person themselves see this');
    },
  );
}

/** The caller is the user the field's argument names (a user changing their own preferences). */
export function isSelfByArgument(argument: string) {
  return rule(`isSelfByArgument:${argument}`, { cache: 'strict' })(
    (_p, args: Record<string, unknown>, ctx: Context) => {
      const { principal } = ctx;
      if (principal.kind === 'anonymous') return new UnauthenticatedError();
      return principal.kind === 'user' && principal.userId === args[argument]
        ? true
        : new ForbiddenError('Only the person themselves may do this');
    },
  );
}
