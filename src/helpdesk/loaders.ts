import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Faq } from './faq.entity.js';
import { HelpRequest } from './help-request.entity.js';
import { groupByKeys } from '../platform/db/read.js';
import type { PageWindow } from '../platform/graphql/connections.js';
import { SettledLoader } from '../platform/graphql/settled-loader.js';
import {
  countRequestersHelpRequests,
  readHistory,
  readRequestersHelpRequestsAfter,
  readResponses,
  type HelpRequestFilter,
  type HelpRequestHistoryView,
  type HelpRequestSortColumn,
  type HelpResponseView,
  type PositionedHelpRequest,
} from './views.js';
import { readSchedules, type ScheduleRecord } from './schedule-records.js';
import { readRules } from './sla-recount.js';
import type { SlaRules } from './sla.js';
import { HELP_PRIORITIES, type HelpPriority, type SortOrder } from './vocabulary.js';
import { readRequestAttachments, readResponseAttachments, type HelpAttachmentView } from './attachments/views.js';

/** One requester's page of requests: whose, which (filter), in what order, and where. */
export interface RequesterPageKey {
  requesterId: string;
  filter: Omit<HelpRequestFilter, 'requesterId'>;
  sort: { column: HelpRequestSortColumn; order: SortOrder };
  window: PageWindow;
}

/**
 * Loads keys that share everything but the requester in one call per shared part: a list of people asking for
 * their requests with the same arguments is one statement, whatever its length.
 */
function byRequester<K extends { requesterId: string }, V>(
  load: (ids: string[], shared: Omit<K, 'requesterId'>) => Promise<V[]>,
) {
  const sharedOf = ({ requesterId: _id, ...shared }: K) => shared;
  return new DataLoader<K, V, string>(
    async (keys) => {
      const groups = new Map<string, { shared: Omit<K, 'requesterId'>; indexes: number[] }>();
      keys.forEach((key, i) => {
        const shared = sharedOf(key);
        const id = JSON.stringify(shared);
        const group = groups.get(id);
        if (group) group.indexes.push(i);
        else groups.set(id, { shared, indexes: [i] });
      });
      const values = new Array<V>(keys.length);
      await Promise.all(
        [...groups.values()].map(async ({ shared, indexes }) => {
          const loaded = await load(
            indexes.map((i) => keys[i].requesterId),
            shared,
          );
          indexes.forEach((keyIndex, i) => (values[keyIndex] = loaded[i]!));
        }),
      );
      return values;
    },
    { cacheKeyFn: (key) => JSON.stringify([key.requesterId, sharedOf(key)]) },
  );
}

/**
 * One query per relation per request, however many help requests a list holds. They load everything; what a
 * reader may see of it (public responses, non-internal history) is the service's call.
 */
export function createHelpdeskLoaders(em: EntityManager) {
  const slaRules = new DataLoader<HelpPriority, SlaRules>(async (priorities) => {
    const rules = await readRules(em, priorities);
    return priorities.map((p) => rules.get(p) ?? new Error(`No policy for ${p}`));
  });
  return {
    /** Help requests by number, whoever may read them (the caller's check is the service's); a missing one is null. */
    requestById: new DataLoader<number, HelpRequest | null>(async (ids) => {
      const rows = await em.find(HelpRequest, { id: { $in: [...ids] } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** The entries faqs lists (active ones) by id; any other is null. */
    activeFaqById: new DataLoader<number, Faq | null>(async (ids) => {
      const rows = await em.find(Faq, { id: { $in: [...ids] }, isActive: true });
      const byId = new Map(rows.map((f) => [f.id, f]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Each priority's service-level rules, its schedule included: the policies of a whole list in one statement. */
    slaRules,
    scheduleById: new DataLoader<string, ScheduleRecord | null>(async (ids) => {
      const schedules = await readSchedules(em, ids);
      return ids.map((id) => schedules.get(id) ?? null);
    }),
    /** The priorities whose policy counts in a schedule (every policy read once, with slaRules). */
    prioritiesBySchedule: new DataLoader<string, HelpPriority[]>(async (ids) => {
      const all = await slaRules.loadMany(HELP_PRIORITIES);
      return ids.map((id) => HELP_PRIORITIES.filter((_p, i) => !(all[i] instanceof Error) && all[i].scheduleId === id));
    }),
    responsesByRequestId: new SettledLoader<number, HelpResponseView[]>(async (ids) =>
      groupByKeys(ids, await readResponses(em, ids), (r) => r.request.id),
    ),
    attachmentsByRequestId: new SettledLoader<number, HelpAttachmentView[]>(async (ids) =>
      groupByKeys(ids, await readRequestAttachments(em, ids), (a) => a.requestId!),
    ),
    attachmentsByResponseId: new SettledLoader<number, HelpAttachmentView[]>(async (ids) =>
      groupByKeys(ids, await readResponseAttachments(em, ids), (a) => a.responseId!),
    ),
    historyByRequestId: new SettledLoader<number, HelpRequestHistoryView[]>(async (ids) =>
      groupByKeys(ids, await readHistory(em, ids), (h) => h.request.id),
    ),
    /** User.helpRequests over a list of people: every page in one statement (a lateral join). */
    pageByRequester: byRequester<RequesterPageKey, PositionedHelpRequest[]>((ids, { filter, sort, window }) =>
      readRequestersHelpRequestsAfter(em, ids, filter, sort, window),
    ),
    /** Their totalCounts, from the kept counts, in one statement. */
    totalByRequester: byRequester<Omit<RequesterPageKey, 'sort' | 'window'>, number>((ids, { filter }) =>
      countRequestersHelpRequests(em, ids, filter),
    ),
  };
}
