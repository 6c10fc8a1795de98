import {
  HelpCategoryValues,
  HelpHistoryActionValues,
  HelpPriorityValues,
  HelpRequestSortFieldValues,
  HelpSortOrderValues,
  HelpStatusValues,
  type HelpCategory,
  type HelpHistoryAction,
  type HelpPriority,
  type HelpRequestSortField,
  type HelpSortOrder,
  type HelpStatus,
} from '../platform/graphql/generated/enums.js';

/**
 * The help desk's closed vocabularies, in the legacy API's spelling: the enums of schema/helpdesk.graphql, whose
 * values codegen lists in the order the SDL declares them. Status and priority are declared there in their
 * natural order (a native PostgreSQL enum keeps it), so sorting by priority puts `urgent` above `low` rather
 * than between them alphabetically, and sorting by status follows the life of a request.
 */
export const HELP_CATEGORIES = HelpCategoryValues;
export type { HelpCategory };

export const HELP_PRIORITIES = HelpPriorityValues;
export type { HelpPriority };

export const HELP_STATUSES = HelpStatusValues;
export type { HelpStatus };

/** Once a request reaches one of these, its requester can no longer reword it. */
export const SETTLED_STATUSES: readonly HelpStatus[] = ['resolved', 'closed'];

export const HELP_REQUEST_SORT_FIELDS = HelpRequestSortFieldValues;
export type { HelpRequestSortField };

/** The sorts the legacy REST list accepts: the due-time sorts are GraphQL's only, so REST answers exactly as before. */
export const LEGACY_SORT_FIELDS = [
  'id',
  'title',
  'status',
  'priority',
  'category',
  'created_date',
  'updated_date',
] as const satisfies readonly HelpRequestSortField[];

export const SORT_ORDERS = HelpSortOrderValues;
export type SortOrder = HelpSortOrder;

/** What a history entry records. */
export const HISTORY_ACTIONS = HelpHistoryActionValues;
export type HistoryAction = HelpHistoryAction;

export const MAX_PER_PAGE = 100;
/** The page size of helpRequests (and GET /api/help/requests) when none is asked: the SDL's default says it too (a test holds the two together). */
export const DEFAULT_PER_PAGE = 10;

export const LIMITS = {
  title: 200,
  description: 10_000,
  email: 254,
  adminNotes: 10_000,
  response: 10_000,
  question: 500,
  answer: 10_000,
  tag: 50,
  tags: 20,
  searchTerm: 200,
  /** Search answers at most this many entries of each kind. */
  searchResults: 50,
  /** Search ranks the newest this many matching help requests (see searchHelpRequests)... */
  searchRanked: 100,
  /** ...looking for them first among this many newest requests. */
  searchScanned: 5_000,
  /** A help request's tags: at most this many, each at most requestTag characters. */
  requestTags: 10,
  requestTag: 30,
  satisfactionComment: 2_000,
} as const;

/** How long after first rating a request its requester may still change the rating. */
export const RATING_CHANGE_WINDOW_MS = 7 * 24 * 3600_000;
