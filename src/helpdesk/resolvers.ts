import type { GraphQLResolveInfo } from 'graphql';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import { selects } from '../platform/graphql/look-ahead.js';
import { preloadSelected } from '../platform/graphql/preload.js';
import { whenSettled } from '../platform/graphql/settled-loader.js';
import { mapAsyncIterator } from './async-queue.js';
import type { HelpRequestChange } from './events.js';
import { helpRequestViewOf, helpResponseViewOf, type HelpRequestConnection } from './help-request-read-model.js';
import { faqViewOf } from './faq-read-model.js';
import { person, requestRelations } from './relations.js';
import { seesInternals } from './access.js';
import { slaView } from './sla-view.js';
import { tagList } from './validation.js';

/** A change as the payload of helpRequestChanged (one function for every subscription, not a closure each). */
const asHelpRequestChanged = (change: HelpRequestChange) => ({ helpRequestChanged: change });

/** Pagination fields that need the count of matching requests. */
const COUNTED_FIELDS = ['total', 'pages', 'hasNext'];
const wantsTotal = (info: GraphQLResolveInfo) => ({ total: selects(info, COUNTED_FIELDS, ['pagination']) });
const wantsTotalCount = (info: GraphQLResolveInfo) => ({ total: selects(info, ['totalCount']) });
/** Where a connection's requests sit below its field. */
const NODES = ['edges', 'node'];
const nodesOf = (connection: HelpRequestConnection) => connection.edges.map((e) => e.node);

export const helpdeskResolvers: Resolvers = {
  Query: {
    helpRequests: async (_p, args, ctx, info) => {
      const page = await ctx.services.helpdesk.helpRequests.list(ctx.em, ctx.principal, args, wantsTotal(info));
      await preloadSelected(info, ['requests'], page.requests, requestRelations(ctx));
      return page;
    },
    helpRequestsConnection: async (_p, args, ctx, info) => {
      const connection = await ctx.services.helpdesk.helpRequests.connection(
        ctx.em,
        ctx.principal,
        args,
        wantsTotalCount(info),
      );
      await preloadSelected(info, NODES, nodesOf(connection), requestRelations(ctx));
      return connection;
    },
    helpRequest: (_p, { id }, ctx) => ctx.services.helpdesk.helpRequests.get(ctx.em, ctx.principal, id),
    faqs: (_p, args, ctx) => ctx.services.helpdesk.faqs.list(ctx.em, args),
    helpSearch: async (_p, { q }, ctx, info) => {
      const [faqs, helpRequests] = await Promise.all([
        ctx.services.helpdesk.faqs.search(ctx.em, q),
        ctx.services.helpdesk.helpRequests.search(ctx.em, ctx.principal, q),
      ]);
      await preloadSelected(info, ['helpRequests'], helpRequests, requestRelations(ctx));
      return { faqs, helpRequests };
    },
    helpStatistics: (_p, _a, ctx) => ctx.services.helpdesk.statistics.summary(ctx.em),
    helpSlaPolicies: (_p, _a, ctx) => ctx.services.helpdesk.slaPolicies.list(ctx.em),
    helpSchedules: (_p, _a, ctx) => ctx.services.helpdesk.schedules.list(ctx.em),
  },
  Mutation: {
    createHelpRequest: async (_p, { input }, ctx) =>
      helpRequestViewOf(await ctx.services.helpdesk.helpRequestChanges.create(ctx.em, ctx.actor, input)),
    updateHelpRequest: async (_p, { id, input }, ctx) =>
      helpRequestViewOf(await ctx.services.helpdesk.helpRequestChanges.update(ctx.em, ctx.actor, id, input)),
    respondToHelpRequest: async (_p, { id, input }, ctx) =>
      helpResponseViewOf(await ctx.services.helpdesk.helpRequestChanges.respond(ctx.em, ctx.actor, id, input)),
    createFaq: async (_p, { input }, ctx) =>
      faqViewOf(await ctx.services.helpdesk.faqs.create(ctx.em, ctx.actor, input)),
    updateFaq: async (_p, { id, input }, ctx) =>
      faqViewOf(await ctx.services.helpdesk.faqs.update(ctx.em, ctx.actor, id, input)),
    deleteFaq: (_p, { id }, ctx) => ctx.services.helpdesk.faqs.delete(ctx.em, ctx.actor, id),
    deleteHelpRequest: (_p, { id }, ctx) => ctx.services.helpdesk.helpRequestChanges.delete(ctx.em, ctx.actor, id),
    updateHelpSlaPolicy: (_p, { priority, input }, ctx) =>
      ctx.services.helpdesk.slaPolicies.update(ctx.em, ctx.actor, priority, input),
    createHelpSchedule: (_p, { input }, ctx) => ctx.services.helpdesk.schedules.create(ctx.em, ctx.actor, input),
    updateHelpSchedule: (_p, { id, input }, ctx) =>
      ctx.services.helpdesk.schedules.update(ctx.em, ctx.actor, id, input),
    deleteHelpSchedule: (_p, { id }, ctx) => ctx.services.helpdesk.schedules.delete(ctx.em, ctx.actor, id),
    rateHelpRequest: async (_p, { id, score, comment }, ctx) =>
      helpRequestViewOf(await ctx.services.helpdesk.helpRequestChanges.rate(ctx.em, ctx.actor, id, score, comment)),
  },
  Subscription: {
    // No resolve of its own: shield guards `subscribe` only when the field has no `resolve`, so the payload is
    // shaped here as graphql-js's default resolver expects it.
    helpRequestChanged: {
      subscribe: async (_p, { id }, ctx) =>
        mapAsyncIterator(
          await ctx.services.helpdesk.helpRequests.watch(ctx.em, ctx.principal, id),
          asHelpRequestChanged,
        ),
    },
  },
  HelpRequestChange: {
    // Read afresh for each change, in the subscriber's own context: what they see is what helpRequest(id) shows them now.
    request: (change, _a, ctx) => ctx.services.helpdesk.helpRequests.get(ctx.em, ctx.principal, change.requestId),
  },
  HelpRequest: {
    areaRisk: (r, _a, ctx) => (r.zip ? ctx.loaders.risk.areaByZip.load(r.zip) : null),
    requesterId: (r) => r.requester?.id ?? null,
    requester: (r, _a, ctx, info) => person(ctx, info, r.requester),
    assignedToId: (r) => r.assignedTo?.id ?? null,
    assignee: (r, _a, ctx, info) => person(ctx, info, r.assignedTo),
    adminNotes: (r, _a, ctx) => ctx.services.helpdesk.helpRequests.adminNotesFor(ctx.principal, r),
    sla: async (r, _a, ctx) => {
      if (!seesInternals(ctx.principal)) return null;
      const { slaRules, countingSchedule } = ctx.loaders.helpdesk;
      const [rules, schedule] = await Promise.all([
        slaRules.load(r.priority),
        r.slaScheduleId ? countingSchedule.load(r.slaScheduleId) : null,
      ]);
      return slaView(r, ctx.services.now(), rules, schedule);
    },
    tags: (r, _a, ctx) => ctx.services.helpdesk.helpRequests.tagsFor(ctx.principal, r),
    satisfaction: (r) =>
      r.satisfactionScore && r.ratedAt
        ? {
            score: r.satisfactionScore,
            comment: r.satisfactionComment ?? null,
            ratedAt: r.ratedAt,
            updatedAt: r.ratingUpdatedAt ?? r.ratedAt,
          }
        : null,
    history: (r, _a, ctx) =>
      whenSettled(ctx.loaders.helpdesk.historyByRequestId.get(r.id), (h) =>
        ctx.services.helpdesk.helpRequests.visibleHistory(ctx.principal, h),
      ),
    responses: (r, _a, ctx) =>
      whenSettled(ctx.loaders.helpdesk.responsesByRequestId.get(r.id), (list) =>
        ctx.services.helpdesk.helpRequests.visibleResponses(ctx.principal, list),
      ),
  },
  User: {
    // A list of people asking for their requests reads every page in one statement, and every count in one more.
    helpRequests: async (user, args, ctx, info) => {
      const { helpRequests } = ctx.services.helpdesk;
      const connection = await helpRequests.ofRequester(ctx.em, ctx.principal, user.id, args, wantsTotalCount(info));
      await preloadSelected(info, NODES, nodesOf(connection), requestRelations(ctx));
      return connection;
    },
  },
  HelpRequestHistoryEntry: {
    actorId: (h) => h.actor?.id ?? null,
    actor: (h, _a, ctx, info) => person(ctx, info, h.actor),
  },
  HelpResponse: {
    requestId: (r) => r.request.id,
    responderId: (r) => r.responder?.id ?? null,
    responder: (r, _a, ctx, info) => person(ctx, info, r.responder),
  },
  Faq: {
    tags: (f) => tagList(f.tags),
  },
};
