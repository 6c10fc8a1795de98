import { ForbiddenError } from '../platform/errors.js';
import type { ListIdentity } from '../platform/graphql/connections.js';
import { seesInternals, type HelpDeskUser } from './access.js';
import type { HelpRequestFilter, HelpRequestSort, HelpRequestSortColumn } from './help-request-read-model.js';
import { requestTag } from './validation.js';
import type { HelpCategory, HelpPriority, HelpRequestSortField, HelpStatus, SortOrder } from './vocabulary.js';

/**
 * What every list of help requests is asked, as GraphQL's arguments name it (REST's list arrives as the same
 * arguments, through its stored operation): filters and sort. Paging is each list's own (page/perPage or a cursor).
 * A new filter is a field here, a key in HelpRequestFilter and, if the triggers keep counts for it, a column there.
 */
export interface HelpRequestListArgs {
  status?: HelpStatus | null;
  category?: HelpCategory | null;
  priority?: HelpPriority | null;
  sortBy?: HelpRequestSortField | null;
  sortOrder?: SortOrder | null;
  slaBreached?: boolean | null;
  tag?: string | null;
}

/** The three lists: their names are part of what their cursors are bound to. */
export type HelpRequestList = 'helpRequests' | 'helpRequestsConnection' | 'User.helpRequests';

/** One list's question, built once from its arguments: what to read, in what order, and what its cursors name. */
export interface HelpRequestListQuery {
  filter: HelpRequestFilter;
  sort: HelpRequestSort;
  /** What a cursor of this list is signed for (see Cursors): the list, its filters and its sort. */
  identity: ListIdentity;
}

const SORT_COLUMN = {
  id: 'id',
  title: 'title',
  status: 'status',
  priority: 'priority',
  category: 'category',
  created_date: 'createdAt',
  updated_date: 'updatedAt',
  firstResponseDueAt: 'firstResponseDueAt',
  resolutionDueAt: 'resolutionDueAt',
} as const satisfies Record<HelpRequestSortField, HelpRequestSortColumn>;

/** Newest first, unless asked otherwise. */
const DEFAULT_SORT = { sortBy: 'created_date', order: 'desc' } as const;

/**
 * User.helpRequests has always signed its newest-first cursors without the sort (it had no other at first); the
 * other cursor list always with it. Kept so, a cursor a client holds stays good across an upgrade.
 */
const SIGNS_DEFAULT_SORT: Record<HelpRequestList, boolean> = {
  helpRequests: true,
  helpRequestsConnection: true,
  'User.helpRequests': false,
};

/**
 * The list query for `viewer`, whose requests `requesterId` says (undefined: every request). Filters and sorts
 * that reveal service levels or tags are the agents' (seesInternals): anyone else asking for them is refused,
 * naming the arguments, rather than answered with what those fields would hide.
 */
export function helpRequestListQuery(
  viewer: HelpDeskUser,
  list: HelpRequestList,
  requesterId: string | undefined,
  args: HelpRequestListArgs,
): HelpRequestListQuery {
  const sortBy = args.sortBy ?? DEFAULT_SORT.sortBy;
  const order = args.sortOrder ?? DEFAULT_SORT.order;
  const internal = [
    args.slaBreached != null ? 'slaBreached' : undefined,
    args.tag != null ? 'tag' : undefined,
    sortBy === 'firstResponseDueAt' || sortBy === 'resolutionDueAt' ? 'sortBy' : undefined,
  ].filter((a): a is string => a !== undefined);
  if (internal.length > 0 && !seesInternals(viewer))
    throw new ForbiddenError('Admin access required', { fields: internal });
  const filter: HelpRequestFilter = {
    requesterId,
    status: args.status ?? undefined,
    category: args.category ?? undefined,
    priority: args.priority ?? undefined,
    slaBreached: args.slaBreached ?? undefined,
    tag: args.tag == null ? undefined : requestTag(args.tag),
  };
  // Sorted by a column the filter fixes, the order is the ids': said so, PostgreSQL reads the page off the
  // (column, id) index from the cursor's id instead of filtering its way down the primary key.
  const fixed = (sortBy === 'status' || sortBy === 'priority' || sortBy === 'category') && filter[sortBy] !== undefined;
  const sorted = SIGNS_DEFAULT_SORT[list] || sortBy !== DEFAULT_SORT.sortBy || order !== DEFAULT_SORT.order;
  // The scope (whose requests) is left out of the fingerprint but for one person's list, whose name carries it: an
  // administrator's and a user's view of the same filters are the same order, and a cursor shows only a position
  // its holder was shown.
  const { requesterId: _scope, ...filters } = filter;
  return {
    filter,
    sort: { column: fixed ? 'id' : SORT_COLUMN[sortBy], order },
    identity: {
      list: list === 'User.helpRequests' ? `${list}:${requesterId}` : list,
      fingerprint: sorted ? { ...filters, sortBy, order } : filters,
    },
  };
}
