import { rule } from 'graphql-shield';
import { isAdministrator, type Principal } from '../platform/auth/principal.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';

/*
 * Who may do what with the help desk's rules. Rules act with an administrator's powers on every request, and a
 * webhook sends requests (internal notes included) outside the gateway: so every field here is an administrator's
 * alone, and an API key, which administers the workspace platform only, is never one.
 */

/** Reads and changes triggers, automations, macros and webhooks, and applies macros. */
export const mayAdministerRules = (principal: Principal): boolean => isAdministrator(principal);

export const administersRules = rule('administersHelpRules', { cache: 'contextual' })((
  _parent,
  _args,
  ctx: Context,
) => {
  if (ctx.principal.kind !== 'user') return new UnauthenticatedError();
  return mayAdministerRules(ctx.principal) ? true : new ForbiddenError('Admin access required');
});
