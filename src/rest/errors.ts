import type { GraphQLFormattedError } from 'graphql';
import { statusForCode } from '../errors.js';

/** The error body of each legacy API: the workspace platform, the help desk, and the risk service. */
export type LegacyApi = 'public' | 'help' | 'risk' | 'auth';

export interface LegacyError {
  status: number;
  body: Record<string, string>;
}

const bodyOf = (api: LegacyApi, message: string): Record<string, string> =>
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
      if (reason === 'expired') return { status: 401, body: bodyOf(api, 'Access has expired') };
      if (reason === 'missing') return { status: 400, body: bodyOf(api, 'Invalid Request') };
      return { status: 403, body: bodyOf(api, 'Access Denied') };
    }
    // A valid key asking for what it may not do: the platform's answer for a missing permission.
    if (code === 'FORBIDDEN') return { status: 403, body: bodyOf(api, 'Unauthorized') };
    if (['BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT', 'GRAPHQL_VALIDATION_FAILED'].includes(code)) {
      return { status: 400, body: bodyOf(api, message) };
    }
  }
  if (api === 'help') {
    if (code === 'UNAUTHENTICATED') return { status: 401, body: bodyOf(api, 'Authentication required') };
    if (code === 'NOT_FOUND') return { status: 404, body: bodyOf(api, 'Resource not found') };
  }
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_REQUEST') return { status: 400, body: bodyOf(api, message) };
  const status = statusForCode(code);
  if (status >= 500 && code !== 'UPSTREAM_UNAVAILABLE' && code !== 'SERVICE_UNAVAILABLE') {
    return { status: 500, body: bodyOf(api, 'Internal server error') };
  }
  return { status, body: bodyOf(api, message) };
}
