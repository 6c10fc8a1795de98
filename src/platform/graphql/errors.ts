import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { isDatabaseUnavailable } from '../db/unavailable.js';
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
  'UNTRUSTED_DOCUMENT',
  'OPERATION_RESOLUTION_FAILURE',
  'INTROSPECTION_DISABLED',
]);

/** The error a resolver threw, under the GraphQLErrors that wrapped it (shield and the executor may each add one). */
export function thrownBy(error: unknown): unknown {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof GraphQLError && e.originalError; depth++) e = e.originalError;
  return e;
}

/**
 * graphql-js checks that fields of the same name merge by comparing them in pairs, and gives up past a budget of
 * comparisons with a bare "Validation aborted.": a document of a few hundred repeated fields spends it.
 */
const VALIDATION_ABORTED = 'Validation aborted.';
const TOO_MANY_REPEATS =
  'Repeated fields limit exceeded: checking that the same-named fields merge takes more than 500000 comparisons';

/**
 * graphql-js stops coercing variables after 50 errors and adds this one, with no code: the client's variables, not
 * the server, are at fault.
 */
const VARIABLE_ERRORS_LIMIT = 'Too many errors processing variables, error limit reached. Execution aborted.';

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
  if (formatted.message === VARIABLE_ERRORS_LIMIT)
    return {
      message: 'Too many invalid variable values: the first 50 are listed',
      extensions: { code: 'BAD_USER_INPUT' },
    };
  const code = formatted.extensions?.code;
  if (
    typeof code === 'string' &&
    CLIENT_CODES.has(code) &&
    !(original instanceof Error && !(original instanceof GraphQLError))
  ) {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    if (code === 'GRAPHQL_VALIDATION_FAILED' && formatted.message === VALIDATION_ABORTED)
      return { ...formatted, message: TOO_MANY_REPEATS, extensions };
    return { ...formatted, extensions };
  }
  if (isDatabaseUnavailable(original)) {
    return {
      message: 'Service temporarily unavailable',
      path: formatted.path,
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    };
  }
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** graphql-js's hints ("Did you mean "health"?", "Did you mean the enum value "technical"?") name the schema's parts. */
const SUGGESTION = / ?Did you mean [^?]*\?/g;

/**
 * The formatter every door uses (HTTP, REST, WebSocket). In production it drops suggestions from every message,
 * whichever step wrote it (validation, variable coercion, execution), so no path can reveal a name the client did
 * not already know; introspection being off would mean little otherwise.
 */
export function errorFormatter(options: { hideSuggestions: boolean }): typeof formatError {
  if (!options.hideSuggestions) return formatError;
  return (formatted, error) => {
    const answer = formatError(formatted, error);
    return answer.message.includes('Did you mean')
      ? { ...answer, message: answer.message.replace(SUGGESTION, '') }
      : answer;
  };
}

/**
 * Whether an error is the server's fault. Apollo wraps a parse or validation failure in an error carrying its code
 * around graphql-js's own (which has none), so the code is read from the wrapper as well as from what was thrown.
 */
export function isUnexpected(error: GraphQLError): boolean {
  const original = thrownBy(error);
  if (original instanceof DomainError) return false;
  if (error.message === VARIABLE_ERRORS_LIMIT) return false;
  const code = String(error.extensions?.code);
  if (original instanceof GraphQLError)
    return !CLIENT_CODES.has(String(original.extensions?.code)) && !CLIENT_CODES.has(code);
  return original instanceof Error || !error.extensions?.code;
}

/**
 * Logs every unexpected error at error level with its request id. A client's mistakes are its own business and
 * cheap to make (one document can hold a hundred errors): they get one line for the whole request, below error
 * level, with their codes and how many, not their messages, which quote what the client sent.
 */
export function logOperationErrors(log: FastifyBaseLogger | undefined, errors: readonly GraphQLError[]): void {
  let mistakes = 0;
  const codes = new Set<string>();
  for (const error of errors) {
    if (isUnexpected(error)) {
      log?.error({ err: thrownBy(error), path: error.path }, 'unexpected error while executing an operation');
    } else {
      mistakes++;
      codes.add(String(error.extensions?.code ?? (thrownBy(error) as GraphQLError).extensions?.code));
    }
  }
  if (mistakes > 0) log?.info({ errors: mistakes, codes: [...codes] }, 'operation refused or failed on client input');
}

export const errorLoggingPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        logOperationErrors(contextValue?.log, errors);
      },
    };
  },
};
