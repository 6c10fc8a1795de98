import { rule } from 'graphql-shield';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';

/**
 * The trail names every administrator's and every key's actions, with client addresses: only administrator
 * users read it. An API key administers the workspace platform and is refused, whatever its permissions, so a
 * leaked key can neither read who else holds power nor learn how its own use shows.
 */
const isAdministratorUser = rule('isAdministratorUser', { cache: 'contextual' })((_p, _a, ctx: Context) => {
  const { principal } = ctx;
  if (principal.kind === 'anonymous') return new UnauthenticatedError();
  if (principal.kind === 'apiKey')
    return new ForbiddenError('The audit trail is for administrator users, not API keys');
  return principal.role === 'admin' ? true : new ForbiddenError('Admin access required');
});

export const auditRules = {
  Query: { auditEvents: isAdministratorUser },
};
