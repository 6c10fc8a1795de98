import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import type { Context } from '../graphql/context.js';
import { mapAsyncIterator } from '../shared/async-queue.js';
import { tagList } from './validation.js';

const person = (ctx: Context, user: { id: string } | null | undefined) => (user ? ctx.loaders.users.userById.load(user.id) : null);

export const helpdeskResolvers: Resolvers = {
  Query: {
    helpRequests: (_p, args, ctx) => ctx.services.helpdesk.requests.list(ctx.em, ctx.principal, args),
    helpRequest: (_p, { id }, ctx) => ctx.services.helpdesk.requests.get(ctx.em, ctx.principal, id),
    faqs: (_p, args, ctx) => ctx.services.helpdesk.faqs.list(ctx.em, args),
    helpSearch: async (_p, { q }, ctx) => ({
      faqs: await ctx.services.helpdesk.faqs.search(ctx.em, q),
      helpRequests: await ctx.services.helpdesk.requests.search(ctx.em, ctx.principal, q),
    }),
    helpStatistics: (_p, _a, ctx) => ctx.services.helpdesk.statistics(ctx.em),
  },
  Mutation: {
    createHelpRequest: (_p, { input }, ctx) => ctx.services.helpdesk.requests.create(ctx.em, ctx.principal, input),
    updateHelpRequest: (_p, { id, input }, ctx) => ctx.services.helpdesk.requests.update(ctx.em, ctx.principal, id, input),
    respondToHelpRequest: (_p, { id, input }, ctx) => ctx.services.helpdesk.requests.respond(ctx.em, ctx.principal, id, input),
    createFaq: (_p, { input }, ctx) => ctx.services.helpdesk.faqs.create(ctx.em, input),
    updateFaq: (_p, { id, input }, ctx) => ctx.services.helpdesk.faqs.update(ctx.em, id, input),
    deleteFaq: (_p, { id }, ctx) => ctx.services.helpdesk.faqs.delete(ctx.em, id),
  },
  Subscription: {
    // No resolve of its own: shield guards `subscribe` only when the field has no `resolve`, so the payload is
    // shaped here as graphql-js's default resolver expects it.
    helpRequestChanged: {
      subscribe: async (_p, { id }, ctx) =>
        mapAsyncIterator(await ctx.services.helpdesk.requests.watch(ctx.em, ctx.principal, id), (change) => ({ helpRequestChanged: change })),
    },
  },
  HelpRequestChange: {
    // Read afresh for each change, in the subscriber's own context: what they see is what helpRequest(id) shows them now.
    request: (change, _a, ctx) => ctx.services.helpdesk.requests.get(ctx.em, ctx.principal, change.requestId),
  },
  HelpRequest: {
    requesterId: (r) => r.requester?.id ?? null,
    requester: (r, _a, ctx) => person(ctx, r.requester),
    assignedToId: (r) => r.assignedTo?.id ?? null,
    assignee: (r, _a, ctx) => person(ctx, r.assignedTo),
    adminNotes: (r, _a, ctx) => ctx.services.helpdesk.requests.adminNotesFor(ctx.principal, r),
    history: async (r, _a, ctx) =>
      ctx.services.helpdesk.requests.visibleHistory(ctx.principal, await ctx.loaders.helpdesk.historyByRequestId.load(r.id)),
    responses: async (r, _a, ctx) =>
      ctx.services.helpdesk.requests.visibleResponses(ctx.principal, await ctx.loaders.helpdesk.responsesByRequestId.load(r.id)),
  },
  HelpRequestHistoryEntry: {
    actorId: (h) => h.actor?.id ?? null,
    actor: (h, _a, ctx) => person(ctx, h.actor),
  },
  HelpResponse: {
    requestId: (r) => r.request.id,
    responderId: (r) => r.responder?.id ?? null,
    responder: (r, _a, ctx) => person(ctx, r.responder),
  },
  Faq: {
    tags: (f) => tagList(f.tags),
  },
};
