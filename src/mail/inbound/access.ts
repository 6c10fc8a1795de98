import { rule } from 'graphql-shield';
import { isAdministrator, type Principal } from '../../platform/auth/principal.js';
import { ForbiddenError, UnauthenticatedError } from '../../platform/errors.js';
import type { Context } from '../../platform/graphql/context.js';

/*
 * Who may do what with received mail. Held mail is what the help desk refused to file (loops, floods, spoofs,
 * hostile mail): its senders, subjects and bytes are an administrator's alone to read, release or discard, and an
 * API key, which administers the workspace platform only, never may.
 */

/** Lists, releases and discards held mail. */
export const decidesHeldMail = (principal: Principal): boolean => isAdministrator(principal);

export const administersHeldMail = rule('administersHeldMail', { cache: 'contextual' })((
  _parent,
  _args,
  ctx: Context,
) => {
  if (ctx.principal.kind !== 'user') return new UnauthenticatedError();
  return decidesHeldMail(ctx.principal) ? true : new ForbiddenError('Admin access required');
});
