import { rule } from 'graphql-shield';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { mayReadTrail } from './access.js';

const mayReadTrailRule = rule('isAdministratorUser', { cache: 'contextual' })((_p, _a, ctx: Context) => {
  const { principal } = ctx;
  if (mayReadTrail(principal)) return true;
  if (principal.kind === 'anonymous') return new UnauthenticatedError();
  if (principal.kind === 'apiKey')
    return new ForbiddenError('The audit trail is for administrator users, not API keys');
  return new ForbiddenError('Admin access required');
});

export const auditRules = {
  Query: { auditEvents: mayReadTrailRule },
};
