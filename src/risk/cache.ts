import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A cache is an optimisation: implementations fail open (a broken backend reads as a miss), so an outage
 * of the cache slows requests down but never fails them.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
}

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * In-process cache for a single replica. Values go through JSON like they do in Redis, so a value that
 * would not survive Redis (a Date, a Map) fails in development too, and callers cannot mutate what is cached.
 */
export class MemoryCache implements Cache {
  /**
   * Bounded so a stream of distinct keys (every ZIP in the country) cannot grow the heap without limit. Expiry is
   * checked here against `now`, which tests and the risk service inject, rather than by lru-cache's own clock.
   */
  private readonly entries: LRUCache<string, Entry>;
  private readonly now: () => number;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.entries = new LRUCache({ max: options.maxEntries ?? 10_000 });
    this.now = options.now ?? Date.now;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return JSON.parse(entry.json) as T;
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { json: JSON.stringify(value), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Shared across replicas. Keys are prefixed so the cache can share a Redis with quotas and rate limits. */
export class RedisCache implements Cache {
  private readonly prefix: string;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly redis: Redis,
    options: { prefix?: string; onError?: (error: unknown) => void } = {},
  ) {
    this.prefix = options.prefix ?? 'trellis:cache:';
    this.onError = options.onError ?? (() => {});
  }

  async get<T>(key: string): Promise<T | undefined> {
    try {
      const json = await this.redis.get(this.prefix + key);
      return json === null ? undefined : (JSON.parse(json) as T);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    try {
      // EX takes whole seconds and refuses 0.
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    } catch (error) {
      this.onError(error);
    }
  }
}
