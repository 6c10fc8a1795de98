import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../platform/auth/principal.js';
import { NotFoundError } from '../platform/errors.js';
import {
  connectionOf,
  emptyConnection,
  pageWindow,
  type ConnectionArgs,
  type Cursors,
  type PageWindow,
} from '../platform/graphql/connections.js';
import { loadGrouped } from '../platform/graphql/request-batch.js';
import {
  helpDeskUserOf,
  isHelpDeskUser,
  listScopeOf,
  mayReadRequest,
  mayReadRequestsOf,
  seesInternals,
  type HelpDeskUser,
} from './access.js';
import type { HelpRequestChange, HelpRequestEvents } from './events.js';
import {
  countHelpRequests,
  countRequestersHelpRequests,
  readHelpRequests,
  readHelpRequestsAfter,
  readHelpRequestsByIds,
  readRequestersHelpRequestsAfter,
  searchHelpRequests,
  type HelpRequestConnection,
  type HelpRequestHistoryView,
  type HelpRequestView,
  type HelpResponseView,
  type KeptCountFilter,
  type PositionedHelpRequest,
} from './help-request-read-model.js';
import { helpRequestListQuery, type HelpRequestListArgs, type HelpRequestListQuery } from './list-query.js';
import { textMatch } from './text-search.js';
import { paging, searchTerm } from './validation.js';
import { DEFAULT_PER_PAGE, LIMITS } from './vocabulary.js';

/** total, pages and hasNext need the count: a list asked without them leaves them out and counts nothing. */
export interface Pagination {
  page: number;
  perPage: number;
  hasPrev: boolean;
  pages?: number;
  total?: number;
  hasNext?: boolean;
}

/** Whether the caller's query shows a list's total (a page's total, pages or hasNext; a connection's totalCount). */
export interface ListWants {
  total: boolean;
}

/**
 * Reading help requests: the three lists, one request, search, changes as they happen, and what of a request a
 * reader may see. Every list is one HelpRequestListQuery (list-query.ts) read off the read model.
 */
export class HelpRequestReadService {
  constructor(
    readonly events: HelpRequestEvents,
    private readonly cursors: Cursors,
  ) {}

  /** A page by number: a user's own requests, every request for an administrator. */
  async list(
    em: EntityManager,
    principal: Principal,
    args: HelpRequestListArgs & { page?: number | null; perPage?: number | null },
    want: ListWants,
  ): Promise<{ requests: HelpRequestView[]; pagination: Pagination }> {
    const viewer = helpDeskUserOf(principal);
    const { page, perPage } = paging(args.page, args.perPage, DEFAULT_PER_PAGE);
    const { filter, sort } = helpRequestListQuery(viewer, 'helpRequests', listScopeOf(viewer), args);
    const [requests, total] = await Promise.all([
      readHelpRequests(em, filter, sort, perPage, (page - 1) * perPage),
      want.total ? countHelpRequests(em, filter) : undefined,
    ]);
    if (total === undefined) return { requests, pagination: { page, perPage, hasPrev: page > 1 } };
    const pages = Math.ceil(total / perPage);
    return { requests, pagination: { page, pages, perPage, total, hasNext: page < pages, hasPrev: page > 1 } };
  }

  /** The same requests by cursor. */
  async connection(
    em: EntityManager,
    principal: Principal,
    args: HelpRequestListArgs & ConnectionArgs,
    want: ListWants,
  ): Promise<HelpRequestConnection> {
    const viewer = helpDeskUserOf(principal);
    const query = helpRequestListQuery(viewer, 'helpRequestsConnection', listScopeOf(viewer), args);
    return this.#page(args, query, want, (window) => [
      readHelpRequestsAfter(em, query.filter, query.sort, window),
      want.total ? countHelpRequests(em, query.filter) : undefined,
    ]);
  }

  /**
   * One person's requests by cursor, newest first: a user reads their own, an administrator anyone's. Anyone else
   * (another user, an API key) gets an empty connection, not an error, so a query over users still answers the
   * rest; the arguments are checked for everyone alike. A list of people asking for their requests is one
   * statement for all their pages (and one for their counts).
   */
  async ofRequester(
    em: EntityManager,
    principal: Principal,
    requesterId: string,
    args: Omit<HelpRequestListArgs, 'tag'> & ConnectionArgs,
    want: ListWants,
  ): Promise<HelpRequestConnection> {
    if (!mayReadRequestsOf(principal, requesterId)) {
      pageWindow(args, this.cursors, { list: 'User.helpRequests', fingerprint: {} });
      return emptyConnection();
    }
    const query = helpRequestListQuery(principal as HelpDeskUser, 'User.helpRequests', requesterId, args);
    const { requesterId: _id, tag: _tag, ...filter } = query.filter;
    return this.#page(args, query, want, (window) => [
      loadGrouped(em, requesterPages, 'requesterId', { requesterId, filter, sort: query.sort, window }),
      want.total ? loadGrouped(em, requesterTotals, 'requesterId', { requesterId, filter }) : undefined,
    ]);
  }

  async #page(
    args: ConnectionArgs,
    query: HelpRequestListQuery,
    want: ListWants,
    read: (window: PageWindow) => [Promise<PositionedHelpRequest[]>, Promise<number> | undefined],
  ): Promise<HelpRequestConnection> {
    const window = pageWindow(args, this.cursors, query.identity);
    // Both statements are on their way before either is awaited.
    const [page, count] = read(window);
    const rows = await page;
    const total = await count;
    const connection = connectionOf(rows, window, this.cursors, query.identity, (row) => row.position);
    if (want.total && total !== undefined) connection.totalCount = total;
    return connection;
  }

  /** Whether helpRequest(id) would show this request to the principal (a router's reference to it answers as that does). */
  mayRead(principal: Principal, request: HelpRequestView): boolean {
    return mayReadRequest(principal, request);
  }

  /** Someone else's request is reported as missing, not forbidden: its existence is not the caller's business. */
  async get(em: EntityManager, principal: Principal, id: number): Promise<HelpRequestView> {
    helpDeskUserOf(principal);
    const [request] = await readHelpRequestsByIds(em, [id]);
    if (!request || !mayReadRequest(principal, request)) throw new NotFoundError();
    return request;
  }

  /**
   * Requests matching `term` that the caller may read, best match first (see searchHelpRequests): none for an
   * anonymous caller or an API key.
   */
  async search(em: EntityManager, principal: Principal, term: string): Promise<HelpRequestView[]> {
    const q = searchTerm(term, 'q');
    if (!isHelpDeskUser(principal)) return [];
    const requesterId = listScopeOf(principal);
    return searchHelpRequests(em, { requesterId }, textMatch(q), {
      limit: LIMITS.searchResults,
      ranked: LIMITS.searchRanked,
      scanned: LIMITS.searchScanned,
    });
  }

  /**
   * Changes to help requests from now on, as `principal` may hear of them (see changeSeenBy). With `id`, to that
   * request only, which the caller must be able to read: someone else's is NOT_FOUND, as helpRequest answers.
   */
  async watch(
    em: EntityManager,
    principal: Principal,
    id?: number | null,
  ): Promise<AsyncIterableIterator<HelpRequestChange>> {
    const viewer = helpDeskUserOf(principal);
    if (id !== null && id !== undefined) await this.get(em, principal, id);
    return this.events.stream((change) =>
      id !== null && id !== undefined && change.requestId !== id ? null : changeSeenBy(viewer, change),
    );
  }

  // What a reader sees of a request they may read: agents everything, the requester the public part.

  adminNotesFor(principal: Principal, request: HelpRequestView): string | null {
    return seesInternals(principal) ? (request.adminNotes ?? null) : null;
  }

  /** Tags are agents' labels: anyone else sees none. */
  tagsFor(principal: Principal, request: HelpRequestView): string[] {
    return seesInternals(principal) ? (request.tags ?? []) : [];
  }

  visibleHistory<T extends Pick<HelpRequestHistoryView, 'internal'>>(principal: Principal, entries: T[]): T[] {
    return seesInternals(principal) ? entries : entries.filter((e) => !e.internal);
  }

  visibleResponses<T extends Pick<HelpResponseView, 'isPublic'>>(principal: Principal, responses: T[]): T[] {
    return seesInternals(principal) ? responses : responses.filter((r) => r.isPublic);
  }
}

type RequesterPageKey = {
  requesterId: string;
  filter: Omit<KeptCountFilter, 'requesterId'>;
  sort: HelpRequestListQuery['sort'];
  window: PageWindow;
};

/** User.helpRequests over a list of people: every page in one statement (a lateral join). */
const requesterPages = (
  em: EntityManager,
  ids: string[],
  { filter, sort, window }: Omit<RequesterPageKey, 'requesterId'>,
) => readRequestersHelpRequestsAfter(em, ids, filter, sort, window);

/** Their totalCounts, from the kept counts, in one statement. */
const requesterTotals = (em: EntityManager, ids: string[], { filter }: Pick<RequesterPageKey, 'filter'>) =>
  countRequestersHelpRequests(em, ids, filter);

/**
 * What a viewer hears of a change, matching what the request's history shows them: an agent all of it; the
 * requester the change without its internal parts (admin notes; a private response, of which they hear only the
 * status it set, as an update); anyone else nothing. Null when nothing is left to tell.
 */
function changeSeenBy(viewer: HelpDeskUser, change: HelpRequestChange): HelpRequestChange | null {
  if (seesInternals(viewer)) return change;
  if (change.kind === 'sla_breached') return null;
  if (change.requesterId === null || change.requesterId !== viewer.userId) return null;
  const fields = change.fields.filter((f) => !change.internalFields.includes(f));
  const kind = change.kind === 'responded' && change.responseIsPublic !== true ? 'updated' : change.kind;
  if (kind === 'updated' && fields.length === 0) return null;
  return { ...change, kind, fields, internalFields: [] };
}
