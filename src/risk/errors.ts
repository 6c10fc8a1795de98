import {
  NotFoundError,
  UpstreamUnavailableError as PublicUpstreamUnavailableError,
  ValidationError,
} from '../platform/errors.js';

/** The outside services the risk domain depends on; named in logs so an operator knows which one failed. */
export type UpstreamName = 'geocoder' | 'seismic' | 'fire';

/**
 * An upstream could not answer usefully (outage, timeout, 5xx, garbage). Clients see only the public
 * message; `reason` is for logs and may name status codes and redacted URLs, never a secret.
 */
export class UpstreamUnavailableError extends PublicUpstreamUnavailableError {
  constructor(
    readonly upstream: UpstreamName,
    readonly reason: string,
  ) {
    super('Upstream service unavailable');
  }
}

/**
 * The upstream refused our configuration (FIRMS' `Invalid MAP_KEY.`). Retrying cannot help and an operator
 * must act, so it is logged as an error; to callers it is still just an unavailable source.
 */
export class UpstreamConfigError extends UpstreamUnavailableError {}

export class InvalidZipError extends ValidationError {
  constructor() {
    super('Invalid ZIP code format', 'zip');
  }
}

export class UnknownZipError extends NotFoundError {
  constructor() {
    super('Invalid ZIP code');
  }
}
