import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import { statusForCode } from '../errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { legacyBody, restApiOf, type LegacyError, type RestApi } from './api.js';

/**
 * Every error body the legacy APIs answer is built here, in the body of the API a path belongs to (each module
 * declares its own, see RestApi): from a GraphQL error's code (toLegacyError), for a framework failure (bad JSON, 413,
 * 415, the rate limit, a request the route schema refuses), for an unknown path, and for the cross-site write refusal.
 */

export { legacyBody, type LegacyError, type RestApi } from './api.js';

/**
 * The one table from error codes to legacy statuses and bodies: the API's own answers first, then the common ones.
 * Each API keeps the statuses and wording its callers already handle; a client never sees an internal message.
 */
export function toLegacyError(api: RestApi, error: GraphQLFormattedError | undefined): LegacyError {
  const given = error?.extensions?.code;
  const code = typeof given === 'string' ? given : 'INTERNAL_SERVER_ERROR';
  const reason = error?.extensions?.reason;
  const message = error?.message ?? 'Internal server error';

  const own = api.errorFor?.({ code, reason, message });
  if (own) return { status: own.status, body: legacyBody(api, own.message) };
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_REQUEST')
    return { status: 400, body: legacyBody(api, message) };
  const status = statusForCode(code);
  if (status >= 500 && code !== 'UPSTREAM_UNAVAILABLE' && code !== 'SERVICE_UNAVAILABLE') {
    return { status: 500, body: legacyBody(api, 'Internal server error') };
  }
  return { status, body: legacyBody(api, message) };
}

/** Answers a stored operation's first error in the API's status and body. */
export function sendLegacyError(
  reply: FastifyReply,
  api: RestApi,
  error: GraphQLFormattedError | undefined,
): FastifyReply {
  const { status, body } = toLegacyError(api, error);
  return reply.code(status).send(body);
}

/** Answers a refusal whose status the legacy API fixes, e.g. the help desk's 401 before anything is read. */
export const sendLegacyStatus = (reply: FastifyReply, api: RestApi, status: number, message: string): FastifyReply =>
  reply.code(status).send(legacyBody(api, message));

declare module 'fastify' {
  // Fastify's route config is widened by merging into its interface, which only an interface declaration does.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends LegacyRouteConfig {}
}

/** Route options (`config`) that change how a refused request is answered. */
export interface LegacyRouteConfig {
  /** The status for a body or query the route schema refuses (400 unless set). */
  invalidStatus?: number;
  /** The message for it, when the API words every such refusal alike; else the first problem's message. */
  invalidMessage?: string;
}

type FrameworkError = Error & {
  statusCode?: number;
  validation?: FastifyError['validation'];
  validationContext?: string;
};

interface Classified {
  status: number;
  code: string;
  message: string;
}

/** Failures outside GraphQL execution, by status: the rate limit, a database outage, body and schema problems. */
function classifyFrameworkError(error: FrameworkError, request: FastifyRequest): Classified {
  if (error.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' };
  if (isDatabaseUnavailable(error))
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' };
  if (error.validation) {
    // An id that is not a positive integer names no resource, as an unknown path would.
    if (error.validationContext === 'params') return { status: 404, code: 'NOT_FOUND', message: 'Resource not found' };
    const { config } = request.routeOptions;
    const message = config.invalidMessage ?? error.validation[0]?.message ?? 'Invalid request';
    return { status: config.invalidStatus ?? 400, code: 'BAD_REQUEST', message };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 413) return { status, code: 'BAD_REQUEST', message: 'Request body is too large' };
  if (status === 415) return { status, code: 'BAD_REQUEST', message: 'Unsupported content type' };
  if (status < 500) return { status, code: 'BAD_REQUEST', message: 'Malformed request: ' + error.message };
  return { status, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

/**
 * The answers of the app's legacy APIs to whatever the framework refuses, each in the body of the API the path
 * belongs to; elsewhere (`/graphql`) in GraphQL's `{errors}` shape.
 */
export class LegacyErrors {
  constructor(private readonly apis: readonly RestApi[]) {}

  /** Which legacy API a path belongs to, so framework errors (bad JSON, 404, 413) answer in its body shape. */
  apiOf(url: string): RestApi | undefined {
    return restApiOf(url, this.apis);
  }

  /**
   * Failures outside GraphQL execution (malformed JSON, oversized bodies, unsupported media, the rate limit, a
   * request its route schema refuses, a database outage surfacing in a route) in the error shape of the API the
   * path belongs to; on a path no route serves, in the not-found answer's `{error}`; elsewhere in GraphQL's `{errors}`
   * shape. Also Fastify's `frameworkErrors` option.
   */
  answerFrameworkError(error: FrameworkError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const { status, code, message } = classifyFrameworkError(error, request);
    // The router refuses some requests before any hook runs.
    reply.header('x-request-id', request.id);
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const api = this.apiOf(request.url);
    if (!api) {
      // A path no route serves answers as the not-found handler does, whatever went wrong first (its body, say).
      if (request.routeOptions.url === undefined) return reply.code(status).send({ error: message });
      return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
    }
    const legacy = toLegacyError(api, { message, extensions: { code } });
    // The table knows codes, not transport statuses: a 413, 415 or a route's own refusal status stays what it is.
    return reply.code(status >= 500 ? legacy.status : status).send(legacy.body);
  }

  /** The 403 for a cookie-authenticated write from an untrusted page (see refuseCrossSiteWrites). */
  refuseCrossSite(request: FastifyRequest, reply: FastifyReply): void {
    const error = { message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } };
    const api = this.apiOf(request.url);
    if (!api) return void reply.code(403).send({ errors: [error] });
    return void sendLegacyError(reply, api, error);
  }

  /** The error handler and not-found handler: each legacy API's error body for whatever the framework refuses. */
  register(fastify: FastifyInstance): void {
    // Unknown paths spend from the same budget (the limit is an onRequest hook), so probing for routes is limited too.
    fastify.setNotFoundHandler((request, reply) => {
      const api = this.apiOf(request.url);
      if (api?.notFound) return reply.code(404).send(legacyBody(api, api.notFound));
      return reply.code(404).send({ error: 'Not found' });
    });
    fastify.setErrorHandler((error: FrameworkError, request, reply) =>
      this.answerFrameworkError(error, request, reply),
    );
  }
}
