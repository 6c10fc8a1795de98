/**
 * Concurrent callers asking for the same key share one in-flight promise, so a burst of identical requests
 * costs the upstream one call. The outcome, failure included, is shared; the key is forgotten once settled,
 * so the next caller starts afresh (caching results is the cache's job, not this one's).
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  do<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    // Started on the next microtask so the key is registered before `work` runs, even when it throws synchronously.
    const promise = Promise.resolve()
      .then(work)
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Keys with a call in flight; for tests and metrics. */
  get size(): number {
    return this.inFlight.size;
  }
}
