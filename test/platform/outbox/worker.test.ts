import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../../src/platform/db/orm.js';
import { exponentialBackoff } from '../../../src/platform/outbox/backoff.js';
import { OutboxWorker, type OutboxOptions, type OutboxRow } from '../../../src/platform/outbox/worker.js';
import { createTestDatabase } from '../../helpers/app.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TABLE = 'test_outbox';
const DAY = 86_400_000;

interface TestRow extends OutboxRow {
  payload: string;
}

let db: { url: string; drop: () => Promise<void> };
let replicaA: Orm;
let replicaB: Orm;

beforeAll(async () => {
  db = await createTestDatabase({ unmigrated: true });
  // Two pools on one database: two replicas of one deployment.
  replicaA = await openOrm(db.url, { poolMax: 4 });
  replicaB = await openOrm(db.url, { poolMax: 4 });
  await replicaA.em.fork().execute(`create table ${TABLE} (
    id bigserial primary key, payload text not null,
    state text not null default 'pending', attempts int not null default 0,
    next_attempt_at timestamptz not null, last_error text,
    created_at timestamptz not null, settled_at timestamptz)`);
});

afterAll(async () => {
  await replicaA?.close(true);
  await replicaB?.close(true);
  await db?.drop();
});

beforeEach(async () => {
  await replicaA.em.fork().execute(`truncate ${TABLE}`);
});

const silent = { warn: () => undefined, error: () => undefined };

function worker(orm: Orm, options: Partial<OutboxOptions<TestRow>> & Pick<OutboxOptions<TestRow>, 'send'>) {
  return new OutboxWorker<TestRow>({
    table: TABLE,
    em: () => orm.em.fork(),
    now: () => new Date(),
    backoff: exponentialBackoff({ firstMs: 60_000, maxMs: 3_600_000, random: () => 1 }),
    retryForMs: DAY,
    leaseMs: 300_000,
    pollMs: 3_600_000,
    log: silent,
    ...options,
  });
}

async function enqueue(payloads: string[], at = new Date()): Promise<void> {
  await replicaA.em.fork().execute(
    `insert into ${TABLE} (payload, next_attempt_at, created_at)
       select p, ?::timestamptz, ?::timestamptz from unnest(string_to_array(?, '|')) with ordinality as u(p, n) order by n`,
    [at, at, payloads.join('|')],
  );
}

async function rows(): Promise<TestRow[]> {
  return replicaA.em.fork().execute<TestRow[]>(`select * from ${TABLE} order by id`);
}

describe('the outbox worker', () => {
  it('sends each row once when two replicas drain the outbox at the same time', async () => {
    const payloads = Array.from({ length: 120 }, (_, i) => `mail ${i}`);
    await enqueue(payloads);
    const sent: string[] = [];
    const send = async (row: TestRow) => {
      sent.push(row.payload);
      // A network round trip's worth of waiting, so the replicas' claims interleave.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return { state: 'sent' as const };
    };
    const a = worker(replicaA, { send, batchSize: 7 });
    const b = worker(replicaB, { send, batchSize: 7 });
    const [byA, byB] = await Promise.all([a.drain(), b.drain()]);

    expect(byA + byB).toBe(120);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(sent.sort()).toEqual([...payloads].sort());
    const after = await rows();
    expect(after.every((row) => row.state === 'sent' && row.attempts === 1 && row.settled_at)).toBe(true);
  });

  it('sends a row claimed by a replica that was killed mid-send once its lease has run out, and not before', async () => {
    await enqueue(['orphaned']);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(HERE, 'hanging-worker.ts'), db.url, TABLE, '300000'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('sending') && resolve());
      child.on('exit', (code) => reject(new Error(`the worker exited early (${code})`)));
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect((await rows())[0]).toMatchObject({ state: 'sending', attempts: 1 });

    const sent: string[] = [];
    const send = (row: TestRow) => {
      sent.push(row.payload);
      return Promise.resolve({ state: 'sent' as const });
    };
    expect(await worker(replicaB, { send }).drain()).toBe(0);
    expect(sent).toEqual([]);

    const afterLease = () => new Date(Date.now() + 300_000 + 1_000);
    expect(await worker(replicaB, { send, now: afterLease }).drain()).toBe(1);
    expect(sent).toEqual(['orphaned']);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('does not let a worker whose lease was taken over overwrite the outcome the new claim recorded', async () => {
    await enqueue(['slow']);
    let release!: () => void;
    const slow = worker(replicaA, {
      send: () => new Promise((resolve) => (release = () => resolve({ state: 'failed', error: 'late' }))),
    });
    const first = slow.drain();
    await expect.poll(async () => (await rows())[0]?.state).toBe('sending');
    const later = () => new Date(Date.now() + 301_000);
    await worker(replicaB, { now: later, send: () => Promise.resolve({ state: 'sent' }) }).drain();
    release();
    expect(await first).toBe(0);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('retries a temporary failure after a growing delay, and gives up once it has failed for a day', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    await enqueue(['flaky'], start);
    let clock = start;
    const attempts: Date[] = [];
    const flaky = worker(replicaA, {
      now: () => clock,
      send: () => {
        attempts.push(clock);
        return Promise.resolve({ state: 'retry', error: '421 try again later' });
      },
    });
    await flaky.drain();
    let row = (await rows())[0];
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: '421 try again later' });
    expect(new Date(row.next_attempt_at).getTime() - start.getTime()).toBe(60_000);

    clock = new Date(start.getTime() + 59_000);
    expect(await flaky.drain()).toBe(0);
    clock = new Date(start.getTime() + 60_000);
    expect(await flaky.drain()).toBe(1);
    row = (await rows())[0]!;
    expect(new Date(row.next_attempt_at).getTime() - clock.getTime()).toBe(120_000);

    // Keep failing: the delays double up to the hour, and the day's end turns the row failed.
    for (let i = 0; i < 60 && row.state === 'pending'; i++) {
      clock = new Date(row.next_attempt_at);
      await flaky.drain();
      row = (await rows())[0]!;
    }
    expect(row.state).toBe('failed');
    expect(row.last_error).toMatch(/^gave up after \d+ attempts: 421 try again later$/);
    expect(clock.getTime() - start.getTime()).toBeLessThanOrEqual(DAY);
    expect(clock.getTime() - start.getTime()).toBeGreaterThan(DAY - 3_600_000);
    const gaps = attempts.slice(1).map((at, i) => at.getTime() - attempts[i].getTime());
    expect(gaps.slice(0, 7)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
  });

  it('records a permanent failure at once, and a send that throws counts as temporary', async () => {
    await enqueue(['bounced', 'thrown']);
    const settledStates: string[] = [];
    await worker(replicaA, {
      send: (row) =>
        row.payload === 'bounced'
          ? Promise.resolve({ state: 'failed', error: '550 no such user' })
          : Promise.reject(new Error('connection reset')),
      settled: (_em, row, outcome) => {
        settledStates.push(`${row.payload}:${outcome.state}`);
        return Promise.resolve();
      },
    }).drain();
    const [bounced, thrown] = await rows();
    expect(bounced).toMatchObject({ state: 'failed', attempts: 1, last_error: '550 no such user' });
    expect(thrown).toMatchObject({ state: 'pending', attempts: 1, last_error: 'connection reset' });
    expect(settledStates.sort()).toEqual(['bounced:failed', 'thrown:retry']);
  });

  it('refuses a table name that is not a plain identifier', () => {
    expect(() =>
      worker(replicaA, { table: 'x; drop table y', send: () => Promise.resolve({ state: 'sent' }) }),
    ).toThrow(/not a plain identifier/);
  });
});
