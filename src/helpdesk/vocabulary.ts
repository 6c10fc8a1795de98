/**
 * The help desk's closed vocabularies, in the legacy API's spelling. Status and priority are declared in
 * their natural order (a native PostgreSQL enum keeps it), so sorting by priority puts `urgent` above `low`
 * rather than between them alphabetically, and sorting by status follows the life of a request.
 */
export const HELP_CATEGORIES = ['technical', 'account', 'general', 'bug_report', 'feature_request', 'billing', 'other'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type HelpPriority = (typeof HELP_PRIORITIES)[number];

export const HELP_STATUSES = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];

/** Once a request reaches one of these, its requester can no longer reword it. */
export const SETTLED_STATUSES: readonly HelpStatus[] = ['resolved', 'closed'];

export const HELP_REQUEST_SORT_FIELDS = ['id', 'title', 'status', 'priority', 'category', 'created_date', 'updated_date'] as const;
export type HelpRequestSortField = (typeof HELP_REQUEST_SORT_FIELDS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a history entry records. */
export const HISTORY_ACTIONS = ['created', 'updated', 'assigned', 'responded'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const MAX_PER_PAGE = 100;
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
} as const;
