import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import { statusForCode } from '../errors.js';
import { isDatabaseUnavailable } from '../graphql/errors.js';

/**
 * Every error body the legacy APIs answer is built here: from a GraphQL error's code (toLegacyError), for a framework
 * failure (bad JSON, 413, 415, the rate limit, a request the route schema refuses), for an unknown path, and for the
 * cross-site write refusal.
 */

/** The error body of each legacy API: the workspace platform, the help desk, and the risk service. */
export type LegacyApi = 'public' | 'help' | 'risk' | 'auth';

export interface LegacyError {
  status: number;
  body: Record<string, string>;
}

/** Which legacy API a path belongs to, so framework errors (bad JSON, 404, 413) answer in its body shape. */
export function legacyApiOf(url: string): LegacyApi | undefined {
  if (url.startsWith('/api/public')) return 'public';
  if (url.startsWith('/api/help')) return 'help';
  if (url.startsWith('/api/auth') || /^\/api\/(user|id)(\?|$)/.test(url)) return 'auth';
  if (url.startsWith('/api')) return 'risk';
  return undefined;
}

export const legacyBody = (api: LegacyApi, message: string): Record<string, string> =>
  api === 'public' ? { error_message: message } : api === 'risk' ? { error: message } : { message };

/**
 * The one table from error codes to legacy statuses and bodies. Each API keeps the statuses and wording
 * its callers already handle; a client never sees an internal message.
 */
export function toLegacyError(api: LegacyApi, error: GraphQLFormattedError | undefined): LegacyError {
  const code = String(error?.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
  const reason = error?.extensions?.reason;
  const message = error?.message ?? 'Internal server error';

  if (api === 'public') {
    // The workspace platform answers credential problems in its own way, and every client mistake with 400.
    if (code === 'UNAUTHENTICATED') {
      if (reason === 'expired') return { status: 401, body: legacyBody(api, 'Access has expired') };
      if (reason === 'missing') return { status: 400, body: legacyBody(api, 'Invalid Request') };
      return { status: 403, body: legacyBody(api, 'Access Denied') };
    }
    // A valid key asking for what it may not do: the platform's answer for a missing permission.
    if (code === 'FORBIDDEN') return { status: 403, body: legacyBody(api, 'Unauthorized') };
    if (['BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT', 'GRAPHQL_VALIDATION_FAILED'].includes(code)) {
      return { status: 400, body: legacyBody(api, message) };
    }
  }
  if (api === 'help') {
    if (code === 'UNAUTHENTICATED') return { status: 401, body: legacyBody(api, 'Authentication required') };
    if (code === 'NOT_FOUND') return { status: 404, body: legacyBody(api, 'Resource not found') };
  }
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_REQUEST') return { status: 400, body: legacyBody(api, message) };
  const status = statusForCode(code);
  if (status >= 500 && code !== 'UPSTREAM_UNAVAILABLE' && code !== 'SERVICE_UNAVAILABLE') {
    return { status: 500, body: legacyBody(api, 'Internal server error') };
  }
  return { status, body: legacyBody(api, message) };
}

/** Answers a stored operation's first error in the API's status and body. */
export function sendLegacyError(reply: FastifyReply, api: LegacyApi, error: GraphQLFormattedError | undefined): FastifyReply {
  const { status, body } = toLegacyError(api, error);
  return reply.code(status).send(body);
}

/** Answers a refusal whose status the legacy API fixes, e.g. the help desk's 401 before anything is read. */
export const sendLegacyStatus = (reply: FastifyReply, api: LegacyApi, status: number, message: string): FastifyReply =>
  reply.code(status).send(legacyBody(api, message));

declare module 'fastify' {
  interface FastifyContextConfig extends LegacyRouteConfig {}
}

/** Route options (`config`) that change how a refused request is answered. */
export interface LegacyRouteConfig {
  /** The status for a body or query the route schema refuses (400 unless set). */
  invalidStatus?: number;
  /** The message for it, when the API words every such refusal alike; else the first problem's message. */
  invalidMessage?: string;
}

type FrameworkError = Error & { statusCode?: number; validation?: FastifyError['validation']; validationContext?: string };

interface Classified {
  status: number;
  code: string;
  message: string;
}

/** Failures outside GraphQL execution, by status: the rate limit, a database outage, body and schema problems. */
function classifyFrameworkError(error: FrameworkError, request: FastifyRequest): Classified {
  if (error.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' };
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
 * Failures outside GraphQL execution (malformed JSON, oversized bodies, unsupported media, the rate limit, a
 * request its route schema refuses, a database outage surfacing in a route) in the error shape of the API the
 * path belongs to; on a path no route serves, in the not-found answer's `{error}`; elsewhere in GraphQL's `{errors}`
 * shape. Also Fastify's `frameworkErrors` option.
 */
export function answerFrameworkError(error: FrameworkError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, code, message } = classifyFrameworkError(error, request);
  // The router refuses some requests before any hook runs.
  reply.header('x-request-id', request.id);
  if (status === 500) request.log.error({ err: error }, 'unhandled error');
  const api = legacyApiOf(request.url);
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
export function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): void {
  const error = { message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } };
  const api = legacyApiOf(request.url);
  if (!api) return void reply.code(403).send({ errors: [error] });
  return void sendLegacyError(reply, api, error);
}

/** The error handler and not-found handler: each legacy API's error body for whatever the framework refuses. */
export function registerLegacyErrors(fastify: FastifyInstance): void {
  // Unknown paths spend from the same budget (the limit is an onRequest hook), so probing for routes is limited too.
  fastify.setNotFoundHandler((request, reply) => {
    const api = legacyApiOf(request.url);
    if (api === 'help') return reply.code(404).send(legacyBody(api, 'Resource not found'));
    if (api === 'public') return reply.code(404).send(legacyBody(api, 'Not Found'));
    return reply.code(404).send({ error: 'Not found' });
  });
  fastify.setErrorHandler((error: FrameworkError, request, reply) => answerFrameworkError(error, request, reply));
}
