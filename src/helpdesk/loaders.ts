import type { EntityManager } from '@mikro-orm/postgresql';
import { SettledLoader } from '../graphql/settled-loader.js';
import { readHistory, readResponses, type HelpRequestHistoryView, type HelpResponseView } from './views.js';

/** Groups rows by the id of the request they belong to, in the order the ids were asked for. */
function byRequest<T extends { request: { id: number } }>(ids: readonly number[], rows: T[]): T[][] {
  const groups = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) groups.get(row.request.id)?.push(row);
  return ids.map((id) => groups.get(id)!);
}

/**
 * One query per relation per request, however many help requests a list holds. They load everything; what a
 * reader may see of it (public responses, non-internal history) is the service's call.
 */
export function createHelpdeskLoaders(em: EntityManager) {
  return {
    responsesByRequestId: new SettledLoader<number, HelpResponseView[]>(async (ids) => byRequest(ids, await readResponses(em, ids))),
    historyByRequestId: new SettledLoader<number, HelpRequestHistoryView[]>(async (ids) => byRequest(ids, await readHistory(em, ids))),
  };
}
