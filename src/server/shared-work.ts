import type { Principal } from '../platform/auth/principal.js';

/**
 * Work many subscribers of one change would each do with the same answer, done once for all of them while it
 * runs. A change reaches every subscriber at the same moment; those presenting the same credentials get the same
 * principal when it is read again, and those with the same principal, document and variables get the same result
 * for the same event. So the key of a piece of work names everything its answer depends on, and an entry lives
 * only while its work runs: a subscriber who comes later does the work again, never reads an older answer.
 */
export class SharedWork {
  readonly #running = new Map<string, Promise<unknown>>();

  /** `work()`'s promise, or the one already running under `key`. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running as Promise<T>;
    const promise = (async () => work())();
    this.#running.set(key, promise);
    const forget = () => {
      if (this.#running.get(key) === promise) this.#running.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Pieces of work running now. */
  get size(): number {
    return this.#running.size;
  }
}

/**
 * Everything a principal says, as a key: two subscribers share a result only when every field of who they are
 * is the same (a set, such as an API key's permissions, in a fixed order).
 */
export function principalKey(principal: Principal): string {
  return JSON.stringify(principal, (_key, value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : value));
}

/** The operation a subscriber asked for, as a key: the document's text, its operation name and its variables. */
export function operationKey(query: string, operationName: string | null | undefined, variables: unknown): string {
  return JSON.stringify([query, operationName ?? null, variables ?? null]);
}

/** An event as its subscriber receives it, as a key: the same change seen the same way is the same text. */
export function eventKey(event: unknown): string {
  return JSON.stringify(event);
}
