import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A cache is an optimisation: implementations fail open (a broken backend reads as a miss), so an outage
 * of the cache slows requests down but never fails them.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  /** `get` of each key, in their order. */
  getMany<T>(keys: readonly string[]): Promise<Array<T | undefined>>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * In-process cache for a single replica. Values go through JSON like they do in Redis, so a value that
 * would not survive Redis (a Date, a Map) fails in development too; what comes back is frozen, so no caller can
 * change what the next one reads, and it is parsed once, when stored, rather than at every read.
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
    return this.read<T>(key, this.now());
  }

  async getMany<T>(keys: readonly string[]): Promise<Array<T | undefined>> {
    const now = this.now();
    return keys.map((key) => this.read<T>(key, now));
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    const stored = value === undefined ? undefined : deepFreeze(JSON.parse(JSON.stringify(value)) as T);
    this.entries.set(key, { value: stored, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  private read<T>(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
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

  async getMany<T>(keys: readonly string[]): Promise<Array<T | undefined>> {
    if (keys.length === 0) return [];
    try {
      const texts = await this.redis.mget(keys.map((key) => this.prefix + key));
      return texts.map((json) => (json === null ? undefined : (JSON.parse(json) as T)));
    } catch (error) {
      this.onError(error);
      return keys.map(() => undefined);
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

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
