import type { GraphQLResolveInfo } from 'graphql';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import type { Context } from '../platform/graphql/context.js';
import { selectedFields } from '../platform/graphql/look-ahead.js';
import { mapAsyncIterator } from './async-queue.js';
import type { HelpRequestChange } from './events.js';
import { tagList } from './validation.js';

/** A change as the payload of helpRequestChanged (one function for every subscription, not a closure each). */
const asHelpRequestChanged = (change: HelpRequestChange) => ({ helpRequestChanged: change });

/** Fields of a User that its name alone answers. */
const NAME_FIELDS = new Set(['id', 'username', '__typename']);
const namesOnly = new WeakMap<GraphQLResolveInfo['fieldNodes'], boolean>();

/** Whether a person field asks nothing of the person but what their name answers (decided once per document). */
function asksOnlyName(info: GraphQLResolveInfo, path: readonly string[] = []): boolean {
  if (path.length === 0) {
    const known = namesOnly.get(info.fieldNodes);
    if (known !== undefined) return known;
  }
  const answer = [...selectedFields(info, path)].every((field) => NAME_FIELDS.has(field));
  if (path.length === 0) namesOnly.set(info.fieldNodes, answer);
  return answer;
}

/** The person a relation points at: by name only when that is all the query asks, else the read model. */
function person(ctx: Context, info: GraphQLResolveInfo, user: { id: string } | null | undefined) {
  if (!user) return null;
  return asksOnlyName(info) ? ctx.loaders.users.nameById.get(user.id) : ctx.loaders.users.userById.get(user.id);
}

/** What the relation fields of a page of requests read: the request's people and responses, and their responders. */
interface Related {
  requester?: { id: string } | null;
  assignedTo?: { id: string } | null;
  id: number;
}

/**
 * Reads, in as many batches as the fields would have taken, the relations a page's query selects (people,
 * responses, responders), before the page is returned: its relation fields then answer at once, not each
 * through a promise. What is not selected is not read. `at` is where the requests sit below the field: a page's
 * `requests`, a connection's `edges.node`.
 */
async function preloadRelations(
  ctx: Context,
  info: GraphQLResolveInfo,
  requests: readonly Related[],
  at: readonly string[] = ['requests'],
): Promise<void> {
  const fields = selectedFields(info, at);
  const { userById, nameById } = ctx.loaders.users;
  const { responsesByRequestId } = ctx.loaders.helpdesk;
  const loaderOf = (path: string[]) => (asksOnlyName(info, path) ? nameById : userById);
  const people = new Map<typeof userById | typeof nameById, string[]>();
  const want = (loader: typeof userById | typeof nameById, ref: { id: string } | null | undefined) => {
    if (!ref) return;
    const ids = people.get(loader);
    if (ids) ids.push(ref.id);
    else people.set(loader, [ref.id]);
  };
  const requesters = fields.has('requester') ? loaderOf([...at, 'requester']) : undefined;
  const assignees = fields.has('assignee') ? loaderOf([...at, 'assignee']) : undefined;
  for (const request of requests) {
    if (requesters) want(requesters, request.requester);
    if (assignees) want(assignees, request.assignedTo);
  }
  const responses = fields.has('responses');
  const responders = responses && selectedFields(info, [...at, 'responses']).has('responder');
  // Responders join the page's other people in one batch, so a page costs the same statements whoever answered it.
  if (responders) {
    await responsesByRequestId.preload(requests.map((r) => r.id));
    const loader = loaderOf([...at, 'responses', 'responder']);
    for (const request of requests) {
      const list = responsesByRequestId.get(request.id);
      if (Array.isArray(list)) for (const response of list) want(loader, response.responder);
    }
  }
  await Promise.all([
    ...[...people].map(([loader, ids]) => loader.preload(ids)),
    responses && !responders ? responsesByRequestId.preload(requests.map((r) => r.id)) : undefined,
  ]);
}

/** Pagination fields that need the count of matching requests. */
const COUNTED_FIELDS = ['total', 'pages', 'hasNext'];
const asksTotal = new WeakMap<GraphQLResolveInfo['fieldNodes'], boolean>();

/** Whether a list query selects anything the count answers (decided once per document). */
function asksForTotal(info: GraphQLResolveInfo): boolean {
  let answer = asksTotal.get(info.fieldNodes);
  if (answer === undefined) {
    const fields = selectedFields(info, ['pagination']);
    answer = COUNTED_FIELDS.some((field) => fields.has(field));
    asksTotal.set(info.fieldNodes, answer);
  }
  return answer;
}

/** Where a connection's requests sit below its field. */
const NODES = ['edges', 'node'];
const asksCount = new WeakMap<GraphQLResolveInfo['fieldNodes'], boolean>();

/** Whether a connection query selects totalCount (decided once per document). */
function asksForTotalCount(info: GraphQLResolveInfo): boolean {
  let answer = asksCount.get(info.fieldNodes);
  if (answer === undefined) {
    answer = selectedFields(info).has('totalCount');
    asksCount.set(info.fieldNodes, answer);
  }
  return answer;
}

/** Applies `then` to a value now, or once its promise settles. */
const settle = <T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(then) : then(value);

export const helpdeskResolvers: Resolvers = {
  Query: {
    helpRequests: async (_p, args, ctx, info) => {
      const page = await ctx.services.helpdesk.requests.list(ctx.em, ctx.principal, args, {
        total: asksForTotal(info),
      });
      await preloadRelations(ctx, info, page.requests);
      return page;
    },
    helpRequestsConnection: async (_p, args, ctx, info) => {
      const connection = await ctx.services.helpdesk.requests.connection(ctx.em, ctx.principal, args, {
        total: asksForTotalCount(info),
      });
      await preloadRelations(
        ctx,
        info,
        connection.edges.map((e) => e.node),
        NODES,
      );
      return connection;
    },
    helpRequest: (_p, { id }, ctx) => ctx.services.helpdesk.requests.get(ctx.em, ctx.principal, id),
    faqs: (_p, args, ctx) => ctx.services.helpdesk.faqs.list(ctx.em, args),
    helpSearch: async (_p, { q }, ctx) => ({
      faqs: await ctx.services.helpdesk.faqs.search(ctx.em, q),
      helpRequests: await ctx.services.helpdesk.requests.search(ctx.em, ctx.principal, q),
    }),
    helpStatistics: (_p, _a, ctx) => ctx.services.helpdesk.statistics.summary(ctx.em),
    helpSlaPolicies: (_p, _a, ctx) => ctx.services.helpdesk.slaPolicies.list(ctx.em),
    helpSchedules: (_p, _a, ctx) => ctx.services.helpdesk.schedules.list(ctx.em),
  },
  Mutation: {
    createHelpRequest: (_p, { input }, ctx) => ctx.services.helpdesk.requests.create(ctx.em, ctx.actor, input),
    updateHelpRequest: (_p, { id, input }, ctx) => ctx.services.helpdesk.requests.update(ctx.em, ctx.actor, id, input),
    respondToHelpRequest: (_p, { id, input }, ctx) =>
      ctx.services.helpdesk.requests.respond(ctx.em, ctx.actor, id, input),
    createFaq: (_p, { input }, ctx) => ctx.services.helpdesk.faqs.create(ctx.em, ctx.actor, input),
    updateFaq: (_p, { id, input }, ctx) => ctx.services.helpdesk.faqs.update(ctx.em, ctx.actor, id, input),
    deleteFaq: (_p, { id }, ctx) => ctx.services.helpdesk.faqs.delete(ctx.em, ctx.actor, id),
    deleteHelpRequest: (_p, { id }, ctx) => ctx.services.helpdesk.requests.delete(ctx.em, ctx.actor, id),
    updateHelpSlaPolicy: (_p, { priority, input }, ctx) =>
      ctx.services.helpdesk.slaPolicies.update(ctx.em, ctx.actor, priority, input),
    createHelpSchedule: (_p, { input }, ctx) => ctx.services.helpdesk.schedules.create(ctx.em, ctx.actor, input),
    updateHelpSchedule: (_p, { id, input }, ctx) =>
      ctx.services.helpdesk.schedules.update(ctx.em, ctx.actor, id, input),
    deleteHelpSchedule: (_p, { id }, ctx) => ctx.services.helpdesk.schedules.delete(ctx.em, ctx.actor, id),
    rateHelpRequest: (_p, { id, score, comment }, ctx) =>
      ctx.services.helpdesk.requests.rate(ctx.em, ctx.actor, id, score, comment),
  },
  Subscription: {
    // No resolve of its own: shield guards `subscribe` only when the field has no `resolve`, so the payload is
    // shaped here as graphql-js's default resolver expects it.
    helpRequestChanged: {
      subscribe: async (_p, { id }, ctx) =>
        mapAsyncIterator(await ctx.services.helpdesk.requests.watch(ctx.em, ctx.principal, id), asHelpRequestChanged),
    },
  },
  HelpRequestChange: {
    // Read afresh for each change, in the subscriber's own context: what they see is what helpRequest(id) shows them now.
    request: (change, _a, ctx) => ctx.services.helpdesk.requests.get(ctx.em, ctx.principal, change.requestId),
  },
  HelpRequest: {
    areaRisk: (r, _a, ctx) => (r.zip ? ctx.loaders.risk.areaByZip.load(r.zip) : null),
    requesterId: (r) => r.requester?.id ?? null,
    requester: (r, _a, ctx, info) => person(ctx, info, r.requester),
    assignedToId: (r) => r.assignedTo?.id ?? null,
    assignee: (r, _a, ctx, info) => person(ctx, info, r.assignedTo),
    adminNotes: (r, _a, ctx) => ctx.services.helpdesk.requests.adminNotesFor(ctx.principal, r),
    sla: (r, _a, ctx) => ctx.services.helpdesk.requests.slaFor(ctx.principal, r, ctx.loaders.helpdesk),
    tags: (r, _a, ctx) => ctx.services.helpdesk.requests.tagsFor(ctx.principal, r),
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
      settle(ctx.loaders.helpdesk.historyByRequestId.get(r.id), (h) =>
        ctx.services.helpdesk.requests.visibleHistory(ctx.principal, h),
      ),
    responses: (r, _a, ctx) =>
      settle(ctx.loaders.helpdesk.responsesByRequestId.get(r.id), (list) =>
        ctx.services.helpdesk.requests.visibleResponses(ctx.principal, list),
      ),
  },
  User: {
    // A list of people asking for their requests reads every page in one statement, and every count in one more.
    helpRequests: async (user, args, ctx, info) => {
      const connection = await ctx.services.helpdesk.requests.ofRequester(
        ctx.principal,
        user.id,
        args,
        { total: asksForTotalCount(info) },
        ctx.loaders.helpdesk,
      );
      await preloadRelations(
        ctx,
        info,
        connection.edges.map((e) => e.node),
        NODES,
      );
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
