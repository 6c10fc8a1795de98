/**
 * Turns pushed values into an async iterator for one consumer (a GraphQL subscription's `for await`).
 * `return()` ends it at once, even while the consumer waits on `next()`, and runs `onEnd` so the producer
 * stops pushing: a client that unsubscribes leaves no listener behind. The buffer is bounded, so a consumer
 * that cannot keep up loses the oldest values rather than growing the heap without limit (`onOverflow` says so).
 *
 * A producer subclasses it and overrides `onEnd` and `onOverflow`: one is held for every open subscription, so
 * it holds no closures or options of its own, and no buffer until a value waits in one.
 */
export class AsyncQueue<T> implements AsyncIterableIterator<T> {
  #buffer: T[] | undefined;
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #ended = false;

  constructor(private readonly maxBuffered = 100) {}

  /** Called once, when the consumer ends the iterator. */
  protected onEnd(): void {}

  /** Called when a value was dropped because the consumer fell behind. */
  protected onOverflow(): void {}

  push(value: T): void {
    if (this.#ended) return;
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = undefined;
      resolve({ value, done: false });
      return;
    }
    const buffer = (this.#buffer ??= []);
    buffer.push(value);
    if (buffer.length > this.maxBuffered) {
      buffer.shift();
      this.onOverflow();
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#buffer?.length) return Promise.resolve({ value: this.#buffer.shift()!, done: false });
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.#ended) {
      this.#ended = true;
      this.#buffer = undefined;
      this.onEnd();
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.({ value: undefined, done: true });
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  async throw(error?: unknown): Promise<IteratorResult<T>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}

/**
 * `source` with each value passed through `map`; ending the result ends the source. A class whose methods every
 * subscription shares, and `next()` is no async function suspended while the source waits: one is held for every
 * open subscription, so what it keeps meanwhile is counted in thousands.
 */
export function mapAsyncIterator<T, U>(
  source: AsyncIterableIterator<T>,
  map: (value: T) => U,
): AsyncIterableIterator<U> {
  return new MappedIterator(source, map);
}

class MappedIterator<T, U> implements AsyncIterableIterator<U> {
  constructor(
    private readonly source: AsyncIterableIterator<T>,
    private readonly map: (value: T) => U,
  ) {}

  next(): Promise<IteratorResult<U>> {
    return this.source
      .next()
      .then((step) => (step.done ? { value: undefined, done: true } : { value: this.map(step.value), done: false }));
  }

  async return(): Promise<IteratorResult<U>> {
    await this.source.return?.();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<U>> {
    await this.source.return?.();
    throw error;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<U> {
    return this;
  }
}
