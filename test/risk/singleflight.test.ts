import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SharedSingleFlight, SingleFlight } from '../../src/risk/singleflight.js';

// Runs where the test run has a Redis (REDIS_URL), as CI's second pass does; a fresh machine has none.
const REDIS_URL = process.env.REDIS_URL ?? '';

/** A promise the test settles by hand, so "in flight" is a state the test controls. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs the work once for concurrent callers of one key and gives them all its result', async () => {
    const flight = new SingleFlight();
    const answer = deferred<number>();
    const work = vi.fn(() => answer.promise);
    const callers = Array.from({ length: 10 }, () => flight.do('seismic:34.1,-118.4', work));
    answer.resolve(42);
    expect(await Promise.all(callers)).toEqual(Array(10).fill(42));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('shares a failure with every caller', async () => {
    const flight = new SingleFlight();
    const answer = deferred<number>();
    const work = vi.fn(() => answer.promise);
    const callers = [flight.do('k', work), flight.do('k', work)];
    answer.reject(new Error('upstream down'));
    const outcomes = await Promise.allSettled(callers);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['succeeded', () => Promise.resolve(1)],
    ['failed', () => Promise.reject(new Error('boom'))],
    [
      'threw before returning a promise',
      () => {
        throw new Error('sync boom');
      },
    ],
  ])('forgets the key once the work %s, so the next caller runs it afresh', async (_name, first) => {
    const flight = new SingleFlight();
    await flight.do('k', first).catch(() => undefined);
    expect(flight.size).toBe(0);
    const second = vi.fn(async () => 2);
    expect(await flight.do('k', second)).toBe(2);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps different keys apart', async () => {
    const flight = new SingleFlight();
    const work = vi.fn(async (n: number) => n);
    const results = await Promise.all([flight.do('a', () => work(1)), flight.do('b', () => work(2))]);
    expect(results).toEqual([1, 2]);
    expect(work).toHaveBeenCalledTimes(2);
  });
});

describe.skipIf(!REDIS_URL)('SharedSingleFlight (two replicas, one real Redis)', () => {
  const prefix = `trellis-test:${randomUUID()}:flight:`;
  let connections: Redis[];
  /** Two processes' worth of flights: separate connections and separate in-process state. */
  let replicas: [SharedSingleFlight, SharedSingleFlight];

  beforeAll(() => {
    connections = [
      new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }),
      new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }),
    ];
    replicas = [new SharedSingleFlight(connections[0], { prefix }), new SharedSingleFlight(connections[1], { prefix })];
  });
  afterAll(async () => {
    const keys = await connections[0].keys(`${prefix}*`);
    if (keys.length > 0) await connections[0].del(...keys);
    await Promise.all(connections.map((c) => c.quit()));
  });

  /** Resolves once the leader's lease is visible in Redis, i.e. the work is under way. */
  const leading = async (key: string) => {
    for (let i = 0; !(await connections[0].exists(`${prefix}lock:${key}`)) && i < 500; i++)
      await new Promise((r) => setTimeout(r, 5));
  };

  /** Starts B's calls and returns once B polls for the leader's result (its first script call), i.e. is waiting on A. */
  const waitingOnB = async <T>(start: () => T): Promise<{ started: T }> => {
    const peeks = vi.spyOn(connections[1], 'eval');
    try {
      const started = start();
      for (let i = 0; peeks.mock.calls.length === 0 && i < 500; i++) await new Promise((r) => setTimeout(r, 5));
      return { started };
    } finally {
      peeks.mockRestore();
    }
  };

  it('runs the work once across replicas and gives every caller its result', async () => {
    const answer = deferred<{ detections: number }>();
    const work = vi.fn(() => answer.promise);
    const onA = [replicas[0].do('fire:34.1,-118.4', work), replicas[0].do('fire:34.1,-118.4', work)];
    await leading('fire:34.1,-118.4');
    const { started: onB } = await waitingOnB(() => [
      replicas[1].do('fire:34.1,-118.4', work),
      replicas[1].do('fire:34.1,-118.4', work),
    ]);
    answer.resolve({ detections: 3 });
    expect(await Promise.all([...onA, ...onB])).toEqual(Array(4).fill({ detections: 3 }));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("gives a leader's failure to its own callers only; a waiting replica then tries for itself", async () => {
    const failing = deferred<number>();
    const onA = replicas[0].do('k1', () => failing.promise);
    await leading('k1');
    const retry = vi.fn(async () => 7);
    const { started: onB } = await waitingOnB(() => replicas[1].do('k1', retry));
    failing.reject(new Error('upstream down'));
    await expect(onA).rejects.toThrow('upstream down');
    expect(await onB).toBe(7);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('forgets the key once settled: the next call runs the work afresh', async () => {
    expect(await replicas[0].do('k2', async () => 1)).toBe(1);
    expect(await replicas[1].do('k2', async () => 2)).toBe(2);
  });

  it('falls back to this process alone when Redis is unreachable', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on('error', () => undefined);
    const onError = vi.fn();
    const flight = new SharedSingleFlight(away, { prefix, onError });
    const work = vi.fn(async () => 'answered anyway');
    expect(await Promise.all([flight.do('k3', work), flight.do('k3', work)])).toEqual([
      'answered anyway',
      'answered anyway',
    ]);
    expect(work).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalled();
    away.disconnect();
  });
});
