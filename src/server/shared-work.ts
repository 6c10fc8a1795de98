import type { Principal } from '../platform/auth/principal.js';

/**
 * Work many subscribers of one change would each do with the same answer, done once for all of them while it
 * runs. A change reaches every subscriber at the same moment; those presenting the same credentials get the same
 * principal when it is read again, and those with the same principal, document and variables get the same result
 * for the same event. So the key of a piece of work names everything its answer depends on, and an entry lives
 * only while its work runs: a subscriber who comes later does the work again, never reads an older answer.
 */
export class SharedWork {
  // Keyed part by part (a tree of maps), so a subscriber's key is made of strings it already holds, and
  // looking one up makes no new string: at ten thousand subscribers a change, that is most of the cost.
  readonly #root: Level = new Map();
  #size = 0;

  /** `work()`'s promise, or the one already running under the same key. */
  run<T>(key: readonly KeyPart[], work: () => Promise<T>): Promise<T> {
    const path: Level[] = [this.#root];
    for (const part of key.slice(0, -1)) {
      const level = path.at(-1)!;
      let next = level.get(part) as Level | undefined;
      if (!next) level.set(part, (next = new Map()));
      path.push(next);
    }
    const leaf = path.at(-1)!;
    const last = key.at(-1)!;
    const running = leaf.get(last);
    if (running) return running as Promise<T>;
    const promise = (async () => work())();
    leaf.set(last, promise);
    this.#size++;
    const forget = () => {
      if (leaf.get(last) !== promise) return;
      leaf.delete(last);
      this.#size--;
      for (let i = path.length - 1; i > 0 && path[i].size === 0; i--) path[i - 1].delete(key[i - 1]);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Pieces of work running now. */
  get size(): number {
    return this.#size;
  }

  /** Whether nothing is kept: no work running, and no empty level left behind. */
  get empty(): boolean {
    return this.#size === 0 && this.#root.size === 0;
  }
}

/** A part of a key: a string, or null for a part that is absent (which no string equals). */
export type KeyPart = string | null;
type Level = Map<KeyPart, Level | Promise<unknown>>;

/**
 * Everything a principal says, as a key: two subscribers share a result only when every field of who they are
 * is the same (a set, such as an API key's permissions, in a fixed order).
 */
export function principalKey(principal: Principal): string {
  return JSON.stringify(principal, (_key, value: unknown) =>
    value instanceof Set ? [...(value as Set<string>)].sort() : value,
  );
}

/**
 * The operation a subscriber asked for, as the parts of a key: the document's text (the string its subscribe
 * message already holds, not a copy), its operation name and its variables.
 */
export function operationKey(
  query: string,
  operationName: string | null | undefined,
  variables: unknown,
): readonly KeyPart[] {
  return [query, operationName ?? null, JSON.stringify(variables ?? null)];
}

const eventKeys = new WeakMap<object, Map<string, string>>();

/**
 * An event as its subscriber receives it, as a key: the same change seen the same way is the same text. A source
 * event is usually a fresh one-field wrapper around an event object that many subscribers share, published once
 * and never changed: its text is made once per event and field name, and every subscriber gets the same string.
 */
export function eventKey(event: unknown): string {
  if (typeof event !== 'object' || event === null) return JSON.stringify(event);
  const fields = Object.keys(event);
  const inner = fields.length === 1 ? (event as Record<string, unknown>)[fields[0]] : undefined;
  if (typeof inner !== 'object' || inner === null) return JSON.stringify(event);
  const name = fields[0];
  let byName = eventKeys.get(inner);
  if (!byName) eventKeys.set(inner, (byName = new Map<string, string>()));
  let key = byName.get(name);
  if (key === undefined) byName.set(name, (key = JSON.stringify(event)));
  return key;
}
