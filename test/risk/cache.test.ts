import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCache, RedisCache } from '../../src/risk/cache.js';

// Runs where the test run has a Redis (REDIS_URL), as CI's second pass does; a fresh machine has none.
const REDIS_URL = process.env.REDIS_URL ?? '';

describe('MemoryCache', () => {
  it.each([
    [0, 'fresh'],
    [59_999, 'fresh'],
    [60_000, 'expired'],
    [3_600_000, 'expired'],
  ])('an entry with a 60 s TTL read %d ms later is %s', async (elapsedMs, state) => {
    let now = 1_000_000;
    const cache = new MemoryCache({ now: () => now });
    await cache.set('k', { count: 3 }, 60);
    now += elapsedMs;
    expect(await cache.get('k')).toEqual(state === 'fresh' ? { count: 3 } : undefined);
  });

  it('evicts the least recently used entry when full', async () => {
    const cache = new MemoryCache({ maxEntries: 2 });
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.get('a'); // a is now more recent than b
    await cache.set('c', 3, 60);
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('never grows past its bound', async () => {
    const cache = new MemoryCache({ maxEntries: 100 });
    for (let i = 0; i < 1000; i++) await cache.set(`zip:${i}`, i, 60);
    expect(cache.size).toBe(100);
    expect(await cache.get('zip:999')).toBe(999);
    expect(await cache.get('zip:0')).toBeUndefined();
  });

  it('hands out values no caller can change, nor the value it stored', async () => {
    const cache = new MemoryCache();
    const stored = { count: 1, nested: { at: [1, 2] } };
    await cache.set('k', stored, 60);
    stored.count = 2;
    const first = await cache.get<typeof stored>('k');
    expect(() => {
      first!.count = 99;
    }).toThrow(TypeError);
    expect(() => first!.nested.at.push(3)).toThrow(TypeError);
    expect(await cache.get('k')).toEqual({ count: 1, nested: { at: [1, 2] } });
  });

  it('reads many keys at once, in their order, expired and missing ones as misses', async () => {
    let now = 1_000_000;
    const cache = new MemoryCache({ now: () => now });
    await cache.set('short', 'gone', 10);
    await cache.set('a', { count: 1 }, 60);
    await cache.set('zero', 0, 60);
    now += 10_000;
    expect(await cache.getMany(['zero', 'missing', 'a', 'short', 'a'])).toEqual([
      0,
      undefined,
      { count: 1 },
      undefined,
      { count: 1 },
    ]);
    expect(await cache.getMany([])).toEqual([]);
  });

  it('stores values as Redis would (JSON), so development sees what production sees', async () => {
    const cache = new MemoryCache();
    await cache.set('k', { at: new Date('2026-01-01T00:00:00.000Z'), nothing: null }, 60);
    expect(await cache.get('k')).toEqual({ at: '2026-01-01T00:00:00.000Z', nothing: null });
  });

  it('keeps falsy values (0, false, null) as hits', async () => {
    const cache = new MemoryCache();
    await cache.set('zero', 0, 60);
    await cache.set('no', false, 60);
    await cache.set('null', null, 60);
    expect([await cache.get('zero'), await cache.get('no'), await cache.get('null')]).toEqual([0, false, null]);
  });
});

describe.skipIf(!REDIS_URL)('RedisCache (against a real Redis)', () => {
  const prefix = `trellis-test:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('round-trips values through JSON under its prefix', async () => {
    const cache = new RedisCache(redis, { prefix });
    await cache.set('risk:seismic:34.1,-118.4', { count: 4, maxMagnitude: 4.12 }, 60);
    expect(await cache.get('risk:seismic:34.1,-118.4')).toEqual({ count: 4, maxMagnitude: 4.12 });
    expect(await redis.exists(`${prefix}risk:seismic:34.1,-118.4`)).toBe(1);
  });

  it('misses on a key never set', async () => {
    expect(await new RedisCache(redis, { prefix }).get('absent')).toBeUndefined();
  });

  it('reads many keys in one round trip, in their order, missing ones as misses', async () => {
    const cache = new RedisCache(redis, { prefix });
    await cache.set('many:a', { count: 1 }, 60);
    await cache.set('many:zero', 0, 60);
    const watcher = redis.duplicate();
    const commands: string[] = [];
    const monitor = await watcher.monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((arg) => arg.startsWith(`${prefix}many:`))) commands.push(args[0].toLowerCase());
    });
    expect(await cache.getMany(['many:zero', 'many:missing', 'many:a'])).toEqual([0, undefined, { count: 1 }]);
    await redis.ping(); // the monitor has seen every command sent before it
    await new Promise((resolve) => setTimeout(resolve, 50));
    monitor.disconnect();
    watcher.disconnect();
    expect(commands).toEqual(['mget']);
    expect(await cache.getMany([])).toEqual([]);
  });

  it.each([
    [3600, 3600],
    [0.2, 1], // Redis EX refuses 0 and fractions
  ])('sets a TTL of %d s as EX %d', async (ttl, ex) => {
    const cache = new RedisCache(redis, { prefix });
    await cache.set(`ttl:${ttl}`, 1, ttl);
    const remaining = await redis.ttl(`${prefix}ttl:${ttl}`);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(ex);
  });

  it('treats an unreachable Redis as a miss and reports it, rather than failing the request', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const onError = vi.fn();
    const cache = new RedisCache(down, { prefix, onError });
    await expect(cache.set('k', 1, 60)).resolves.toBeUndefined();
    await expect(cache.get('k')).resolves.toBeUndefined();
    await expect(cache.getMany(['k', 'l'])).resolves.toEqual([undefined, undefined]);
    expect(onError).toHaveBeenCalledTimes(3);
    down.disconnect();
  });
});
