import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

const MINUTE_MS = 60_000;
/** How long a use waits to be written, so the uses of a busy second share one statement. */
const FLUSH_DELAY_MS = 1_000;
/** Ids whose last written minute this process remembers; past it, one more write (a no-op in SQL) at worst. */
const MAX_REMEMBERED = 50_000;

/** Which column of which table a stamp goes to: fixed in code, never from a request. */
export interface StampTarget {
  table: 'api_keys' | 'sessions';
  column: 'last_used_at' | 'last_seen_at';
}

/**
 * When an API key was last used, or a session last seen, to the minute. A use is noted in memory and written
 * shortly after, off the request's path: a slow or failing write never delays or fails the request that made it.
 * Each id is written at most once a minute, by this process (it remembers the minute it queued) and across
 * replicas (the statement changes a row only when its stamp is older than the minute being written).
 */
export class UsageStamps {
  readonly #pending = new Map<string, number>();
  readonly #queued = new LRUCache<string, number>({ max: MAX_REMEMBERED });
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly target: StampTarget,
    private readonly em: () => EntityManager,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The minute a moment falls in: what a stamp holds. */
  static minuteOf(at: Date): Date {
    return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
  }

  /** Notes a use now; returns at once. */
  touch(id: string): void {
    if (this.#closed) return;
    const minute = UsageStamps.minuteOf(this.now()).getTime();
    if (this.#queued.get(id) === minute) return;
    this.#queued.set(id, minute);
    this.#pending.set(id, minute);
    this.#timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  /** Records that an id's stamp already holds this minute (a session opened now), so no write repeats it. */
  written(id: string, at: Date): void {
    this.#queued.set(id, UsageStamps.minuteOf(at).getTime());
  }

  /** Writes what is pending; never throws. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = [...this.#pending];
    this.#pending.clear();
    if (batch.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(() => this.#write(batch));
    return this.#flushing;
  }

  async #write(batch: Array<[string, number]>): Promise<void> {
    const byMinute = new Map<number, string[]>();
    for (const [id, minute] of batch) byMinute.set(minute, [...(byMinute.get(minute) ?? []), id]);
    const { table, column } = this.target;
    for (const [minute, ids] of byMinute) {
      const at = new Date(minute);
      try {
        await this.em().execute(
          `update "${table}" set "${column}" = ? where "id" in (?) and ("${column}" is null or "${column}" < ?)`,
          [at, ids, at],
        );
      } catch (error) {
        // Try again at the next use: nothing else depends on the stamp.
        for (const id of ids) if (this.#queued.get(id) === minute) this.#queued.delete(id);
        this.log.warn({ err: error, table, count: ids.length }, `could not record ${column}; it stays as it was`);
      }
    }
  }

  /** Writes what is pending, then takes no more. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
  }
}
