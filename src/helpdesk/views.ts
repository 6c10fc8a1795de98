import type { EntityManager, ObjectQuery, QBFilterQuery, QueryOrderMap } from '@mikro-orm/postgresql';
import type { PersonRef } from '../users/views.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';

/*
 * Read models: what the API shows of a help request, a response and a history entry, as plain objects.
 * Lists are read straight into these, without entities: a page of 50 requests and their responses is read
 * far more often than it is changed, and building, registering and tracking an entity per row cost the list
 * more than its SQL did. Entities (which have every property these have) stay the way to change things.
 */

const REQUEST_COLUMNS = [
  'id',
  'title',
  'description',
  'category',
  'priority',
  'contactEmail',
  'status',
  'requester',
  'assignedTo',
  'adminNotes',
  'createdAt',
  'updatedAt',
] as const;

export type HelpRequestView = Pick<HelpRequest, Exclude<(typeof REQUEST_COLUMNS)[number], 'requester' | 'assignedTo'>> & {
  requester?: PersonRef | null;
  assignedTo?: PersonRef | null;
};

const RESPONSE_COLUMNS = ['id', 'request', 'responder', 'response', 'newStatus', 'isPublic', 'createdAt'] as const;

export type HelpResponseView = Pick<HelpResponse, Exclude<(typeof RESPONSE_COLUMNS)[number], 'request' | 'responder'>> & {
  request: { id: number };
  responder?: PersonRef | null;
};

const HISTORY_COLUMNS = ['id', 'request', 'action', 'field', 'oldValue', 'newValue', 'internal', 'actor', 'createdAt'] as const;

export type HelpRequestHistoryView = Pick<HelpRequestHistory, Exclude<(typeof HISTORY_COLUMNS)[number], 'request' | 'actor'>> & {
  request: { id: number };
  actor?: PersonRef | null;
};

/** A foreign key as read (the id, or null) turned into the reference shape entities have. */
const ref = <K>(id: K | null | undefined): { id: K } | null => (id === null || id === undefined ? null : { id });

type Row<T, K extends string> = Omit<T, K> & Record<K, string | number | null>;

export async function readHelpRequests(
  em: EntityManager,
  where: ObjectQuery<HelpRequest>,
  orderBy: QueryOrderMap<HelpRequest>[],
  limit: number,
  offset: number,
): Promise<HelpRequestView[]> {
  const rows = await em
    .createQueryBuilder(HelpRequest)
    .select([...REQUEST_COLUMNS])
    .where(where as QBFilterQuery<HelpRequest>)
    .orderBy(orderBy)
    .limit(limit)
    .offset(offset)
    .execute<Row<HelpRequestView, 'requester' | 'assignedTo'>[]>('all', true);
  return rows.map((row) => ({ ...row, requester: ref(row.requester as string | null), assignedTo: ref(row.assignedTo as string | null) }));
}

/** The responses of these requests, oldest first. */
export async function readResponses(em: EntityManager, requestIds: readonly number[]): Promise<HelpResponseView[]> {
  const rows = await em
    .createQueryBuilder(HelpResponse)
    .select([...RESPONSE_COLUMNS])
    .where({ request: { $in: [...requestIds] } })
    .orderBy([{ createdAt: 'asc' }, { id: 'asc' }])
    .execute<Row<HelpResponseView, 'request' | 'responder'>[]>('all', true);
  return rows.map((row) => ({ ...row, request: { id: row.request as number }, responder: ref(row.responder as string | null) }));
}

/** The history of these requests, in the order it was written. */
export async function readHistory(em: EntityManager, requestIds: readonly number[]): Promise<HelpRequestHistoryView[]> {
  const rows = await em
    .createQueryBuilder(HelpRequestHistory)
    .select([...HISTORY_COLUMNS])
    .where({ request: { $in: [...requestIds] } })
    .orderBy([{ id: 'asc' }])
    .execute<Row<HelpRequestHistoryView, 'request' | 'actor'>[]>('all', true);
  return rows.map((row) => ({ ...row, request: { id: row.request as number }, actor: ref(row.actor as string | null) }));
}
