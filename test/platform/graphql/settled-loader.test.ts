import { describe, expect, it } from 'vitest';
import { SettledLoader, whenSettled } from '../../../src/platform/graphql/settled-loader.js';

describe('SettledLoader', () => {
  it('answers a key its batch settled at once, and any other through a promise', async () => {
    const batches: number[][] = [];
    const loader = new SettledLoader<number, string>(async (keys) => {
      batches.push([...keys]);
      return keys.map((k) => `#${k}`);
    });
    await loader.preload([1, 2, 2]);
    expect(loader.get(1)).toBe('#1');
    const later = loader.get(3);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe('#3');
    await loader.preload([1, 2]);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('keeps a failed key failing through a promise rather than settling it', async () => {
    const loader = new SettledLoader<number, string>(async (keys) =>
      keys.map((k) => (k === 2 ? (new Error('no 2') as unknown as string) : `#${k}`)),
    );
    await loader.preload([1, 2]);
    expect(loader.get(1)).toBe('#1');
    await expect(loader.get(2)).rejects.toThrow('no 2');
  });
});

describe('whenSettled', () => {
  it('applies a function to a value at once, and to a promise once it settles', async () => {
    expect(whenSettled(2, (n) => n * 2)).toBe(4);
    const later = whenSettled(Promise.resolve(3), (n) => n * 2);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(6);
  });
});
