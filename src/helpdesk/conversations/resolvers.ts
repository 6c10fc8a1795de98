import type { Resolvers } from '../../platform/graphql/generated/resolvers-types.js';
import { isAdmin, isAuthenticated } from '../../platform/graphql/rules.js';
import { administersContacts, seesInternalMessages } from './access.js';

import type { Context } from '../../platform/graphql/context.js';
import { readMessageAttachments } from '../attachments/read-model.js';

const conversations = (ctx: Context) => ctx.services.helpdesk.conversations;

export const conversationResolvers: Resolvers = {
  Query: {
    helpContacts: (_p, args, ctx) => ctx.services.helpdesk.contacts.list(ctx.em, args),
  },
  Mutation: {
    replyToHelpRequest: (_p, { id, input }, ctx) => conversations(ctx).reply(ctx.em, ctx.actor, id, input),
    updateHelpContact: (_p, { id, input }, ctx) => ctx.services.helpdesk.contacts.update(ctx.em, ctx.actor, id, input),
    linkHelpContact: (_p, { id, userId }, ctx) =>
      ctx.services.helpdesk.contacts.link(ctx.em, ctx.actor, id, userId ?? null),
    blockHelpContact: (_p, { id, blocked }, ctx) =>
      ctx.services.helpdesk.contacts.block(ctx.em, ctx.actor, id, blocked ?? true),
  },
  HelpRequest: {
    messages: (r, args, ctx) => conversations(ctx).messages(ctx.em, ctx.principal, r.id, args),
    contact: (r, _a, ctx) => conversations(ctx).contactOf(ctx.em, r.id),
    followUpOf: async (r, _a, ctx) => {
      const id = await conversations(ctx).followUpOf(ctx.em, r.id);
      const request = id === null ? null : await ctx.loaders.helpdesk.requestById.load(id);
      return request && ctx.services.helpdesk.helpRequests.mayRead(ctx.principal, request) ? request : null;
    },
  },
  HelpMessage: {
    id: (m) => String(m.id),
    author: (m, _a, ctx) => (m.authorId ? ctx.loaders.users.userById.get(m.authorId) : null),
    contact: async (m, _a, ctx) =>
      m.contactId ? ((await ctx.services.helpdesk.contacts.byIds(ctx.em, [m.contactId]))[0] ?? null) : null,
    fullBody: (m, _a, ctx) => (seesInternalMessages(ctx.principal) ? m.fullBody : null),
    attachments: (m, _a, ctx) =>
      m.responseId !== null
        ? ctx.loaders.helpdesk.attachmentsByResponseId.get(m.responseId)
        : readMessageAttachments(ctx.em, [m.id]),
  },
  HelpContact: {
    // A requester reaches their request's contact, which others' requests may share: of those, and of the
    // account it is linked to, they see only what they could read anyway.
    user: (c, _a, ctx) =>
      c.userId && administersContacts(ctx.principal) ? ctx.loaders.users.userById.get(c.userId) : null,
    requests: async (c, { first }, ctx) => {
      const ids = await conversations(ctx).requestIdsOf(ctx.em, c.id, first ?? 20);
      const found = await Promise.all(ids.map((id) => ctx.loaders.helpdesk.requestById.load(id)));
      return found.filter(
        (r): r is NonNullable<typeof r> => !!r && ctx.services.helpdesk.helpRequests.mayRead(ctx.principal, r),
      );
    },
  },
};

/** Administrators keep contacts; a reply's ownership is the service's rule (NOT_FOUND for anyone else's request). */
export const conversationRules = {
  Query: { helpContacts: isAdmin },
  Mutation: {
    replyToHelpRequest: isAuthenticated,
    updateHelpContact: isAdmin,
    linkHelpContact: isAdmin,
    blockHelpContact: isAdmin,
  },
};
