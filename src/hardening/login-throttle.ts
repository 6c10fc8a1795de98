import { RateLimitedError } from '../errors.js';
import type { CounterStore } from './counters.js';

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
  constructor(
    private readonly counters: CounterStore,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  /** Counts the attempt, or refuses it with RATE_LIMITED when either budget is spent. */
  async begin(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }> {
    const keys = [`login:user:${attempt.usernameKey}`, `login:ip:${attempt.ip}`];
    const windowMs = this.windowSeconds * 1000;
    const hits = await Promise.all(keys.map((key) => this.counters.hit(key, windowMs)));
    const over = hits.filter((hit) => hit.count > this.max);
    if (over.length > 0) {
      // A refused attempt is not a guess: it does not extend the lock-out it ran into.
      await Promise.all(keys.map((key) => this.counters.release(key)));
      throw new RateLimitedError(Math.max(1, Math.ceil(Math.max(...over.map((hit) => hit.resetInMs)) / 1000)));
    }
    return {
      succeeded: async () => {
        await Promise.all(keys.map((key) => this.counters.release(key)));
      },
    };
  }
}
