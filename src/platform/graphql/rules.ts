import { rule } from 'graphql-shield';
import { isAdministrator } from '../auth/principal.js';
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
  return isAdministrator(ctx.principal) ? true : new ForbiddenError('Admin access required');
});

/** Any signed-in user or API key. */
export const isSignedIn = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.principal.kind === 'anonymous' ? new UnauthenticatedError() : true,
);
