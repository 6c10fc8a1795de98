import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from '../../src/platform/periodic.js';

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs at once and then at every interval until stopped', async () => {
    vi.useFakeTimers();
    const work = vi.fn(async () => undefined);
    const periodic = repeatEvery(1_000, work, () => undefined, 'test work');
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(work).toHaveBeenCalledTimes(4);
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(4);
  });

  it('skips a tick while a run is still under way, and stop waits for that run', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    let finished = false;
    const work = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    );
    const periodic = repeatEvery(1_000, work, () => undefined, 'test work');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(work).toHaveBeenCalledTimes(1);
    const stopped = periodic.stop();
    finish();
    await stopped;
    expect(finished).toBe(true);
  });

  it('hands a failed run to onError and tries again at the next tick', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const work = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    const periodic = repeatEvery(1_000, work, (error) => errors.push(error), 'test work');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database away');
    expect(work).toHaveBeenCalledTimes(2);
    await periodic.stop();
  });
});
