import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { repeatEvery, type PeriodicWork } from '../periodic.js';
import type { Backoff } from './backoff.js';

/**
 * The columns an outbox table has, beside its module's own (write them in the module's migration):
 *   id bigserial primary key,
 *   state text not null default 'pending',       -- pending | sending | sent | failed | skipped
 *   attempts int not null default 0,
 *   next_attempt_at timestamptz not null,         -- when a pending row is due; a sending row's lease expiry
 *   last_error text,
 *   created_at timestamptz not null,
 *   settled_at timestamptz
 * and an index on (next_attempt_at) where state in ('pending', 'sending').
 * A row is written in the transaction of the change that causes it, so it exists exactly when the change does.
 */
export interface OutboxRow {
  id: string;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  settled_at: Date | null;
}

/** What became of one attempt: done for good (sent, failed, skipped with a reason), or worth trying again. */
export type SendOutcome =
  | { state: 'sent'; detail?: string }
  | { state: 'failed' | 'skipped'; error: string }
  | { state: 'retry'; error: string };

export interface OutboxOptions<Row extends OutboxRow> {
  /** The module's outbox table (a plain lowercase identifier). */
  table: string;
  /** A fresh EntityManager for each cycle (the worker keeps no identity map). */
  em: () => EntityManager;
  now: () => Date;
  /** Sends one claimed row. A throw counts as a temporary failure. */
  send: (row: Row) => Promise<SendOutcome>;
  backoff: Backoff;
  /** A row still failing temporarily this long after it was written is given up on (failed). */
  retryForMs: number;
  /**
   * How long a claim holds: a row whose worker died (or lost the database) mid-send is claimed again after it.
   * It must exceed the longest a send may take (the transport's own timeouts), or a slow send could be repeated.
   */
  leaseMs: number;
  /** Runs in the transaction that records a settled attempt (for a module's own bookkeeping: failure counts). */
  settled?: (em: EntityManager, row: Row, outcome: SendOutcome) => Promise<void>;
  /**
   * Runs first in that transaction, before the row is written: it locks the rows `settled` will write that others
   * lock before this table's (a parent whose delete cascades here), so both take them in one order and never
   * deadlock.
   */
  lockFirst?: (em: EntityManager, row: Row) => Promise<unknown>;
  batchSize?: number;
  /** How often each replica looks for due rows when nothing woke it. */
  pollMs: number;
  log: Pick<Logger, 'warn' | 'error'>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A module's outbox, drained by every replica. A claim is one statement that moves due rows to `sending` under
 * `FOR UPDATE SKIP LOCKED`, so two replicas never claim one row; the send happens outside any transaction (no
 * database connection held across the network); the outcome is recorded only while the claim still holds (its
 * attempt number unchanged), so a worker that comes back after its lease was taken over cannot overwrite the row.
 */
export class OutboxWorker<Row extends OutboxRow = OutboxRow> {
  readonly #options: Required<Omit<OutboxOptions<Row>, 'settled' | 'lockFirst'>> &
    Pick<OutboxOptions<Row>, 'settled' | 'lockFirst'>;
  #periodic: PeriodicWork | undefined;
  #draining: Promise<number> | undefined;
  #again = false;

  constructor(options: OutboxOptions<Row>) {
    if (!IDENTIFIER.test(options.table)) throw new Error(`outbox table ${options.table} is not a plain identifier`);
    this.#options = { batchSize: 20, ...options };
  }

  /** Looks for due rows now and every pollMs until stop(). */
  start(): void {
    this.#periodic ??= repeatEvery(
      this.#options.pollMs,
      () => this.drain(),
      (error) => this.#options.log.warn({ err: error, outbox: this.#options.table }, 'outbox not drained this time'),
      `drain outbox ${this.#options.table}`,
    );
  }

  /** Drains soon (after a commit that queued rows), without waiting for the next poll. */
  wake(): void {
    void this.drain().catch((error: unknown) =>
      this.#options.log.warn({ err: error, outbox: this.#options.table }, 'outbox not drained this time'),
    );
  }

  /**
   * Claims and sends due rows until none is left; resolves with how many attempts it settled. A call while a
   * drain is under way joins it, and that drain looks once more before it ends.
   */
  drain(): Promise<number> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      let settled = 0;
      try {
        do {
          this.#again = false;
          for (let batch = 0; batch < 1000; batch++) {
            const rows = await this.claim();
            settled += (await Promise.all(rows.map((row) => this.#attempt(row)))).filter(Boolean).length;
            if (rows.length < this.#options.batchSize) break;
          }
        } while (this.#again);
        return settled;
      } finally {
        this.#draining = undefined;
      }
    })();
    return this.#draining;
  }

  async stop(): Promise<void> {
    await this.#periodic?.stop();
    this.#periodic = undefined;
    await this.#draining?.catch(() => undefined);
  }

  /** Claims up to a batch of due rows (pending ones due, and sending ones whose lease ran out) for this worker. */
  async claim(): Promise<Row[]> {
    const { table, leaseMs, batchSize } = this.#options;
    const now = this.#options.now();
    return this.#options
      .em()
      .execute<Row[]>(
        `update ${table} t set state = 'sending', attempts = t.attempts + 1, next_attempt_at = ? where t.id in (select id from ${table} where state in ('pending', 'sending') and next_attempt_at <= ? order by next_attempt_at, id limit ? for update skip locked) returning t.*`,
        [new Date(now.getTime() + leaseMs), now, batchSize],
      );
  }

  async #attempt(row: Row): Promise<boolean> {
    let outcome: SendOutcome;
    try {
      outcome = await this.#options.send(row);
    } catch (error) {
      outcome = { state: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    return this.#settle(row, outcome);
  }

  async #settle(row: Row, outcome: SendOutcome): Promise<boolean> {
    const { table, retryForMs, backoff } = this.#options;
    const now = this.#options.now();
    let state: string = outcome.state;
    let error = 'error' in outcome ? outcome.error : null;
    let next = now;
    if (outcome.state === 'retry') {
      next = new Date(now.getTime() + backoff(row.attempts));
      state = 'pending';
      if (next.getTime() - new Date(row.created_at).getTime() > retryForMs) {
        state = 'failed';
        error = `gave up after ${row.attempts} attempts: ${outcome.error}`;
      }
    }
    const settledAt = state === 'pending' ? null : now;
    return this.#options.em().transactional(async (em) => {
      await this.#options.lockFirst?.(em, row);
      const updated = await em.execute<{ id: string }[]>(
        `update ${table} set state = ?, last_error = ?, next_attempt_at = ?, settled_at = ?
          where id = ? and state = 'sending' and attempts = ? returning id`,
        [state, error, next, settledAt, row.id, row.attempts],
      );
      if (updated.length === 0) {
        // Another worker took the row over after this one's lease ran out (its record wins), or the row went with
        // what it belonged to.
        this.#options.log.warn({ outbox: table, id: row.id }, 'outbox claim lost before its outcome was recorded');
        return false;
      }
      const final: SendOutcome =
        state === 'failed' && outcome.state === 'retry' ? { state: 'failed', error: error ?? '' } : outcome;
      await this.#options.settled?.(em, { ...row, state, last_error: error, settled_at: settledAt }, final);
      return true;
    });
  }
}
