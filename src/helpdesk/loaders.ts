import type { EntityManager } from '@mikro-orm/postgresql';
import { groupByKeys } from '../platform/db/read.js';
import { SettledLoader } from '../platform/graphql/settled-loader.js';
import { readHistory, readResponses, type HelpRequestHistoryView, type HelpResponseView } from './views.js';

/**
 * One query per relation per request, however many help requests a list holds. They load everything; what a
 * reader may see of it (public responses, non-internal history) is the service's call.
 */
export function createHelpdeskLoaders(em: EntityManager) {
  return {
    responsesByRequestId: new SettledLoader<number, HelpResponseView[]>(async (ids) => groupByKeys(ids, await readResponses(em, ids), (r) => r.request.id)),
    historyByRequestId: new SettledLoader<number, HelpRequestHistoryView[]>(async (ids) => groupByKeys(ids, await readHistory(em, ids), (h) => h.request.id)),
  };
}
