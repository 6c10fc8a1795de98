import DataLoader from 'dataloader';

/**
 * A DataLoader that also keeps the values its batches settled, so a resolver can answer a key already loaded
 * at once. A page of fifty help requests resolves a few hundred relation fields; answered through a promise
 * each, they cost the executor more than the statements that read them.
 */
export class SettledLoader<K, V> {
  readonly #settled = new Map<K, V>();
  readonly #loader: DataLoader<K, V>;

  constructor(batch: (keys: readonly K[]) => Promise<V[]>) {
    this.#loader = new DataLoader<K, V>(async (keys) => {
      const values = await batch(keys);
      keys.forEach((key, i) => {
        if (!(values[i] instanceof Error)) this.#settled.set(key, values[i]);
      });
      return values;
    });
  }

  load(key: K): Promise<V> {
    return this.#loader.load(key);
  }

  /** Loads these keys in one batch (with whatever else is loaded in the same tick); failures stay with each key. */
  async preload(keys: Iterable<K>): Promise<void> {
    const missing = [...new Set(keys)].filter((key) => !this.#settled.has(key));
    if (missing.length > 0) await this.#loader.loadMany(missing);
  }

  /** The value itself when its batch has settled, else a promise of it. */
  get(key: K): V | Promise<V> {
    return this.#settled.has(key) ? this.#settled.get(key)! : this.#loader.load(key);
  }
}

/** Applies `then` to a value now, or once its promise settles (a SettledLoader's `get`). */
export const whenSettled = <T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(then) : then(value);
