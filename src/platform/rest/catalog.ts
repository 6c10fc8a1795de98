import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteHandlerMethod,
} from 'fastify';
import { z } from 'zod';
import { errorSchemaOf, type RestApi } from './api.js';
import type { LegacyRouteConfig } from './errors.js';

/**
 * Every legacy REST route is declared through `defineRoute`: its zod schemas validate the request (see
 * registerRestApi) and, through @fastify/swagger, make the OpenAPI document. Each app's catalog lists its declarations
 * (`App.restRoutes`), so the tests can walk every route the app serves and no other.
 */
export interface RestRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  /** Fastify path syntax, e.g. /api/help/requests/:id */
  path: string;
  summary: string;
  /** The API it belongs to (its module's `restApi`): its OpenAPI tag and error body. */
  api: RestApi;
  /** How a caller authenticates: nothing, a bearer token, or the platform's api_key/api_key_secret body fields. */
  auth: 'none' | 'bearer' | 'optional-bearer' | 'body-api-key';
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Documented statuses and, for JSON bodies, their shape; a success without a schema is a short text, or bytes of
   * `mediaType` (a file download).
   */
  responses: Record<number, { description: string; schema?: z.ZodType; mediaType?: string }>;
  /** How a request the schemas refuse is answered; `attach` leaves it to the handler (request.validationError). */
  invalid?: LegacyRouteConfig | 'attach';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The REST routes declared in this scope and its children (registerRestApi sets it): one list per app. */
    restCatalog?: RestRoute[];
  }
}

export type RouteRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = FastifyRequest<{
  Params: z.output<P>;
  Querystring: z.output<Q>;
  Body: z.output<B>;
}>;

const AUTH_NOTES: Record<RestRoute['auth'], string | undefined> = {
  none: undefined,
  bearer: 'Requires `Authorization: Bearer <access_token>` (from `POST /api/auth/login`).',
  'optional-bearer':
    'Anonymous callers are served; with `Authorization: Bearer <access_token>` the answer covers what the caller may read.',
  'body-api-key':
    'Authenticates with `api_key` and `api_key_secret` in the JSON body (OpenAPI security schemes cannot express body credentials), ' +
    'or with them as HTTP Basic (`Authorization: Basic base64(api_key:api_key_secret)`); a call sending both must send the same pair.',
};

const SECURITY: Record<RestRoute['auth'], Array<Record<string, string[]>>> = {
  none: [],
  bearer: [{ bearerAuth: [] }],
  'optional-bearer': [{}, { bearerAuth: [] }],
  'body-api-key': [{}, { apiKeyBasic: [] }],
};

/** `POST /api/help/requests/:id/response` → `postApiHelpRequestsByidResponse`. */
const operationId = (route: RestRoute) =>
  route.method.toLowerCase() +
  route.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? 'By' + part.slice(1) : part))
    .map((part) => part.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The route's documented answers, plus what the framework itself answers on it, in the API's error body. */
function responsesOf(route: RestRoute): Record<number, unknown> {
  const error = errorSchemaOf(route.api);
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { 'application/json': { schema } },
  });
  const responses: Record<number, unknown> = {};
  for (const [status, { description, schema, mediaType }] of Object.entries(route.responses)) {
    const code = Number(status);
    if (schema) responses[code] = json(description, schema);
    else if (mediaType)
      responses[code] = { description, content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } } };
    else if (code >= 400) responses[code] = json(description, error);
    else responses[code] = { description, content: { 'text/plain': { schema: z.string() } } };
  }
  if (route.body) {
    responses[400] ??= json('Malformed JSON body', error);
    responses[413] ??= json('Request body is too large (BODY_LIMIT_BYTES)', error);
  }
  responses[500] ??= json('Internal server error (details are logged, never sent)', error);
  return responses;
}

/**
 * Registers a route with its schemas. Before they are checked: a body Fastify read as text is refused with 415
 * (the legacy APIs take JSON), an absent body counts as `{}`, and `before` may answer first (e.g. 401 when a
 * protected route got no credentials at all).
 */
export function defineRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
>(
  app: FastifyInstance,
  route: RestRoute<P, Q, B>,
  handler: (request: RouteRequest<P, Q, B>, reply: FastifyReply) => Promise<unknown>,
  before?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): void {
  const catalog = app.restCatalog;
  if (catalog && !catalog.some((r) => r.method === route.method && r.path === route.path)) catalog.push(route);
  const schema: FastifySchema & Record<string, unknown> = {
    operationId: operationId(route),
    summary: route.summary,
    tags: [route.api.tag],
    security: SECURITY[route.auth],
    response: responsesOf(route),
  };
  if (AUTH_NOTES[route.auth]) schema.description = AUTH_NOTES[route.auth];
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  const config: LegacyRouteConfig = route.invalid === 'attach' ? {} : (route.invalid ?? {});
  app.route({
    method: route.method,
    url: route.path,
    schema,
    attachValidation: route.invalid === 'attach',
    config,
    preValidation: async (request, reply) => {
      if (typeof request.body === 'string')
        throw Object.assign(new Error('Unsupported content type'), { statusCode: 415 });
      const answered = before?.(request, reply);
      if (answered) return answered;
      if (route.body) request.body ??= {};
    },
    handler: handler as RouteHandlerMethod,
  });
}
