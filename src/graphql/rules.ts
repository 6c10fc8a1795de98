import { rule } from 'graphql-shield';
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

/** Any signed-in user or API key. */
export const isSignedIn = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.principal.kind === 'anonymous' ? new UnauthenticatedError() : true,
);
