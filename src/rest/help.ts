import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  HELP_CATEGORIES,
  HELP_PRIORITIES,
  HELP_REQUEST_SORT_FIELDS,
  HELP_STATUSES,
  HISTORY_ACTIONS,
  SORT_ORDERS,
} from '../helpdesk/vocabulary.js';
import { defined, runOperation, type Gateway, type OperationResult } from './bridge.js';
import { defineRoute, type RestRoute } from './catalog.js';
import { sendLegacyError, sendLegacyStatus } from './errors.js';
import { graphql } from './generated/index.js';

/*
 * The legacy help-desk API under /api/help. Each route checks the shape of what it was sent (types and
 * allowed values, in the legacy field names), runs one GraphQL operation, and reshapes the result into the
 * legacy body; every rule (roles, ownership, lengths, transitions) is the schema's and the service's.
 */

// ---- GraphQL documents: aliases give the legacy snake_case names ----

const REQUEST_FIELDS = graphql(`
  fragment LegacyHelpRequest on HelpRequest {
    id title description category priority contact_email: contactEmail status
    requester_id: requesterId assigned_to_id: assignedToId admin_notes: adminNotes
    created_date: createdAt updated_date: updatedAt
  }
`);
const RESPONSE_FIELDS = graphql(`
  fragment LegacyHelpResponse on HelpResponse {
    id request_id: requestId response new_status: newStatus is_public: isPublic responder_id: responderId created_date: createdAt
  }
`);
const FAQ_FIELDS = graphql(`
  fragment LegacyFaq on Faq {
    id question answer category tags display_order: displayOrder is_active: isActive created_date: createdAt updated_date: updatedAt
  }
`);

const LIST_REQUESTS = graphql(`
  query LegacyHelpRequests($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $page: Int, $perPage: Int,
      $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {
    page: helpRequests(status: $status, category: $category, priority: $priority, page: $page, perPage: $perPage, sortBy: $sortBy, sortOrder: $sortOrder) {
      requests { ...LegacyHelpRequest requester { username firstName lastName } }
      pagination { page pages per_page: perPage total has_next: hasNext has_prev: hasPrev }
    }
  }
`);
// Fifteen aliases: the most graphql-armor allows a client document (see src/hardening/graphql-limits.ts).
const GET_REQUEST = graphql(`
  query LegacyHelpRequest($id: Int!) {
    helpRequest(id: $id) {
      ...LegacyHelpRequest
      history { action field old_value: oldValue new_value: newValue actor_id: actorId created_date: createdAt }
      responses { ...LegacyHelpResponse }
    }
  }
`);
const CREATE_REQUEST = graphql(`
  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {
    request: createHelpRequest(input: $input) { ...LegacyHelpRequest }
  }
`);
const UPDATE_REQUEST = graphql(`
  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {
    request: updateHelpRequest(id: $id, input: $input) { ...LegacyHelpRequest }
  }
`);
const RESPOND = graphql(`
  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {
    response: respondToHelpRequest(id: $id, input: $input) { ...LegacyHelpResponse }
  }
`);
const LIST_FAQS = graphql(`
  query LegacyFaqs($category: HelpCategory, $search: String) {
    faqs(category: $category, search: $search) {
      groups { category entries { ...LegacyFaq } }
      total_count: totalCount
    }
  }
`);
const CREATE_FAQ = graphql(`
  mutation LegacyCreateFaq($input: CreateFaqInput!) { faq: createFaq(input: $input) { ...LegacyFaq } }
`);
const UPDATE_FAQ = graphql(`
  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) { faq: updateFaq(id: $id, input: $input) { ...LegacyFaq } }
`);
const DELETE_FAQ = graphql(`
  mutation LegacyDeleteFaq($id: Int!) { deleted: deleteFaq(id: $id) }
`);
const SEARCH = graphql(`
  query LegacyHelpSearch($q: String!) {
    result: helpSearch(q: $q) {
      faqs { ...LegacyFaq }
      help_requests: helpRequests { ...LegacyHelpRequest }
    }
  }
`);
const STATISTICS = graphql(`
  query LegacyHelpStatistics {
    statistics: helpStatistics {
      requests {
        total open
        by_category: byCategory { key: category count }
        by_status: byStatus { key: status count }
        by_priority: byPriority { key: priority count }
      }
      responses { total avg_response_time_days: avgResponseTimeDays }
    }
  }
`);

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
const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: () => 'Request body must be a JSON object' });

/** An empty query parameter means "not given", as the legacy form-style clients send it. */
const param = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const intParam = (name: string) =>
  param(z.string({ error: () => `${name} must be an integer` }).regex(/^-?\d{1,9}$/, { error: () => `${name} must be an integer` }).transform(Number));

/** Ids in paths are positive integers; anything else names no resource (404, as an unknown path would). */
const IdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/).transform(Number) });

const ListQuery = z.object({
  status: param(oneOf('status', HELP_STATUSES)),
  category: param(oneOf('category', HELP_CATEGORIES)),
  priority: param(oneOf('priority', HELP_PRIORITIES)),
  page: intParam('page').describe('default 1'),
  per_page: intParam('per_page').describe('default 10, at most 100'),
  sort_by: param(oneOf('sort_by', HELP_REQUEST_SORT_FIELDS)).describe('default created_date'),
  sort_order: param(oneOf('sort_order', SORT_ORDERS)).describe('default desc'),
});

const CreateRequestBody = body({
  title: text('title').describe('1 to 200 characters'),
  description: text('description').describe('1 to 10,000 characters'),
  category: oneOf('category', HELP_CATEGORIES).nullish().describe('default general'),
  priority: oneOf('priority', HELP_PRIORITIES).nullish().describe('default medium'),
  contact_email: text('contact_email').nullish(),
});

const UpdateRequestBody = body({
  title: text('title').optional(),
  description: text('description').optional(),
  status: oneOf('status', HELP_STATUSES).optional().describe('administrators only'),
  priority: oneOf('priority', HELP_PRIORITIES).optional().describe('administrators only'),
  assigned_to_id: text('assigned_to_id').nullable().optional().describe("an administrator's user id; null unassigns (administrators only)"),
  admin_notes: text('admin_notes').nullable().optional().describe('administrators only'),
});

const StatusBody = body({ status: oneOf('status', HELP_STATUSES) });

const RespondBody = body({
  response: text('response'),
  new_status: oneOf('new_status', HELP_STATUSES).nullish(),
  is_public: bool('is_public').nullish().describe('default true'),
});

/** Tags travel as a comma-separated string; a JSON array of strings is accepted too. */
const Tags = z.union([z.string(), z.array(z.string())], { error: () => 'tags must be a comma-separated string' });

const CreateFaqBody = body({
  question: text('question'),
  answer: text('answer'),
  category: oneOf('category', HELP_CATEGORIES).nullish().describe('default general'),
  tags: Tags.nullish(),
  display_order: int('display_order').nullish().describe('default 0'),
  is_active: bool('is_active').nullish().describe('default true'),
});

const UpdateFaqBody = body({
  question: text('question').optional(),
  answer: text('answer').optional(),
  category: oneOf('category', HELP_CATEGORIES).optional(),
  tags: Tags.optional(),
  display_order: int('display_order').optional(),
  is_active: bool('is_active').optional(),
});

const FaqQuery = z.object({
  category: param(oneOf('category', HELP_CATEGORIES)),
  search: param(text('search')).describe('matches question, answer and tags, case-insensitively'),
});

const SearchQuery = z.object({ q: text('q').describe('required') });

// ---- What callers get back ----

const Message = z.object({ message: z.string() });
const LegacyRequest = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(HELP_CATEGORIES),
  priority: z.enum(HELP_PRIORITIES),
  contact_email: z.string().nullable(),
  status: z.enum(HELP_STATUSES),
  requester_id: z.string().nullable(),
  assigned_to_id: z.string().nullable(),
  admin_notes: z.string().nullable().describe('null unless the caller is an administrator'),
  created_date: z.string(),
  updated_date: z.string(),
});
const LegacyResponse = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  response: z.string(),
  new_status: z.enum(HELP_STATUSES).nullable(),
  is_public: z.boolean(),
  responder_id: z.string().nullable(),
  created_date: z.string(),
});
const LegacyHistoryEntry = z.object({
  action: z.enum(HISTORY_ACTIONS),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  actor_id: z.string().nullable(),
  created_date: z.string(),
});
const LegacyListedRequest = LegacyRequest.extend({
  user_name: z.string().nullable().describe("the requester's first and last name, else their username; null once the account is deleted"),
});
const LegacyRequestWithHistory = LegacyRequest.extend({ history: z.array(LegacyHistoryEntry), responses: z.array(LegacyResponse) });
const LegacyFaq = z.object({
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
const Counts = z.record(z.string(), z.number().int());

const errors = {
  400: { description: 'Validation failure or malformed JSON', schema: Message },
  401: { description: 'Authentication required', schema: Message },
  403: { description: 'Admin access required', schema: Message },
  404: { description: 'Resource not found', schema: Message },
} as const;
const pick = (...statuses: (keyof typeof errors)[]) => Object.fromEntries(statuses.map((s) => [s, errors[s]]));

// ---- Mapping results ----

type Faq = Omit<z.infer<typeof LegacyFaq>, 'tags'> & { tags: string[] };
const legacyFaq = (faq: Faq) => ({ ...faq, tags: faq.tags.join(',') });
const toObject = (counts: { key: string; count: number }[]) => Object.fromEntries(counts.map((c) => [c.key, c.count]));
const displayName = (person: { username: string; firstName: string | null; lastName: string | null } | null) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username : null;
const tagList = (tags: string | string[] | null | undefined) => (typeof tags === 'string' ? tags.split(',') : tags);

const sendError = (reply: FastifyReply, result: OperationResult<unknown>) => sendLegacyError(reply, 'help', result.errors![0]);

/**
 * Declares a help-desk route. A protected route refuses a request with no credentials at all before its input is
 * checked, so an anonymous caller learns to authenticate before learning what was wrong with the body.
 */
function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  app: FastifyInstance,
  gateway: Gateway,
  spec: Omit<RestRoute<P, Q, B>, 'tag'>,
  run: (input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  defineRoute(
    app,
    { ...spec, tag: 'help desk' },
    (request, reply) => run({ params: request.params as z.output<P>, query: request.query as z.output<Q>, body: request.body as z.output<B> }, request, reply),
    (request, reply) => {
      const credentials = gateway.credentialsOf(request);
      if (spec.auth === 'bearer' && !credentials.authorization && !credentials.session) return sendLegacyStatus(reply, 'help', 401, 'Authentication required');
      return undefined;
    },
  );
}

export function registerHelpRoutes(app: FastifyInstance, gateway: Gateway): void {
  route(
    app,
    gateway,
    {
      method: 'POST',
      path: '/api/help/requests',
      summary: 'File a help request',
      auth: 'bearer',
      body: CreateRequestBody,
      responses: {
        201: { description: 'Created', schema: z.object({ message: z.string(), request_id: z.number().int(), data: LegacyRequest }) },
        ...pick(400, 401),
      },
    },
    async ({ body }, request, reply) => {
      const input = defined({ title: body.title, description: body.description, category: body.category, priority: body.priority, contactEmail: body.contact_email });
      const result = await runOperation(gateway, request, CREATE_REQUEST, { input });
      if (result.errors?.length) return sendError(reply, result);
      const data = result.data!.request;
      return reply.code(201).send({ message: 'Help request created successfully', request_id: data.id, data });
    },
  );

  route(
    app,
    gateway,
    {
      method: 'GET',
      path: '/api/help/requests',
      summary: "List help requests: a user's own, or all of them for an administrator",
      auth: 'bearer',
      query: ListQuery,
      responses: {
        200: {
          description: 'One page of requests',
          schema: z.object({
            requests: z.array(LegacyListedRequest),
            pagination: z.object({ page: z.number().int(), pages: z.number().int(), per_page: z.number().int(), total: z.number().int(), has_next: z.boolean(), has_prev: z.boolean() }),
          }),
        },
        ...pick(400, 401),
      },
    },
    async ({ query }, request, reply) => {
      const variables = defined({
        status: query.status,
        category: query.category,
        priority: query.priority,
        page: query.page,
        perPage: query.per_page,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      const result = await runOperation(gateway, request, LIST_REQUESTS, variables);
      if (result.errors?.length) return sendError(reply, result);
      const { requests, pagination } = result.data!.page;
      return { requests: requests.map(({ requester, ...item }) => ({ ...item, user_name: displayName(requester) })), pagination };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'GET',
      path: '/api/help/requests/:id',
      summary: 'One help request with its history and responses',
      auth: 'bearer',
      params: IdParams,
      responses: { 200: { description: 'The request', schema: LegacyRequestWithHistory }, ...pick(401, 404) },
    },
    async ({ params }, request, reply) => {
      const result = await runOperation(gateway, request, GET_REQUEST, { id: params.id });
      if (result.errors?.length) return sendError(reply, result);
      return result.data!.helpRequest;
    },
  );

  route(
    app,
    gateway,
    {
      method: 'PUT',
      path: '/api/help/requests/:id',
      summary: 'Change a help request (requester: title and description; administrator: any field)',
      auth: 'bearer',
      params: IdParams,
      body: UpdateRequestBody,
      responses: { 200: { description: 'Updated', schema: z.object({ message: z.string(), data: LegacyRequest }) }, ...pick(400, 401, 403, 404) },
    },
    async ({ params, body }, request, reply) => {
      const input = defined({
        title: body.title,
        description: body.description,
        status: body.status,
        priority: body.priority,
        assignedToId: body.assigned_to_id,
        adminNotes: body.admin_notes,
      });
      const result = await runOperation(gateway, request, UPDATE_REQUEST, { id: params.id, input });
      if (result.errors?.length) return sendError(reply, result);
      return { message: 'Help request updated successfully', data: result.data!.request };
    },
  );

  // The original page's status control: an update of the status alone, with the same rules and history.
  route(
    app,
    gateway,
    {
      method: 'PUT',
      path: '/api/help/requests/:id/status',
      summary: "Change a help request's status (administrators)",
      auth: 'bearer',
      params: IdParams,
      body: StatusBody,
      responses: { 200: { description: 'Updated', schema: z.object({ message: z.string(), data: LegacyRequest }) }, ...pick(400, 401, 403, 404) },
    },
    async ({ params, body }, request, reply) => {
      const result = await runOperation(gateway, request, UPDATE_REQUEST, { id: params.id, input: { status: body.status } });
      if (result.errors?.length) return sendError(reply, result);
      return { message: 'Help request status updated successfully', data: result.data!.request };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'POST',
      path: '/api/help/requests/:id/response',
      summary: 'Answer a help request (administrators)',
      auth: 'bearer',
      params: IdParams,
      body: RespondBody,
      responses: { 201: { description: 'Answered', schema: z.object({ message: z.string(), data: LegacyResponse }) }, ...pick(400, 401, 403, 404) },
    },
    async ({ params, body }, request, reply) => {
      const input = defined({ response: body.response, newStatus: body.new_status, isPublic: body.is_public });
      const result = await runOperation(gateway, request, RESPOND, { id: params.id, input });
      if (result.errors?.length) return sendError(reply, result);
      return reply.code(201).send({ message: 'Response added successfully', data: result.data!.response });
    },
  );

  route(
    app,
    gateway,
    {
      method: 'GET',
      path: '/api/help/faqs',
      summary: 'Active FAQ entries grouped by category',
      auth: 'optional-bearer',
      query: FaqQuery,
      responses: {
        200: { description: 'Entries by category', schema: z.object({ faqs: z.record(z.string(), z.array(LegacyFaq)), total_count: z.number().int() }) },
        // Public, but credentials that are sent must be good: a bad token is refused, not read as anonymous.
        ...pick(400, 401),
      },
    },
    async ({ query }, request, reply) => {
      const result = await runOperation(gateway, request, LIST_FAQS, defined({ category: query.category, search: query.search }));
      if (result.errors?.length) return sendError(reply, result);
      const { groups, total_count } = result.data!.faqs;
      return { faqs: Object.fromEntries(groups.map((g) => [g.category, g.entries.map(legacyFaq)])), total_count };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'POST',
      path: '/api/help/faqs',
      summary: 'Add an FAQ entry (administrators)',
      auth: 'bearer',
      body: CreateFaqBody,
      responses: { 201: { description: 'Created', schema: z.object({ message: z.string(), data: LegacyFaq }) }, ...pick(400, 401, 403) },
    },
    async ({ body }, request, reply) => {
      const input = defined({
        question: body.question,
        answer: body.answer,
        category: body.category,
        tags: tagList(body.tags),
        displayOrder: body.display_order,
        isActive: body.is_active,
      });
      const result = await runOperation(gateway, request, CREATE_FAQ, { input });
      if (result.errors?.length) return sendError(reply, result);
      return reply.code(201).send({ message: 'FAQ created successfully', data: legacyFaq(result.data!.faq) });
    },
  );

  route(
    app,
    gateway,
    {
      method: 'PUT',
      path: '/api/help/faqs/:id',
      summary: 'Change an FAQ entry (administrators)',
      auth: 'bearer',
      params: IdParams,
      body: UpdateFaqBody,
      responses: { 200: { description: 'Updated', schema: z.object({ message: z.string(), data: LegacyFaq }) }, ...pick(400, 401, 403, 404) },
    },
    async ({ params, body }, request, reply) => {
      const input = defined({
        question: body.question,
        answer: body.answer,
        category: body.category,
        tags: tagList(body.tags),
        displayOrder: body.display_order,
        isActive: body.is_active,
      });
      const result = await runOperation(gateway, request, UPDATE_FAQ, { id: params.id, input });
      if (result.errors?.length) return sendError(reply, result);
      return { message: 'FAQ updated successfully', data: legacyFaq(result.data!.faq) };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'DELETE',
      path: '/api/help/faqs/:id',
      summary: 'Delete an FAQ entry (administrators)',
      auth: 'bearer',
      params: IdParams,
      responses: { 200: { description: 'Deleted', schema: Message }, ...pick(401, 403, 404) },
    },
    async ({ params }, request, reply) => {
      const result = await runOperation(gateway, request, DELETE_FAQ, { id: params.id });
      if (result.errors?.length) return sendError(reply, result);
      return { message: 'FAQ deleted successfully' };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'GET',
      path: '/api/help/search',
      summary: 'Search FAQ entries and the help requests the caller may read',
      auth: 'optional-bearer',
      query: SearchQuery,
      responses: {
        200: { description: 'Matches', schema: z.object({ faqs: z.array(LegacyFaq), help_requests: z.array(LegacyRequest) }) },
        ...pick(400, 401),
      },
    },
    async ({ query }, request, reply) => {
      const result = await runOperation(gateway, request, SEARCH, { q: query.q });
      if (result.errors?.length) return sendError(reply, result);
      const { faqs, help_requests } = result.data!.result;
      return { faqs: faqs.map(legacyFaq), help_requests };
    },
  );

  route(
    app,
    gateway,
    {
      method: 'GET',
      path: '/api/help/statistics',
      summary: 'Request counts and response times (administrators)',
      auth: 'bearer',
      responses: {
        200: {
          description: 'Statistics',
          schema: z.object({
            requests: z.object({
              total: z.number().int(),
              open: z.number().int(),
              in_progress: z.number().int(),
              resolved: z.number().int(),
              by_category: Counts, by_status: Counts, by_priority: Counts }),
            responses: z.object({ total: z.number().int(), avg_response_time_days: z.number() }),
          }),
        },
        ...pick(401, 403),
      },
    },
    async (_input, request, reply) => {
      const result = await runOperation(gateway, request, STATISTICS, {});
      if (result.errors?.length) return sendError(reply, result);
      const { requests, responses } = result.data!.statistics;
      const byStatus = toObject(requests.by_status);
      return {
        requests: {
          total: requests.total,
          open: requests.open,
          in_progress: byStatus.in_progress ?? 0,
          resolved: byStatus.resolved ?? 0,
          by_category: toObject(requests.by_category),
          by_status: byStatus,
          by_priority: toObject(requests.by_priority),
        },
        responses,
      };
    },
  );
}
