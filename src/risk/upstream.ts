import { setTimeout as delay } from 'node:timers/promises';
import { redactUrl } from '../platform/hardening/logging.js';
import { UpstreamUnavailableError, type UpstreamName } from './errors.js';

export type Fetch = typeof globalThis.fetch;

/** What every upstream client takes, so tests can swap the network, the clock of retries and the dice. */
export interface UpstreamOptions {
  fetch: Fetch;
  timeoutMs: number;
  /** Extra attempts after the first; one by default, so a blip costs one jittered retry and an outage at most two timeouts. */
  retries?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface UpstreamResponse {
  status: number;
  body: string;
}

export interface FetchPolicy extends UpstreamOptions {
  upstream: UpstreamName;
  /** Secrets that appear in the URL (FIRMS puts its MAP_KEY in the path); masked in every failure reason. */
  secrets?: string[];
  /**
   * Inspected before the status: a body no retry can fix (FIRMS answers `Invalid MAP_KEY.` with varying statuses)
   * returns an error to throw at once instead of retrying.
   */
  fatalBody?: (response: UpstreamResponse) => Error | undefined;
  /**
   * Runs before every attempt, the retry included: a budgeted upstream bills each request it receives, so the
   * budget is spent per attempt. Whatever it throws ends the call at once, without a retry.
   */
  beforeAttempt?: () => Promise<void>;
}

const isRetryableStatus = (status: number) => status >= 500 || status === 429;

/** Jitter spreads retries from many replicas so a recovering upstream is not hit by a synchronized wave. */
const jitterMs = (random: () => number) => 100 + Math.floor(random() * 200);

/** Never the raw error message: undici's messages can echo the URL, and with it a MAP_KEY. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'unknown';
  return `network error (${code})`;
}

/**
 * One GET with a deadline covering headers and body, retried once with jitter on network errors, timeouts,
 * 5xx and 429. Other 4xx come back to the caller, who knows what they mean (a geocoder 404 is an unknown ZIP).
 */
export async function fetchWithPolicy(url: string, policy: FetchPolicy): Promise<UpstreamResponse> {
  const { retries = 1, random = Math.random, sleep = (ms: number) => delay(ms) } = policy;
  // Failure reasons keep the `***` mask they have always shown.
  const shownUrl = redactUrl(url, policy.secrets, '***');
  let lastFailure = '';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(jitterMs(random));
    await policy.beforeAttempt?.();
    let response: UpstreamResponse;
    try {
      const res = await policy.fetch(url, {
        signal: AbortSignal.timeout(policy.timeoutMs),
        headers: { accept: 'application/json, text/csv, text/plain;q=0.9' },
      });
      response = { status: res.status, body: await res.text() };
    } catch (error) {
      lastFailure = describeFailure(error, policy.timeoutMs);
      continue;
    }
    const fatal = policy.fatalBody?.(response);
    if (fatal) throw fatal;
    if (!isRetryableStatus(response.status)) return response;
    lastFailure = `HTTP ${response.status}`;
  }
  throw new UpstreamUnavailableError(
    policy.upstream,
    `${lastFailure} from ${shownUrl} after ${retries + 1} attempt(s)`,
  );
}
