import { allow } from 'graphql-shield';
import { seesInternalMessages } from '../helpdesk/conversations/access.js';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import { isAdmin } from '../platform/graphql/rules.js';
import { ForbiddenError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { deliveriesOf } from './deliveries.js';

const administrator = (ctx: Context) => {
  if (ctx.principal.kind !== 'user') throw new ForbiddenError();
  return ctx.principal;
};

export const mailResolvers: Resolvers = {
  Query: {
    helpAgentNotifications: (_p, _a, ctx) => ctx.services.mail.agents.get(ctx.em, administrator(ctx).userId),
  },
  Mutation: {
    updateHelpAgentNotifications: (_p, { input }, ctx) =>
      ctx.services.mail.agents.update(ctx.em, administrator(ctx), input),
    confirmHelpAgentAddress: (_p, { token }, ctx) => ctx.services.mail.agents.confirm(ctx.em, token),
  },
  HelpMessage: {
    // Who was mailed what is the help desk's business, not the requester's.
    deliveries: async (m, _a, ctx) =>
      seesInternalMessages(ctx.principal) ? ((await deliveriesOf(ctx.em, [m.id]))[0] ?? []) : null,
  },
};

export const mailRules = {
  Query: { helpAgentNotifications: isAdmin },
  Mutation: {
    updateHelpAgentNotifications: isAdmin,
    // The one-time token mailed to the address is the authority: whoever holds the mail may confirm it.
    confirmHelpAgentAddress: allow,
  },
};
