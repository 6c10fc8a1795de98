import type { Resolvers } from '../../platform/graphql/generated/resolvers-types.js';
import { agent, helpDeskUser } from '../permissions.js';
import { attachmentUrl } from './read-model.js';

export const attachmentResolvers: Resolvers = {
  Mutation: {
    addHelpRequestAttachments: async (_p, { id, tokens }, ctx) => {
      await ctx.services.helpdesk.attachments.add(ctx.em, ctx.actor, id, tokens);
      return ctx.services.helpdesk.helpRequests.get(ctx.em, ctx.principal, id);
    },
    removeHelpAttachment: (_p, { id }, ctx) => ctx.services.helpdesk.attachments.remove(ctx.em, ctx.actor, id),
  },
  // A request's and a response's files are read with them: whoever sees the request (or the response) sees these.
  HelpRequest: {
    attachments: (r, _a, ctx) => ctx.loaders.helpdesk.attachmentsByRequestId.get(r.id),
  },
  HelpResponse: {
    attachments: (r, _a, ctx) => ctx.loaders.helpdesk.attachmentsByResponseId.get(r.id),
  },
  HelpAttachment: {
    uploadedBy: (a, _a, ctx) => (a.uploadedBy ? ctx.loaders.users.userById.get(a.uploadedBy.id) : null),
    url: (a) => attachmentUrl(a.id),
  },
};

export const attachmentRules = {
  Mutation: {
    // Ownership of the request is the service's rule.
    addHelpRequestAttachments: helpDeskUser,
    removeHelpAttachment: agent,
  },
};
