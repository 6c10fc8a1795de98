import type { Resolvers } from '../../platform/graphql/generated/resolvers-types.js';
import { administersHeldMail } from './access.js';

export const inboundResolvers: Resolvers = {
  Query: {
    helpHeldMail: (_p, args, ctx) => ctx.services.mail.inbound.held.list(ctx.em, args),
  },
  Mutation: {
    releaseHeldMail: (_p, { id }, ctx) => ctx.services.mail.inbound.held.release(ctx.em, ctx.actor, id),
    discardHeldMail: (_p, { id }, ctx) => ctx.services.mail.inbound.held.discard(ctx.em, ctx.actor, id),
  },
  HelpReleasedMail: {
    request: (m, _a, ctx) => (m.requestId === null ? null : ctx.loaders.helpdesk.requestById.load(m.requestId)),
  },
};

export const inboundRules = {
  Query: { helpHeldMail: administersHeldMail },
  Mutation: { releaseHeldMail: administersHeldMail, discardHeldMail: administersHeldMail },
};
