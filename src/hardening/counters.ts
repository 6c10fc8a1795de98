import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window closes and the count starts again from zero. */
  resetInMs: number;
}

/**
 * Fixed-window hit counters behind every rate limit and login throttle. A window opens at a key's first
 * hit. `hit` counts and reads in one atomic step, so parallel requests (or aliased fields in one document)
 * can never all see the same "below the limit" count.
 */
export interface CounterStore {
  /** A store in this process answers at once; a shared one answers with a promise. */
  hit(key: string, windowMs: number): Hit | Promise<Hit>;
  /** Takes one hit back (never below zero), for attempts that turn out not to count. */
  release(key: string): Promise<void>;
}

/** For a single replica. Expired windows are swept so keys an attacker invents do not pile up. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number): Hit {
    const now = this.now();
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < Math.min(windowMs, 60_000)) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// One round trip and atomic: INCR, then start the window's clock on the first hit. The PTTL repair covers
// a key whose expiry was lost (e.g. written by an older version), which would otherwise count forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Shared by every replica, so a limit holds for the deployment, not per process. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'trellis:rl:',
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, Math.max(1, Math.ceil(windowMs)))) as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }
}

/**
 * Redis when it answers, this process's own counters when it does not: an outage of the shared store
 * weakens limits to per-replica ones instead of switching them off (or failing every request).
 */
export class FallbackCounterStore implements CounterStore {
  private lastWarning = 0;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    try {
      return await this.primary.hit(key, windowMs);
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async release(key: string): Promise<void> {
    try {
      await this.primary.release(key);
    } catch (error) {
      this.warn(error);
      await this.fallback.release(key);
    }
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.log.warn({ err: error }, 'rate-limit counters unavailable in Redis: counting in this process meanwhile');
  }
}

export function createCounterStore(redis: Redis | undefined, log: Pick<Logger, 'warn'>, prefix = 'trellis:rl:'): CounterStore {
  const memory = new MemoryCounterStore();
  return redis ? new FallbackCounterStore(new RedisCounterStore(redis, prefix), memory, log) : memory;
}
