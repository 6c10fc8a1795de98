import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '../errors.js';
import type { Context } from './context.js';

/** Codes a client may see verbatim: they describe the client's request, not the server's insides. */
const CLIENT_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  'INTROSPECTION_DISABLED',
]);

/** Connection-level failures of PostgreSQL: the database is away, not the request wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name = '', message = '', code = '' } = e as { name?: string; message?: string; code?: string };
    if (/ConnectionException/.test(name)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(code)) return true;
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/**
 * The error a resolver threw, under the GraphQLError the executor wrapped it in. Apollo's own unwrapResolverError
 * only looks under errors that carry a path, and graphql-jit leaves the path off some of its wrappers.
 */
export function thrownBy(error: unknown): unknown {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof GraphQLError && e.originalError; depth++) e = e.originalError;
  return e;
}

/**
 * Masks everything that is not a deliberate client-facing error: no stack, SQL or internal message
 * reaches a client. The original is logged, with the request id, by the plugin below.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = thrownBy(error);
  if (original instanceof DomainError) {
    const { http: _status, ...extensions } = original.extensions;
    return { ...formatted, message: original.message, extensions };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code) && !(original instanceof Error && !(original instanceof GraphQLError))) {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  if (isDatabaseUnavailable(original)) {
    return { message: 'Service temporarily unavailable', path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
  }
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** Logs every unexpected error with its request id; expected client errors are not noise in the log. */
export const errorLoggingPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          const original = thrownBy(error);
          if (original instanceof DomainError) continue;
          if (original instanceof GraphQLError && CLIENT_CODES.has(String(original.extensions?.code))) continue;
          if (!(original instanceof Error) && error.extensions?.code) continue;
          contextValue?.log?.error({ err: original, path: error.path }, 'unexpected error while executing an operation');
        }
      },
    };
  },
};
