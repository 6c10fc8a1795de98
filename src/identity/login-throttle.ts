import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '../platform/errors.js';

export interface LoginAttempt {
  /** The account's case-insensitive key, so ALICE and alice share one budget. */
  usernameKey: string;
  ip: string;
}

/**
 * Password guessing is slowed per account (one account, many IPs) and per IP (one IP, many accounts).
 * Every attempt is counted before the password is checked, so a burst of parallel guesses, or a hundred
 * aliased `login` fields in one GraphQL document, cannot all slip in before the first failure is
 * recorded. A successful log-in gives its hit back: what accumulates is failures, and a busy office
 * behind one address is not locked out by its own good log-ins.
 */
export class LoginThrottle {
  /** `limiter` allows LOGIN_RATE_LIMIT_MAX points per window (see createLimiter). */
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Counts the attempt, or refuses it with RATE_LIMITED when either budget is spent. */
  async begin(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }> {
    const keys = [`user:${attempt.usernameKey}`, `ip:${attempt.ip}`];
    const giveBack = async () => {
      await Promise.all(keys.map((key) => this.limiter.reward(key)));
    };
    const outcomes = await Promise.allSettled(keys.map((key) => this.limiter.consume(key)));
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    if (refusals.length > 0) {
      const failure = refusals.find((reason) => !(reason instanceof RateLimiterRes));
      // The limiter's own failure (Redis down), not a refusal: it passes on as the error it is.
      if (failure) throw failure instanceof Error ? failure : new Error('the login limiter failed', { cause: failure });
      // A refused attempt is not a guess: it does not extend the lock-out it ran into, nor spend the other budget.
      await giveBack();
      const waitMs = Math.max(...(refusals as RateLimiterRes[]).map((refusal) => refusal.msBeforeNext));
      throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return { succeeded: giveBack };
  }
}
