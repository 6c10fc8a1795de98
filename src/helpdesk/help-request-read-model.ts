import type { EntityManager } from '@mikro-orm/postgresql';
import { groupByKeys, read, readByKeys } from '../platform/db/read.js';
import {
  asIsoTimestamp,
  dateOf,
  isoTimestamp,
  maybeAsIsoTimestamp,
  maybeIsoTimestamp,
  type IsoTimestamp,
} from '../platform/db/timestamps.js';
import { keyset, type Connection, type PageWindow, type Position } from '../platform/graphql/connections.js';
import type { PersonRef } from '../users/views.js';
import type { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';
import type { SlaClock } from './sla.js';
import { matchCondition, rankExpression, type Planning, type TextMatch } from './text-search.js';
import type { HelpCategory, HelpPriority, HelpStatus, SortOrder } from './vocabulary.js';

/*
 * Read models: what the API shows of a help request, a response and a history entry, as plain objects read
 * with fixed, parameterised SQL (lists are read far more often than they change). Entities stay the way to
 * change things, and the migrations stay the one description of the tables these statements read.
 */

/**
 * The request's times as the API writes them (ISO text, formatted once): code that computes with one takes its Date
 * (dateOf, or slaClockOf for the service-level clock).
 */
type TimesOf<T, K extends keyof T> = {
  [P in K]: T[P] extends infer V ? (V extends Date ? IsoTimestamp : V) : never;
};

type RequestTimes = 'createdAt' | 'updatedAt';
type SlaTimes =
  | 'firstResponseDueAt'
  | 'resolutionDueAt'
  | 'pausedSince'
  | 'firstPublicResponseAt'
  | 'resolvedAt'
  | 'slaCountedAt'
  | 'ratedAt'
  | 'ratingUpdatedAt';

export type HelpRequestView = Pick<
  HelpRequest,
  'id' | 'title' | 'description' | 'category' | 'priority' | 'contactEmail' | 'zip' | 'status' | 'adminNotes'
> &
  TimesOf<HelpRequest, RequestTimes> &
  SlaView & { requester?: PersonRef | null; assignedTo?: PersonRef | null };

/** A request's service-level clock, tags and rating, as entities and list rows both carry them. */
export type SlaView = Pick<
  HelpRequest,
  | 'pausedSeconds'
  | 'firstResponseBreached'
  | 'resolutionBreached'
  | 'firstResponseSeconds'
  | 'resolutionSeconds'
  | 'slaScheduleId'
  | 'slaUsedSeconds'
  | 'tags'
  | 'satisfactionScore'
  | 'satisfactionComment'
> &
  TimesOf<HelpRequest, SlaTimes>;

export type HelpResponseView = Pick<HelpResponse, 'id' | 'response' | 'newStatus' | 'isPublic'> & {
  createdAt: IsoTimestamp;
  request: { id: number };
  responder?: PersonRef | null;
};

export type HelpRequestHistoryView = Pick<
  HelpRequestHistory,
  'id' | 'action' | 'field' | 'oldValue' | 'newValue' | 'internal'
> & {
  createdAt: IsoTimestamp;
  request: { id: number };
  actor?: PersonRef | null;
};

/** What the API shows of a request an entity holds (one just changed, or read to be changed). */
export function helpRequestViewOf(request: HelpRequest): HelpRequestView {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    category: request.category,
    priority: request.priority,
    contactEmail: request.contactEmail,
    zip: request.zip,
    status: request.status,
    requester: request.requester ? { id: request.requester.id } : null,
    assignedTo: request.assignedTo ? { id: request.assignedTo.id } : null,
    adminNotes: request.adminNotes,
    createdAt: asIsoTimestamp(request.createdAt),
    updatedAt: asIsoTimestamp(request.updatedAt),
    firstResponseDueAt: asIsoTimestamp(request.firstResponseDueAt),
    resolutionDueAt: asIsoTimestamp(request.resolutionDueAt),
    pausedSeconds: request.pausedSeconds,
    pausedSince: maybeAsIsoTimestamp(request.pausedSince),
    firstPublicResponseAt: maybeAsIsoTimestamp(request.firstPublicResponseAt),
    resolvedAt: maybeAsIsoTimestamp(request.resolvedAt),
    firstResponseBreached: request.firstResponseBreached,
    resolutionBreached: request.resolutionBreached,
    firstResponseSeconds: request.firstResponseSeconds,
    resolutionSeconds: request.resolutionSeconds,
    slaScheduleId: request.slaScheduleId,
    slaUsedSeconds: request.slaUsedSeconds,
    slaCountedAt: asIsoTimestamp(request.slaCountedAt),
    tags: request.tags,
    satisfactionScore: request.satisfactionScore,
    satisfactionComment: request.satisfactionComment,
    ratedAt: maybeAsIsoTimestamp(request.ratedAt),
    ratingUpdatedAt: maybeAsIsoTimestamp(request.ratingUpdatedAt),
  };
}

/** What the API shows of a response an entity holds (one just written). */
export function helpResponseViewOf(response: HelpResponse): HelpResponseView {
  return {
    id: response.id,
    response: response.response,
    newStatus: response.newStatus,
    isPublic: response.isPublic,
    createdAt: asIsoTimestamp(response.createdAt),
    request: { id: response.request.id },
    responder: response.responder ? { id: response.responder.id } : null,
  };
}

/** A request's service-level clock, with the Dates its rules compute with (an entity's own, or a read model's made now). */
export function slaClockOf(request: HelpRequestView & { status: HelpStatus }): SlaClock {
  return {
    createdAt: dateOf(request.createdAt),
    status: request.status,
    firstResponseDueAt: dateOf(request.firstResponseDueAt),
    resolutionDueAt: dateOf(request.resolutionDueAt),
    pausedSeconds: request.pausedSeconds ?? 0,
    pausedSince: dateOf(request.pausedSince),
    firstPublicResponseAt: dateOf(request.firstPublicResponseAt),
    resolvedAt: dateOf(request.resolvedAt),
    firstResponseSeconds: request.firstResponseSeconds,
    resolutionSeconds: request.resolutionSeconds,
    firstResponseBreached: request.firstResponseBreached,
    resolutionBreached: request.resolutionBreached,
    slaScheduleId: request.slaScheduleId,
    slaUsedSeconds: request.slaUsedSeconds,
    slaCountedAt: dateOf(request.slaCountedAt),
  };
}

/**
 * What a list may be narrowed to; every value is bound as a parameter. Every filter but `tag` is a cell of the kept
 * counts the triggers maintain (the helpdesk_counts and help_service_levels migrations), so a total over them costs
 * a few rows whatever the number of requests; a tag is not, and its total counts rows (off the tags' index).
 */
export interface HelpRequestFilter extends KeptCountFilter {
  /** Requests carrying this (normalised) tag. */
  tag?: string | undefined;
}

/** The filters whose totals the kept counts answer. */
export interface KeptCountFilter {
  requesterId?: string | undefined;
  status?: HelpStatus | undefined;
  category?: HelpCategory | undefined;
  priority?: HelpPriority | undefined;
  /** Requests that breached a target (true) or none (false). */
  slaBreached?: boolean | undefined;
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
  firstResponseDueAt: 'first_response_due_at',
  resolutionDueAt: 'resolution_due_at',
} as const;

export type HelpRequestSortColumn = keyof typeof SORT_COLUMNS;

export interface HelpRequestSort {
  column: HelpRequestSortColumn;
  order: SortOrder;
}

const FILTER_COLUMNS = {
  requesterId: 'requester_id',
  status: 'status',
  category: 'category',
  priority: 'priority',
  slaBreached: 'sla_breached',
} as const satisfies Record<keyof KeptCountFilter, string>;

function where(
  filter: HelpRequestFilter,
  extra?: { sql: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof typeof FILTER_COLUMNS, string][]) {
    if (filter[key] === undefined) continue;
    params.push(filter[key]);
    conditions.push(`"${column}" = ?`);
  }
  if (filter.tag !== undefined) {
    // Containment, so the tags' GIN index answers it.
    params.push(filter.tag);
    conditions.push(`"tags" @> array[?]::text[]`);
  }
  if (extra) {
    conditions.push(extra.sql);
    params.push(...extra.params);
  }
  return { sql: conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '', params };
}

/** A condition and the `and`/`where` that joins it to a filter's. */
const joined = (condition: { sql: string }, more: string) =>
  `${condition.sql ? `${condition.sql} and` : ' where'} ${more}`;

const ref = (id: string | null): PersonRef | null => (id === null ? null : { id });

/** A help_requests row as the read model's statements return it (timestamps as PostgreSQL's text). */
export interface HelpRequestRow {
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
  first_response_due_at: string;
  resolution_due_at: string;
  paused_seconds: number;
  paused_since: string | null;
  first_public_response_at: string | null;
  resolved_at: string | null;
  first_response_breached: boolean;
  resolution_breached: boolean;
  first_response_seconds: number | null;
  resolution_seconds: number | null;
  sla_schedule_id: string | null;
  sla_used_seconds: number;
  sla_counted_at: string;
  tags: string[];
  satisfaction_score: number | null;
  satisfaction_comment: string | null;
  rated_at: string | null;
  rating_updated_at: string | null;
}

/** What a list reads of each request. */
const REQUEST_COLUMNS = `id, title, description, category, priority, contact_email, zip, status, requester_id, assigned_to_id, admin_notes,
            created_at, updated_at, first_response_due_at, resolution_due_at, paused_seconds, paused_since, first_public_response_at,
            resolved_at, first_response_breached, resolution_breached, first_response_seconds, resolution_seconds, sla_schedule_id,
            sla_used_seconds, sla_counted_at, tags, satisfaction_score, satisfaction_comment, rated_at, rating_updated_at`;

/** The requests of these numbers (a missing one is left out), whoever may read them: the caller checks. */
export function readHelpRequestsByIds(em: EntityManager, ids: readonly number[]): Promise<HelpRequestView[]> {
  return readByKeys<HelpRequestRow, HelpRequestView>(
    em,
    `select ${REQUEST_COLUMNS} from "help_requests" where id in (?)`,
    ids,
    (row) => toView(em, row),
  );
}

/** One page of requests, sorted by the column given and then by id, so equal values never split or repeat across pages. */
export async function readHelpRequests(
  em: EntityManager,
  filter: HelpRequestFilter,
  sort: HelpRequestSort,
  limit: number,
  offset: number,
): Promise<HelpRequestView[]> {
  const condition = where(filter);
  const direction = sort.order === 'asc' ? 'asc' : 'desc';
  const orderBy =
    sort.column === 'id' ? `"id" ${direction}` : `"${SORT_COLUMNS[sort.column]}" ${direction}, "id" ${direction}`;
  const rows = await read<HelpRequestRow>(
    em,
    `select ${REQUEST_COLUMNS}
       from "help_requests"${condition.sql} order by ${orderBy} limit ? offset ?`,
    [...condition.params, limit, offset],
  );
  return rows.map((row) => toView(em, row));
}

/** How far searchHelpRequests goes, and how it ranks. */
export interface SearchBounds {
  /** Requests answered at most. */
  limit: number;
  /** The newest matches ranked. */
  ranked: number;
  /** The newest requests looked through first for them. */
  scanned: number;
}

/**
 * The requests matching a search that `filter` allows, best match first (text-search.ts says how a term matches and
 * ranks), newest first among equals, then by id; a short term's substring matches newest first.
 *
 * Only the newest `ranked` matches are ranked: a ranked order is not one an index can walk, so ranking every match
 * would read every matching row, a tenth of the table for a common word. They are found in one of two reads, so
 * that neither reads much more than it finds, whatever PostgreSQL guesses of a term:
 * - the newest `scanned` requests, newest first off the created_at index (the requester's own index for a
 *   requester), stopping at the `ranked`-th match: enough for any word in one request of `scanned / ranked` or
 *   more, which is where walking the newest requests pays. Its plan is the same for every term: planned once;
 * - when those hold fewer, every match, through the GIN index: the term is rare enough for that to be cheap. Its
 *   plan depends on how many rows the term matches, so it is planned with the term (planEachCall).
 * Left to itself, the planner would choose between the two from its estimate of how many rows a term matches, and
 * a phrase, an exclusion or a word it keeps no statistics for can make it walk the whole table for a term that
 * matches nothing.
 */
export async function searchHelpRequests(
  em: EntityManager,
  filter: Pick<HelpRequestFilter, 'requesterId'>,
  match: TextMatch,
  bounds: SearchBounds,
): Promise<HelpRequestView[]> {
  const scope = where(filter);
  if (match.kind === 'substring') {
    const found = matchCondition(match, 'search_vector', ['title', 'description']);
    const rows = await read<HelpRequestRow>(
      em,
      `select ${REQUEST_COLUMNS} from help_requests${joined(scope, found.sql('help_requests'))}
        order by created_at desc, id desc limit ?`,
      [...scope.params, ...found.params, bounds.limit],
    );
    return rows.map((row) => toView(em, row));
  }
  // The matches read, ranked, best first: `candidates` is how many there were.
  const ranked = (matches: string, params: unknown[], planning: Planning) => {
    const rank = rankExpression(match, 'search_vector', planning)!;
    return read<HelpRequestRow & { candidates: string }>(
      em,
      `select ${REQUEST_COLUMNS}, count(*) over () as candidates from (${matches}) as found
        order by ${rank.sql('found')} desc, created_at desc, id desc limit ?`,
      [...params, ...rank.params, bounds.limit],
      { planEachCall: planning === 'each call' },
    );
  };
  const recent = matchCondition(match, 'search_vector', [], 'once');
  let rows = await ranked(
    `select ${REQUEST_COLUMNS}, search_vector from (
       select ${REQUEST_COLUMNS}, search_vector from help_requests${scope.sql} order by created_at desc limit ?) as newest
      where ${recent.sql('newest')} limit ?`,
    [...scope.params, bounds.scanned, ...recent.params, bounds.ranked],
    'once',
  );
  if (rows.length === 0 || Number(rows[0].candidates) < bounds.ranked) {
    const every = matchCondition(match, 'search_vector', []);
    // OFFSET 0 keeps the newest-first order and its limit out of this scan, so it reads the matches off the GIN index.
    rows = await ranked(
      `select * from (
         select ${REQUEST_COLUMNS}, search_vector from help_requests${joined(scope, every.sql('help_requests'))} offset 0
       ) as every order by created_at desc, id desc limit ?`,
      [...scope.params, ...every.params, bounds.ranked],
      'each call',
    );
  }
  return rows.map((row) => toView(em, row));
}

function toView(em: EntityManager, row: HelpRequestRow): HelpRequestView {
  const date = (value: string) => isoTimestamp(em, value);
  const maybeDate = (value: string | null) => maybeIsoTimestamp(em, value);
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
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    firstResponseDueAt: date(row.first_response_due_at),
    resolutionDueAt: date(row.resolution_due_at),
    pausedSeconds: row.paused_seconds,
    pausedSince: maybeDate(row.paused_since),
    firstPublicResponseAt: maybeDate(row.first_public_response_at),
    resolvedAt: maybeDate(row.resolved_at),
    firstResponseBreached: row.first_response_breached,
    resolutionBreached: row.resolution_breached,
    firstResponseSeconds: row.first_response_seconds,
    resolutionSeconds: row.resolution_seconds,
    slaScheduleId: row.sla_schedule_id,
    slaUsedSeconds: row.sla_used_seconds,
    slaCountedAt: date(row.sla_counted_at),
    tags: row.tags,
    satisfactionScore: row.satisfaction_score,
    satisfactionComment: row.satisfaction_comment,
    ratedAt: maybeDate(row.rated_at),
    ratingUpdatedAt: maybeDate(row.rating_updated_at),
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
  sort: HelpRequestSort,
  window: PageWindow,
): Promise<PositionedHelpRequest[]> {
  const column = sort.column === 'id' ? undefined : `"${SORT_COLUMNS[sort.column]}"`;
  const seek = keyset(column, sort.order === 'asc' ? 'asc' : 'desc', window);
  const condition = where(filter, seek.condition);
  const rows = await read<HelpRequestRow & { sort_key: string | null }>(
    em,
    `select ${REQUEST_COLUMNS}, ${column === undefined ? 'null' : `${column}::text`} as sort_key
       from "help_requests"${condition.sql} order by ${seek.orderBy} limit ?`,
    [...condition.params, window.size + 1],
  );
  return rows.map((row) => ({
    ...toView(em, row),
    position: row.sort_key === null ? [row.id] : [row.sort_key, row.id],
  }));
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
  sort: HelpRequestSort,
  window: PageWindow,
): Promise<PositionedHelpRequest[][]> {
  const column = sort.column === 'id' ? undefined : `"${SORT_COLUMNS[sort.column]}"`;
  const seek = keyset(column, sort.order === 'asc' ? 'asc' : 'desc', window);
  const condition = where({ ...filter, requesterId: undefined }, seek.condition);
  const scope = joined(condition, '"requester_id" = p.requester_id');
  const rows = await read<HelpRequestRow & { sort_key: string | null }>(
    em,
    `select r.* from unnest(array[?]::varchar[]) as p(requester_id) cross join lateral (
       select ${REQUEST_COLUMNS}, ${column === undefined ? 'null' : `${column}::text`} as sort_key
         from "help_requests"${scope} order by ${seek.orderBy} limit ?) r`,
    [[...requesterIds], ...condition.params, window.size + 1],
  );
  const views = rows.map((row) => ({
    ...toView(em, row),
    position: row.sort_key === null ? [row.id] : [row.sort_key, row.id],
  }));
  return groupByKeys(requesterIds, views, (view) => view.requester!.id);
}

/**
 * How many requests match: with only kept-count filters, a sum over the kept counts (at most 140 cells per scope,
 * see the helpdesk_counts migration), whose cost does not grow with the number of requests; with a tag, a count of
 * the rows.
 */
export async function countHelpRequests(em: EntityManager, filter: HelpRequestFilter): Promise<number> {
  if (filter.tag !== undefined) {
    const condition = where(filter);
    const [row] = await read<{ total: number }>(
      em,
      `select count(*)::int as total from "help_requests"${condition.sql}`,
      condition.params,
    );
    return row.total;
  }
  const { requesterId, ...cells } = filter;
  const [total] = await countKept(em, requesterId === undefined ? undefined : [requesterId], cells);
  return total;
}

/** countHelpRequests for several requesters at once (kept-count filters only), in the order of `requesterIds`. */
export function countRequestersHelpRequests(
  em: EntityManager,
  requesterIds: readonly string[],
  filter: Omit<KeptCountFilter, 'requesterId'>,
): Promise<number[]> {
  return countKept(em, requesterIds, filter);
}

/**
 * Sums the kept counts: every requester's (`requesterIds` undefined: one total) or each given requester's. Breached
 * requests have counts of their own ('' is every requester's); the requests that breached none are all less those.
 */
async function countKept(
  em: EntityManager,
  requesterIds: readonly string[] | undefined,
  filter: Omit<KeptCountFilter, 'requesterId'>,
): Promise<number[]> {
  const { slaBreached, ...cells } = filter;
  const sum = async (table: string, everyone: string | undefined) => {
    const condition = where(cells);
    if (requesterIds === undefined) {
      const scoped = everyone === undefined ? condition : where({ ...cells, requesterId: everyone });
      const [row] = await read<{ total: number }>(
        em,
        `select coalesce(sum(requests), 0)::int as total from "${table}"${scoped.sql}`,
        scoped.params,
      );
      return [row.total];
    }
    const rows = await read<{ requester_id: string; total: number }>(
      em,
      `select requester_id, coalesce(sum(requests), 0)::int as total
         from "${table}"${joined(condition, 'requester_id in (?) group by requester_id')}`,
      [...condition.params, [...requesterIds]],
    );
    const totals = new Map(rows.map((row) => [row.requester_id, row.total]));
    return requesterIds.map((id) => totals.get(id) ?? 0);
  };
  const breached = () => sum('help_request_breached_counts', '');
  if (slaBreached === true) return breached();
  const all = await sum(
    requesterIds === undefined ? 'help_request_counts' : 'help_request_requester_counts',
    undefined,
  );
  if (slaBreached === undefined) return all;
  const less = await breached();
  return all.map((n, i) => n - less[i]);
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
      createdAt: isoTimestamp(em, row.created_at),
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
      createdAt: isoTimestamp(em, row.created_at),
    }),
  );
}
