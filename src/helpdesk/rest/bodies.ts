import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  HELP_CATEGORIES,
  HELP_PRIORITIES,
  LEGACY_SORT_FIELDS,
  HELP_STATUSES,
  HISTORY_ACTIONS,
  SORT_ORDERS,
} from '../vocabulary.js';

/*
 * The help desk's request and response bodies as zod schemas: the routes validate with them and the OpenAPI
 * document is generated from them.
 */

// ---- What callers send: shapes and allowed values, with messages in the legacy field names ----

const text = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) });
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: () => `${name} must be one of: ${values.join(', ')}` });
const bool = (name: string) => z.boolean({ error: () => `${name} must be true or false` });
// GraphQL's Int is 32-bit: a larger number would come back as a GraphQL coercion error naming the camelCase input.
const int = (name: string) =>
  z
    .number({ error: () => `${name} must be an integer` })
    .int({ error: () => `${name} must be an integer` })
    .min(-(2 ** 31), { error: () => `${name} is out of range` })
    .max(2 ** 31 - 1, { error: () => `${name} is out of range` });
const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: () => 'Request body must be a JSON object' });

/** An empty query parameter means "not given", as the legacy form-style clients send it. */
const param = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const intParam = (name: string) =>
  param(
    z
      .string({ error: () => `${name} must be an integer` })
      .regex(/^-?\d{1,9}$/, { error: () => `${name} must be an integer` })
      .transform(Number),
  );

/** Ids in paths are positive integers; anything else names no resource (404, as an unknown path would). */
export const IdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

export const ListQuery = z.object({
  status: param(oneOf('status', HELP_STATUSES)),
  category: param(oneOf('category', HELP_CATEGORIES)),
  priority: param(oneOf('priority', HELP_PRIORITIES)),
  page: intParam('page').describe('default 1'),
  per_page: intParam('per_page').describe(`default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}`),
  sort_by: param(oneOf('sort_by', LEGACY_SORT_FIELDS)).describe('default created_date'),
  sort_order: param(oneOf('sort_order', SORT_ORDERS)).describe('default desc'),
});

export const CreateRequestBody = body({
  title: text('title').describe('1 to 200 characters'),
  description: text('description').describe('1 to 10,000 characters'),
  category: oneOf('category', HELP_CATEGORIES).nullish().describe('default general'),
  priority: oneOf('priority', HELP_PRIORITIES).nullish().describe('default medium'),
  contact_email: text('contact_email').nullish(),
  zip: text('zip').nullish().describe('the five-digit US ZIP code of the area the request comes from'),
  attachment_tokens: z
    .array(text('attachment_tokens'), { error: () => 'attachment_tokens must be a list of upload tokens' })
    .nullish()
    .describe('tokens from POST /api/help/uploads'),
});

export const UpdateRequestBody = body({
  title: text('title').optional(),
  description: text('description').optional(),
  status: oneOf('status', HELP_STATUSES).optional().describe('administrators only'),
  priority: oneOf('priority', HELP_PRIORITIES).optional().describe('administrators only'),
  assigned_to_id: text('assigned_to_id')
    .nullable()
    .optional()
    .describe("an administrator's user id; null unassigns (administrators only)"),
  admin_notes: text('admin_notes').nullable().optional().describe('administrators only'),
  zip: text('zip').nullable().optional().describe('a five-digit US ZIP code; null clears it'),
});

export const StatusBody = body({ status: oneOf('status', HELP_STATUSES) });

export const RespondBody = body({
  response: text('response'),
  new_status: oneOf('new_status', HELP_STATUSES).nullish(),
  is_public: bool('is_public').nullish().describe('default true'),
  attachment_tokens: z
    .array(text('attachment_tokens'), { error: () => 'attachment_tokens must be a list of upload tokens' })
    .nullish()
    .describe('tokens from POST /api/help/uploads'),
});

/** Tags travel as a comma-separated string; a JSON array of strings is accepted too. */
export const Tags = z.union([z.string(), z.array(z.string())], {
  error: () => 'tags must be a comma-separated string',
});

export const CreateFaqBody = body({
  question: text('question'),
  answer: text('answer'),
  category: oneOf('category', HELP_CATEGORIES).nullish().describe('default general'),
  tags: Tags.nullish(),
  display_order: int('display_order').nullish().describe('default 0'),
  is_active: bool('is_active').nullish().describe('default true'),
});

export const UpdateFaqBody = body({
  question: text('question').optional(),
  answer: text('answer').optional(),
  category: oneOf('category', HELP_CATEGORIES).optional(),
  tags: Tags.optional(),
  display_order: int('display_order').optional(),
  is_active: bool('is_active').optional(),
});

export const FaqQuery = z.object({
  category: param(oneOf('category', HELP_CATEGORIES)),
  search: param(text('search')).describe('matches question, answer and tags, case-insensitively'),
});

export const SearchQuery = z.object({ q: text('q').describe('required') });

// ---- What callers get back ----

export const Message = z.object({ message: z.string() });
export const LegacyRequest = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(HELP_CATEGORIES),
  priority: z.enum(HELP_PRIORITIES),
  contact_email: z.string().nullable(),
  zip: z.string().nullable().describe('null when the requester gave none'),
  status: z.enum(HELP_STATUSES),
  requester_id: z.string().nullable(),
  assigned_to_id: z.string().nullable(),
  admin_notes: z.string().nullable().describe('null unless the caller is an administrator'),
  created_date: z.string(),
  updated_date: z.string(),
});
export const LegacyResponse = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  response: z.string(),
  new_status: z.enum(HELP_STATUSES).nullable(),
  is_public: z.boolean(),
  responder_id: z.string().nullable(),
  created_date: z.string(),
});
export const LegacyHistoryEntry = z.object({
  action: z.enum(HISTORY_ACTIONS),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  actor_id: z.string().nullable(),
  created_date: z.string(),
});
export const LegacyListedRequest = LegacyRequest.extend({
  user_name: z
    .string()
    .nullable()
    .describe("the requester's first and last name, else their username; null once the account is deleted"),
});
export const LegacyRequestWithHistory = LegacyRequest.extend({
  history: z.array(LegacyHistoryEntry),
  responses: z.array(LegacyResponse),
});
export const LegacyFaq = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  category: z.enum(HELP_CATEGORIES),
  tags: z.string().describe('comma-separated'),
  display_order: z.number().int(),
  is_active: z.boolean(),
  created_date: z.string(),
  updated_date: z.string(),
});
export const Counts = z.record(z.string(), z.number().int());

// Each route's success body.
export const CreatedRequest = z.object({ message: z.string(), request_id: z.number().int(), data: LegacyRequest });
export const RequestPage = z.object({
  requests: z.array(LegacyListedRequest),
  pagination: z.object({
    page: z.number().int(),
    pages: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
  }),
});
export const UpdatedRequest = z.object({ message: z.string(), data: LegacyRequest });
export const AddedResponse = z.object({ message: z.string(), data: LegacyResponse });
export const FaqsByCategory = z.object({
  faqs: z.record(z.string(), z.array(LegacyFaq)),
  total_count: z.number().int(),
});
export const ChangedFaq = z.object({ message: z.string(), data: LegacyFaq });
export const SearchMatches = z.object({ faqs: z.array(LegacyFaq), help_requests: z.array(LegacyRequest) });
export const Statistics = z.object({
  requests: z.object({
    total: z.number().int(),
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    by_category: Counts,
    by_status: Counts,
    by_priority: Counts,
  }),
  responses: z.object({ total: z.number().int(), avg_response_time_days: z.number() }),
});

const errors = {
  400: { description: 'Validation failure or malformed JSON', schema: Message },
  401: { description: 'Authentication required', schema: Message },
  403: { description: 'Admin access required', schema: Message },
  404: { description: 'Resource not found', schema: Message },
} as const;
export const pick = (...statuses: (keyof typeof errors)[]) => Object.fromEntries(statuses.map((s) => [s, errors[s]]));
