import type { EntityManager } from '@mikro-orm/postgresql';
import { read, readByKeys } from '../platform/db/read.js';
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

function where(filter: HelpRequestFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof HelpRequestFilter, string][]) {
    if (filter[key] === undefined) continue;
    params.push(filter[key]);
    conditions.push(`"${column}" = ?`);
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
  return rows.map((row) => ({
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
  }));
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
