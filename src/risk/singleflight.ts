import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Concurrent callers asking for the same key share one in-flight promise, so a burst of identical requests
 * costs the upstream one call. The outcome, failure included, is shared; the key is forgotten once settled,
 * so the next caller starts afresh (caching results is the cache's job, not this one's).
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  do<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    // Started on the next microtask so the key is registered before `work` runs, even when it throws synchronously.
    const promise = Promise.resolve()
      .then(work)
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Keys with a call in flight; for tests and metrics. */
  get size(): number {
    return this.inFlight.size;
  }
}

export interface SharedSingleFlightOptions {
  /** Starts the lock and result keys. */
  prefix?: string;
  /** How long a leader's claim lasts without renewal; renewed while the work runs, so a crashed leader frees it soon. */
  leaseMs?: number;
  /** How long a leader's result stays readable for the replicas waiting on it. */
  resultTtlMs?: number;
  /** A waiter stops waiting after this long and does the work itself. */
  maxWaitMs?: number;
  /** Redis trouble: the flight falls back to this process alone. */
  onError?: (error: unknown) => void;
}

// Deletes or extends the lock only while it is still ours: a lease that expired and was taken over stays the new owner's.
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// A waiter's one round trip: the leader's result, if any, and who holds the lock now.
const PEEK_SCRIPT = `return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Single flight across replicas: one in-flight call per key for the whole deployment, not per process. Within
 * a process callers share a promise as in SingleFlight; across processes the first to take a short Redis lease
 * does the work and leaves its result under a key named by its lease, which the others poll until it appears.
 *
 * Results must survive JSON. A failed leader shares nothing: a waiter then takes the lease and tries itself, so
 * retries against a failing upstream queue one at a time instead of stampeding. When Redis itself fails, the
 * flight degrades to this process alone; it is an optimisation, never a reason to fail a request.
 */
export class SharedSingleFlight extends SingleFlight {
  readonly #prefix: string;
  readonly #leaseMs: number;
  readonly #resultTtlMs: number;
  readonly #maxWaitMs: number;
  readonly #onError: (error: unknown) => void;

  constructor(
    private readonly redis: Redis,
    options: SharedSingleFlightOptions = {},
  ) {
    super();
    this.#prefix = options.prefix ?? 'trellis:flight:';
    this.#leaseMs = options.leaseMs ?? 5_000;
    this.#resultTtlMs = options.resultTtlMs ?? 10_000;
    this.#maxWaitMs = options.maxWaitMs ?? 30_000;
    this.#onError = options.onError ?? (() => {});
  }

  override do<T>(key: string, work: () => Promise<T>): Promise<T> {
    return super.do(key, () => this.#acrossReplicas(key, work));
  }

  async #acrossReplicas<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lock = `${this.#prefix}lock:${key}`;
    const token = randomUUID();
    const giveUpAt = Date.now() + this.#maxWaitMs;
    try {
      while (Date.now() < giveUpAt) {
        if ((await this.redis.set(lock, token, 'PX', this.#leaseMs, 'NX')) === 'OK')
          return await this.#lead(key, lock, token, work);
        const outcome = await this.#awaitLeader(key, lock, giveUpAt);
        if (outcome) return outcome.value as T;
      }
    } catch (error) {
      if (error instanceof LeaderFailed) throw error.cause;
      this.#onError(error);
    }
    return work();
  }

  async #lead<T>(key: string, lock: string, token: string, work: () => Promise<T>): Promise<T> {
    const renewal = setInterval(
      () => {
        this.redis.eval(RENEW_SCRIPT, 1, lock, token, this.#leaseMs).catch(this.#onError);
      },
      Math.max(50, Math.floor(this.#leaseMs / 3)),
    );
    try {
      let value: T;
      try {
        value = await work();
      } catch (error) {
        throw new LeaderFailed(error);
      }
      await this.redis
        .set(`${this.#prefix}result:${key}:${token}`, JSON.stringify({ value }), 'PX', this.#resultTtlMs)
        .catch(this.#onError);
      return value;
    } finally {
      clearInterval(renewal);
      await this.redis.eval(RELEASE_SCRIPT, 1, lock, token).catch(this.#onError);
    }
  }

  /** The current leader's result, or undefined once no leader holds the lock (or it failed) and the caller should try to lead. */
  async #awaitLeader(key: string, lock: string, giveUpAt: number): Promise<{ value: unknown } | undefined> {
    const leader = await this.redis.get(lock);
    if (leader === null) return undefined;
    const result = `${this.#prefix}result:${key}:${leader}`;
    for (let wait = 10; Date.now() < giveUpAt; wait = Math.min(100, wait * 2)) {
      const [json, holder] = (await this.redis.eval(PEEK_SCRIPT, 2, result, lock)) as [string | null, string | null];
      if (json !== null) return JSON.parse(json) as { value: unknown };
      if (holder !== leader) return undefined;
      await pause(wait);
    }
    return undefined;
  }
}

/** The work itself failed (not Redis): that failure is the caller's answer, not a reason to run the work again. */
class LeaderFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the leading call failed');
  }
}
