import { describe, expect, it, vi } from 'vitest';
import { SingleFlight } from '../../src/shared/singleflight.js';

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
    ['threw before returning a promise', () => {
      throw new Error('sync boom');
    }],
  ])('forgets the key once the work %s, so the next caller runs it afresh', async (_name, first) => {
    const flight = new SingleFlight();
    await flight.do('k', first as () => Promise<number>).catch(() => undefined);
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
