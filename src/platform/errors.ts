import { GraphQLError } from 'graphql';

/**
 * The one error vocabulary. Services throw these; GraphQL carries the code in `extensions.code`;
 * each legacy REST API turns the code into its own status and body (src/platform/rest/errors.ts).
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

const httpStatus: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export class DomainError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Machine-readable detail for clients, e.g. which field failed or why a credential was refused. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...detail } });
    this.name = code;
  }

  get status(): number {
    return httpStatus[this.code];
  }
}

export const statusForCode = (code: string | undefined): number =>
  code && code in httpStatus ? httpStatus[code as ErrorCode] : 500;

export class ValidationError extends DomainError {
  constructor(message: string, field?: string) {
    super('BAD_USER_INPUT', message, field ? { field } : {});
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Resource not found', detail: Record<string, unknown> = {}) {
    super('NOT_FOUND', message, detail);
  }
}

/** `reason` tells the legacy APIs apart: each answers a missing, wrong or expired credential differently. */
export type AuthFailure = 'missing' | 'invalid' | 'expired' | 'locked' | 'disabled';

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication required', reason: AuthFailure = 'missing') {
    super('UNAUTHENTICATED', message, { reason });
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden', detail: Record<string, unknown> = {}) {
    super('FORBIDDEN', message, detail);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, detail: Record<string, unknown> = {}) {
    super('CONFLICT', message, detail);
  }
}

export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many requests', { retryAfter: retryAfterSeconds });
  }
}

export class UpstreamUnavailableError extends DomainError {
  constructor(message = 'Upstream service unavailable') {
    super('UPSTREAM_UNAVAILABLE', message);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message = 'Service temporarily unavailable') {
    super('SERVICE_UNAVAILABLE', message);
  }
}
