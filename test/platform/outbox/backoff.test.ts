import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from '../../../src/platform/outbox/backoff.js';

describe('exponentialBackoff', () => {
  it('spreads retries with jitter within the upper half of each delay', () => {
    const low = exponentialBackoff({ firstMs: 1_000, maxMs: 8_000, random: () => 0 });
    const high = exponentialBackoff({ firstMs: 1_000, maxMs: 8_000, random: () => 0.999999 });
    expect([1, 2, 3, 4, 5].map(low)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect([1, 2, 3, 4, 5].map(high)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});
