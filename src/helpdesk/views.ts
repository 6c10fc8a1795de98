import type { EntityManager } from '@mikro-orm/postgresql';
import { groupByKeys, read, readByKeys } from '../platform/db/read.js';
import { keyset, type Connection, type PageWindow, type Position } from '../platform/graphql/connections.js';
import type { PersonRef } from '../users/views.js';
import type { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';
import type { HelpCategory, HelpPriority, HelpStatus, SortOrder } from './vocabulary.js';

/*
 * Read models: what the API shows of a help request, a response and a history entry, as plain objects read
 * with fixed, parameterised SQL (lists are read far more often than they change). Entities stay the way to
 * change things, and the migrations stay the one description of the tables these statements read.
 */

export type HelpRequestView = Pick<
  HelpRequest,
  'id' | 'title' | 'description' | 'category' | 'priority' | 'contactEmail' | 'zip' | 'status' | 'adminNotes' | 'createdAt' | 'updatedAt'
> & { requester?: PersonRef | null; assignedTo?: PersonRef | null };

export type HelpResponseView = Pick<HelpResponse, 'id' | 'response' | 'newStatus' | 'isPublic' | 'createdAt'> & {
  request: { id: number };
  responder?: PersonRef | null;
};

export type HelpRequestHistoryView = Pick<HelpRequestHistory, 'id' | 'action' | 'field' | 'oldValue' | 'newValue' | 'internal' | 'createdAt'> & {
  request: { id: number };
  actor?: PersonRef | null;
};

/** What a list may be narrowed to; every value is bound as a parameter. */
export interface HelpRequestFilter {
  requesterId?: string | undefined;
  status?: HelpStatus | undefined;
  category?: HelpCategory | undefined;
  priority?: HelpPriority | undefined;
}

/** The columns a list may be sorted by; the only identifiers that ever reach the SQL from a caller's choice. */
export const SORT_COLUMNS = {
  id: 'id',
  title: 'title',
  status: 'status',
  priority: 'priority',
  category: 'category',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

export type HelpRequestSortColumn = keyof typeof SORT_COLUMNS;

const FILTER_COLUMNS = { requesterId: 'requester_id', status: 'status', category: 'category', priority: 'priority' } as const;

function where(filter: HelpRequestFilter, extra?: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof HelpRequestFilter, string][]) {
    if (filter[key] === undefined) continue;
    params.push(filter[key]);
    conditions.push(`"${column}" = ?`);
  }
  if (extra) {
    conditions.push(extra.sql);
    params.push(...extra.params);
  }
  return { sql: conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '', params };
}

const ref = (id: string | null): PersonRef | null => (id === null ? null : { id });

interface RequestRow {
  id: number;
  title: string;
  description: string;
  category: HelpCategory;
  priority: HelpPriority;
  contact_email: string | null;
  zip: string | null;
  status: HelpStatus;
  requester_id: string | null;
  assigned_to_id: string | null;
  admin_notes: string | null;
  created_at: string;
  updated_at: string;
}

/** One page of requests, sorted by the column given and then by id, so equal values never split or repeat across pages. */
export async function readHelpRequests(
  em: EntityManager,
  filter: HelpRequestFilter,
  sort: { column: HelpRequestSortColumn; order: SortOrder },
  limit: number,
  offset: number,
): Promise<HelpRequestView[]> {
  const condition = where(filter);
  const direction = sort.order === 'asc' ? 'asc' : 'desc';
  const orderBy = sort.column === 'id' ? `"id" ${direction}` : `"${SORT_COLUMNS[sort.column]}" ${direction}, "id" ${direction}`;
  const rows = await read<RequestRow>(
    em,
    `select id, title, description, category, priority, contact_email, zip, status, requester_id, assigned_to_id, admin_notes,
            created_at, updated_at
       from "help_requests"${condition.sql} order by ${orderBy} limit ? offset ?`,
    [...condition.params, limit, offset],
  );
  return rows.map((row) => toView(em, row));
}

function toView(em: EntityManager, row: RequestRow): HelpRequestView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    contactEmail: row.contact_email,
    zip: row.zip,
    status: row.status,
    requester: ref(row.requester_id),
    assignedTo: ref(row.assigned_to_id),
    adminNotes: row.admin_notes,
    createdAt: em.getPlatform().parseDate(row.created_at),
    updatedAt: em.getPlatform().parseDate(row.updated_at),
  };
}

/** What a connection's edges hold: a help request, and where it sits in the order it was read in. */
export type HelpRequestConnection = Connection<HelpRequestView>;
export type PositionedHelpRequest = HelpRequestView & { position: Position };

/**
 * Up to `window.size + 1` requests past the window's position, in scan order (see keyset in the connection
 * toolkit). The sort key goes into the cursor as PostgreSQL writes it as text (a timestamp keeps its
 * microseconds, an enum its label), and comes back as a parameter PostgreSQL reads as the column's type, so
 * the comparison is exact. Every sort column is NOT NULL (see the helpdesk migration), so no row falls out.
 */
export async function readHelpRequestsAfter(
  em: EntityManager,
  filter: HelpRequestFilter,
  sort: { column: HelpRequestSortColumn; order: SortOrder },
  window: PageWindow,
): Promise<PositionedHelpRequest[]> {
  const column = sort.column === 'id' ? undefined : `"${SORT_COLUMNS[sort.column]}"`;
  const seek = keyset(column, sort.order === 'asc' ? 'asc' : 'desc', window);
  const condition = where(filter, seek.condition);
  const rows = await read<RequestRow & { sort_key: string | null }>(
    em,
    `select id, title, description, category, priority, contact_email, status, requester_id, assigned_to_id, admin_notes,
            created_at, updated_at, ${column === undefined ? 'null' : `${column}::text`} as sort_key
       from "help_requests"${condition.sql} order by ${seek.orderBy} limit ?`,
    [...condition.params, window.size + 1],
  );
  return rows.map((row) => ({ ...toView(em, row), position: row.sort_key === null ? [row.id] : [row.sort_key, row.id] }));
}

/**
 * readHelpRequestsAfter for several requesters at once: each one's page (their requests matching `filter`, up to
 * `window.size + 1` past its position) in one statement, a lateral join that reads each requester's rows off the
 * (requester_id, created_at) index. In the order of `requesterIds`.
 */
export async function readRequestersHelpRequestsAfter(
  em: EntityManager,
  requesterIds: readonly string[],
  filter: Omit<HelpRequestFilter, 'requesterId'>,
  sort: { column: HelpRequestSortColumn; order: SortOrder },
  window: PageWindow,
): Promise<PositionedHelpRequest[][]> {
  const column = sort.column === 'id' ? undefined : `"${SORT_COLUMNS[sort.column]}"`;
  const seek = keyset(column, sort.order === 'asc' ? 'asc' : 'desc', window);
  const condition = where({ ...filter, requesterId: undefined }, seek.condition);
  const scope = `${condition.sql ? `${condition.sql} and` : ' where'} "requester_id" = p.requester_id`;
  const rows = await read<RequestRow & { sort_key: string | null }>(
    em,
    `select r.* from unnest(array[?]::varchar[]) as p(requester_id) cross join lateral (
       select id, title, description, category, priority, contact_email, status, requester_id, assigned_to_id, admin_notes,
              created_at, updated_at, ${column === undefined ? 'null' : `${column}::text`} as sort_key
         from "help_requests"${scope} order by ${seek.orderBy} limit ?) r`,
    [[...requesterIds], ...condition.params, window.size + 1],
  );
  const views = rows.map((row) => ({ ...toView(em, row), position: row.sort_key === null ? [row.id] : [row.sort_key, row.id] }));
  return groupByKeys(requesterIds, views, (view) => view.requester!.id);
}

/** countHelpRequests for several requesters at once, from their kept counts, in the order of `requesterIds`. */
export async function countRequestersHelpRequests(
  em: EntityManager,
  requesterIds: readonly string[],
  filter: Omit<HelpRequestFilter, 'requesterId'>,
): Promise<number[]> {
  const condition = where({ ...filter, requesterId: undefined });
  const rows = await read<{ requester_id: string; total: number }>(
    em,
    `select requester_id, coalesce(sum(requests), 0)::int as total from "help_request_requester_counts"
      ${condition.sql ? `${condition.sql} and` : ' where'} requester_id in (?) group by requester_id`,
    [...condition.params, [...requesterIds]],
  );
  const totals = new Map(rows.map((row) => [row.requester_id, row.total]));
  return requesterIds.map((id) => totals.get(id) ?? 0);
}

/**
 * How many requests match: a sum over the kept counts (at most 140 cells per scope, see the helpdesk_counts
 * migration), so its cost does not grow with the number of requests.
 */
export async function countHelpRequests(em: EntityManager, filter: HelpRequestFilter): Promise<number> {
  const condition = where(filter);
  const table = filter.requesterId === undefined ? 'help_request_counts' : 'help_request_requester_counts';
  const [row] = await read<{ total: number }>(em, `select coalesce(sum(requests), 0)::int as total from "${table}"${condition.sql}`, condition.params);
  return row!.total;
}

interface ResponseRow {
  id: number;
  request_id: number;
  responder_id: string | null;
  response: string;
  new_status: HelpStatus | null;
  is_public: boolean;
  created_at: string;
}

/** The responses of these requests, oldest first. */
export function readResponses(em: EntityManager, requestIds: readonly number[]): Promise<HelpResponseView[]> {
  return readByKeys<ResponseRow, HelpResponseView>(
    em,
    `select id, request_id, responder_id, response, new_status, is_public, created_at
       from help_responses where request_id in (?) order by created_at asc, id asc`,
    requestIds,
    (row) => ({
      id: row.id,
      request: { id: row.request_id },
      responder: ref(row.responder_id),
      response: row.response,
      newStatus: row.new_status,
      isPublic: row.is_public,
      createdAt: em.getPlatform().parseDate(row.created_at),
    }),
  );
}

interface HistoryRow {
  id: number;
  request_id: number;
  action: HelpRequestHistory['action'];
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  internal: boolean;
  actor_id: string | null;
  created_at: string;
}

/** The history of these requests, in the order it was written. */
export function readHistory(em: EntityManager, requestIds: readonly number[]): Promise<HelpRequestHistoryView[]> {
  return readByKeys<HistoryRow, HelpRequestHistoryView>(
    em,
    `select id, request_id, action, field, old_value, new_value, internal, actor_id, created_at
       from help_request_history where request_id in (?) order by id asc`,
    requestIds,
    (row) => ({
      id: row.id,
      request: { id: row.request_id },
      action: row.action,
      field: row.field,
      oldValue: row.old_value,
      newValue: row.new_value,
      internal: row.internal,
      actor: ref(row.actor_id),
      createdAt: em.getPlatform().parseDate(row.created_at),
    }),
  );
}
