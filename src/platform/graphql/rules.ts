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
 * A workspace administrator, and, for an API key, one that carries this permission; a change also needs a key
 * that is not read-only. Whose account a change touches is the service's to check (administrators need
 * users:modify-admin), since it depends on the target, not on the field.
 */
export function workspaceAdminMay(permission: ApiKeyPermission, action: 'view' | 'change') {
  const name = `workspaceAdminMay:${permission}:${action}`;
  const known = workspaceRules.get(name);
  if (known) return known;
  // Shield refuses two rules of one name, and caches a rule's answer by its name: one instance per name.
  const made = rule(name, { cache: 'contextual' })((_p, _a, ctx: Context) => {
    const { principal } = ctx;
    if (principal.kind === 'apiKey') {
      if (action === 'change' && principal.readOnly) return new ForbiddenError('This API key is read-only', { permission });
      if (!principal.permissions.has(permission)) return new ForbiddenError(`This API key lacks the ${permission} permission`, { permission });
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
export const isSelfOrAdministrator = rule('isSelfOrAdministrator', { cache: 'no_cache' })((parent: { id: string }, _a, ctx: Context) => {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return true;
  if (principal.kind !== 'user') return new UnauthenticatedError();
  if (principal.role === 'admin' || principal.userId === parent.id) return true;
  return new ForbiddenError('Only administrators and the person themselves see this');
});
