import { allow, rule } from 'graphql-shield';
import { UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { holdsSessions } from './access.js';

const holdsSessionsRule = rule('holdsSessions', { cache: 'contextual' })((_p, _a, ctx: Context) =>
  holdsSessions(ctx.principal) ? true : new UnauthenticatedError(),
);

/** Anyone may try to sign in; the session fields are for the person whose sessions they are (see access.ts). */
export const identityRules = {
  Query: { mySessions: holdsSessionsRule },
  Mutation: { login: allow, logout: holdsSessionsRule, revokeSession: holdsSessionsRule },
};
