import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/app.js';
import { Migration20261122000300_risk_quota } from '../../src/risk/migrations/Migration20261122000300_risk_quota.js';
import {
  MemoryQuotaStore,
  PostgresQuotaStore,
  RedisQuotaStore,
  windowStartMs,
  type QuotaStore,
} from '../../src/risk/quota.js';

// A database of its own on the run's PostgreSQL; Redis only where the run has one (REDIS_URL).
let DATABASE_URL: string;
let dropDatabase: () => Promise<void>;
const REDIS_URL = process.env.REDIS_URL;
const DAY = 86_400;

/** The migration's SQL, run by hand: the store is tested against the table production gets. */
async function migrationSql(direction: 'up' | 'down'): Promise<string[]> {
  const migration = new Migration20261122000300_risk_quota(undefined as never, undefined as never);
  await migration[direction]();
  return migration.getQueries().map(String);
}

interface Harness {
  /** A store whose clock the test moves. */
  store(clock: { now: number }): QuotaStore;
}

// One schema per run keeps the real database untouched; one Redis prefix per run likewise.
const schema = `risk_quota_test_${randomUUID().replaceAll('-', '')}`;
const redisPrefix = `trellis-test:${randomUUID()}:`;
let pool: pg.Pool;
let redis: Redis;

beforeAll(async () => {
  ({ url: DATABASE_URL, drop: dropDatabase } = await createTestDatabase());
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, options: `-c search_path=${schema}` });
  // pool.end() resolves once its clients are told to close, not once they have: the database dropped WITH (FORCE)
  // right after can still reach one, whose 57P01 would otherwise be an uncaught 'error' event. Queries still
  // reject on their own errors; this only keeps a closing client's farewell from failing the run.
  pool.on('connect', (client) => client.on('error', () => {}));
  // The pool re-emits an idle client's error on itself, where no listener would make it uncaught as well.
  pool.on('error', () => {});
  for (const sql of await migrationSql('up')) await pool.query(sql);
  if (REDIS_URL) redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await pool?.query(`drop schema if exists ${schema} cascade`);
  await pool?.end();
  await dropDatabase?.();
  if (redis) {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

const query = (sql: string, params: unknown[]) =>
  pool.query(sql, params).then((r) => r.rows as Array<Record<string, unknown>>);

const stores: Array<[string, Harness]> = [
  ['MemoryQuotaStore', { store: (clock) => new MemoryQuotaStore(() => clock.now) }],
  ['PostgresQuotaStore', { store: (clock) => new PostgresQuotaStore(query, () => clock.now) }],
  ...(REDIS_URL
    ? ([
        [
          'RedisQuotaStore',
          { store: (clock) => new RedisQuotaStore(redis, { prefix: redisPrefix, now: () => clock.now }) },
        ],
      ] as Array<[string, Harness]>)
    : []),
];

describe.each(stores)('%s', (_name, harness) => {
  const key = () => `firms:${randomUUID()}`;
  const noon = Date.parse('2026-11-22T12:00:00.000Z');

  it.each([
    { name: 'spends within the limit', spends: [5, 5, 5], limit: 1000, allowed: [true, true, true], used: [5, 10, 15] },
    {
      name: 'allows reaching the limit exactly',
      spends: [500, 500],
      limit: 1000,
      allowed: [true, true],
      used: [500, 1000],
    },
    {
      name: 'refuses a spend that would pass the limit, leaving the total alone',
      spends: [995, 5, 5, 1],
      limit: 1000,
      allowed: [true, true, false, false],
      used: [995, 1000, 1000, 1000],
    },
    {
      name: 'refuses a partial fit instead of rounding down',
      spends: [998, 5, 2],
      limit: 1000,
      allowed: [true, false, true],
      used: [998, 998, 1000],
    },
    { name: 'refuses a first spend larger than the whole limit', spends: [6], limit: 5, allowed: [false], used: [0] },
  ])('$name', async ({ spends, limit, allowed, used }) => {
    const store = harness.store({ now: noon });
    const k = key();
    const results = [];
    for (const amount of spends) results.push(await store.tryConsume(k, amount, limit, DAY));
    expect(results.map((r) => r.allowed)).toEqual(allowed);
    expect(results.map((r) => r.used)).toEqual(used);
  });

  it('starts a fresh budget when the UTC day turns, not before', async () => {
    const clock = { now: Date.parse('2026-11-22T23:59:59.000Z') };
    const store = harness.store(clock);
    const k = key();
    expect((await store.tryConsume(k, 1000, 1000, DAY)).allowed).toBe(true);
    expect((await store.tryConsume(k, 5, 1000, DAY)).allowed).toBe(false);
    clock.now = Date.parse('2026-11-23T00:00:00.000Z');
    expect(await store.tryConsume(k, 5, 1000, DAY)).toEqual({ allowed: true, used: 5 });
  });

  it('keeps separate budgets per key', async () => {
    const store = harness.store({ now: noon });
    const [a, b] = [key(), key()];
    await store.tryConsume(a, 10, 10, DAY);
    expect(await store.tryConsume(b, 10, 10, DAY)).toEqual({ allowed: true, used: 10 });
  });

  it('never lets 50 concurrent spends of 30 pass a limit of 1000: exactly 33 get through', async () => {
    const store = harness.store({ now: noon });
    const k = key();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.tryConsume(k, 30, 1000, DAY)));
    expect(results.filter((r) => r.allowed)).toHaveLength(33);
    expect(Math.max(...results.map((r) => r.used))).toBe(990);
    expect(await store.tryConsume(k, 10, 1000, DAY)).toEqual({ allowed: true, used: 1000 });
  });
});

describe('quota windows', () => {
  it.each([
    ['2026-11-22T00:00:00.000Z', DAY, '2026-11-22T00:00:00.000Z'],
    ['2026-11-22T23:59:59.999Z', DAY, '2026-11-22T00:00:00.000Z'],
    ['2026-11-22T10:59:59.999Z', 3600, '2026-11-22T10:00:00.000Z'],
  ])('%s falls in the %d s window starting %s', (at, seconds, start) => {
    expect(new Date(windowStartMs(Date.parse(at), seconds)).toISOString()).toBe(start);
  });
});

describe('the quota_usage migration', () => {
  it('can be rolled back and reapplied', async () => {
    for (const sql of await migrationSql('down')) await pool.query(sql);
    const gone = await pool.query(`select to_regclass('${schema}.quota_usage') as t`);
    expect(gone.rows[0].t).toBeNull();
    for (const sql of await migrationSql('up')) await pool.query(sql);
    expect(await new PostgresQuotaStore(query).tryConsume('after-rollback', 1, 1, DAY)).toEqual({
      allowed: true,
      used: 1,
    });
  });

  it('refuses a negative total even if someone writes one by hand', async () => {
    await expect(
      pool.query(`insert into quota_usage (key, window_start, used) values ('x', now(), -1)`),
    ).rejects.toThrow(/check constraint/);
  });
});
