import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  defined,
  runOperation,
  type OperationRunner as Gateway,
  type OperationResult,
} from '../../platform/rest/bridge.js';
import { defineRoute, type RestRoute } from '../../platform/rest/catalog.js';
import { sendLegacyError, sendLegacyStatus } from '../../platform/rest/errors.js';
import { helpApi } from './api.js';
import {
  IdParams,
  ListQuery,
  CreateRequestBody,
  UpdateRequestBody,
  StatusBody,
  RespondBody,
  CreateFaqBody,
  UpdateFaqBody,
  FaqQuery,
  SearchQuery,
  Message,
  LegacyRequestWithHistory,
  LegacyFaq,
  CreatedRequest,
  RequestPage,
  UpdatedRequest,
  AddedResponse,
  FaqsByCategory,
  ChangedFaq,
  SearchMatches,
  Statistics,
  pick,
} from './bodies.js';
import {
  CREATE_FAQ,
  CREATE_REQUEST,
  DELETE_FAQ,
  GET_REQUEST,
  LIST_FAQS,
  LIST_REQUESTS,
  RESPOND,
  SEARCH,
  STATISTICS,
  UPDATE_FAQ,
  UPDATE_REQUEST,
} from './documents.js';

/*
 * The legacy help-desk API under /api/help. Each route's schemas (./bodies.ts) check the shape of what it was sent
 * (types and allowed values, in the legacy field names); it runs one stored GraphQL operation (./documents.ts) and
 * reshapes the result into the legacy body. Every rule (roles, ownership, lengths, transitions) is the schema's and
 * the service's.
 */

// ---- Mapping results ----

type Faq = Omit<z.infer<typeof LegacyFaq>, 'tags'> & { tags: string[] };
const legacyFaq = (faq: Faq) => ({ ...faq, tags: faq.tags.join(',') });
const toObject = (counts: { key: string; count: number }[]) => Object.fromEntries(counts.map((c) => [c.key, c.count]));
const displayName = (person: { username: string; firstName: string | null; lastName: string | null } | null) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username : null;
const tagList = (tags: string | string[] | null | undefined) => (typeof tags === 'string' ? tags.split(',') : tags);

const sendError = (reply: FastifyReply, result: OperationResult<unknown>) =>
  sendLegacyError(reply, helpApi, result.errors![0]);

/** A route's inputs, as its schemas parsed them. */
type RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

/**
 * Declares a help-desk route that runs one stored operation: its variables from the route's inputs, its legacy
 * body from the operation's data; an error becomes the help desk's error body. A protected route refuses a request
 * with no credentials at all before its input is checked, so an anonymous caller learns to authenticate before
 * learning what was wrong with the body.
 */
function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, T, V extends Record<string, unknown>>(
  app: FastifyInstance,
  gateway: Gateway,
  spec: Omit<RestRoute<P, Q, B>, 'api'>,
  document: TypedDocumentNode<T, V>,
  variables: (input: RouteInput<P, Q, B>) => V,
  answer: (data: T, reply: FastifyReply) => unknown,
) {
  defineRoute(
    app,
    { ...spec, api: helpApi },
    async (request, reply) => {
      const input = {
        params: request.params as z.output<P>,
        query: request.query as z.output<Q>,
        body: request.body as z.output<B>,
      };
      const result = await runOperation(gateway, request, document, variables(input));
      if (result.errors?.length) return sendError(reply, result);
      // An operation that answered without errors answered with its data.
      return answer(result.data as T, reply);
    },
    (request, reply) => {
      const credentials = gateway.credentialsOf(request);
      if (spec.auth === 'bearer' && !credentials.authorization && !credentials.session)
        return sendLegacyStatus(reply, helpApi, 401, 'Authentication required');
      return undefined;
    },
  );
}

/** An FAQ entry's fields besides its text, from a body in the legacy names. */
const faqDetails = (body: {
  tags?: string | string[] | null;
  display_order?: number | null;
  is_active?: boolean | null;
}) => ({
  tags: tagList(body.tags),
  displayOrder: body.display_order,
  isActive: body.is_active,
});

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
        201: { description: 'Created', schema: CreatedRequest },
        ...pick(400, 401),
      },
    },
    CREATE_REQUEST,
    ({ body }) => {
      const input = defined({
        title: body.title,
        description: body.description,
        category: body.category,
        priority: body.priority,
        contactEmail: body.contact_email,
        zip: body.zip,
        attachmentTokens: body.attachment_tokens,
      });
      return { input };
    },
    ({ request: data }, reply) =>
      reply.code(201).send({ message: 'Help request created successfully', request_id: data.id, data }),
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
          schema: RequestPage,
        },
        ...pick(400, 401),
      },
    },
    LIST_REQUESTS,
    ({ query }) =>
      defined({
        status: query.status,
        category: query.category,
        priority: query.priority,
        page: query.page,
        perPage: query.per_page,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      }),
    (data) => {
      const { requests, pagination } = data.page;
      return {
        requests: requests.map(({ requester, ...item }) => ({ ...item, user_name: displayName(requester) })),
        pagination,
      };
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
    GET_REQUEST,
    ({ params }) => ({ id: params.id }),
    (data) => data.helpRequest,
  );

  route(
    app,
    gateway,
    {
      method: 'PUT',
      path: '/api/help/requests/:id',
      summary: 'Change a help request (requester: title, description and zip; administrator: any field)',
      auth: 'bearer',
      params: IdParams,
      body: UpdateRequestBody,
      responses: { 200: { description: 'Updated', schema: UpdatedRequest }, ...pick(400, 401, 403, 404) },
    },
    UPDATE_REQUEST,
    ({ params, body }) => {
      const input = defined({
        title: body.title,
        description: body.description,
        status: body.status,
        priority: body.priority,
        assignedToId: body.assigned_to_id,
        adminNotes: body.admin_notes,
        zip: body.zip,
      });
      return { id: params.id, input };
    },
    (data) => ({ message: 'Help request updated successfully', data: data.request }),
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
      responses: { 200: { description: 'Updated', schema: UpdatedRequest }, ...pick(400, 401, 403, 404) },
    },
    UPDATE_REQUEST,
    ({ params, body }) => ({ id: params.id, input: { status: body.status } }),
    (data) => ({ message: 'Help request status updated successfully', data: data.request }),
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
      responses: { 201: { description: 'Answered', schema: AddedResponse }, ...pick(400, 401, 403, 404) },
    },
    RESPOND,
    ({ params, body }) => {
      const input = defined({
        response: body.response,
        newStatus: body.new_status,
        isPublic: body.is_public,
        attachmentTokens: body.attachment_tokens,
      });
      return { id: params.id, input };
    },
    (data, reply) => reply.code(201).send({ message: 'Response added successfully', data: data.response }),
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
        200: { description: 'Entries by category', schema: FaqsByCategory },
        // Public, but credentials that are sent must be good: a bad token is refused, not read as anonymous.
        ...pick(400, 401),
      },
    },
    LIST_FAQS,
    ({ query }) => defined({ category: query.category, search: query.search }),
    (data) => {
      const { groups, total_count } = data.faqs;
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
      responses: { 201: { description: 'Created', schema: ChangedFaq }, ...pick(400, 401, 403) },
    },
    CREATE_FAQ,
    ({ body }) => ({
      input: defined({ question: body.question, answer: body.answer, category: body.category, ...faqDetails(body) }),
    }),
    (data, reply) => reply.code(201).send({ message: 'FAQ created successfully', data: legacyFaq(data.faq) }),
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
      responses: { 200: { description: 'Updated', schema: ChangedFaq }, ...pick(400, 401, 403, 404) },
    },
    UPDATE_FAQ,
    ({ params, body }) => ({
      id: params.id,
      input: defined({ question: body.question, answer: body.answer, category: body.category, ...faqDetails(body) }),
    }),
    (data) => ({ message: 'FAQ updated successfully', data: legacyFaq(data.faq) }),
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
    DELETE_FAQ,
    ({ params }) => ({ id: params.id }),
    () => ({ message: 'FAQ deleted successfully' }),
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
        200: { description: 'Matches', schema: SearchMatches },
        ...pick(400, 401),
      },
    },
    SEARCH,
    ({ query }) => ({ q: query.q }),
    (data) => {
      const { faqs, help_requests } = data.result;
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
          schema: Statistics,
        },
        ...pick(401, 403),
      },
    },
    STATISTICS,
    () => ({}),
    (data) => {
      const { requests, responses } = data.statistics;
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
