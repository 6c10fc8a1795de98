import type { QueryResult } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../platform/db/orm.js';
import { repeatEvery, type PeriodicWork } from '../platform/periodic.js';
import type { AuditRecorder } from './recorder.js';

/** An arbitrary constant naming the advisory lock held while pruning, so replicas prune one at a time. */
const PRUNE_LOCK = 7_472_656_201;
/** Rows deleted per transaction: a first prune of a long history never holds one long transaction. */
const BATCH = 5_000;
const HOUR_MS = 3_600_000;

/**
 * Prunes audit events older than the retention period, on a timer in every replica. Each batch runs in its own
 * transaction that first tries a transaction-scoped advisory lock: a replica that finds another pruning skips
 * its turn instead of deleting the same rows under it. The append-only trigger lets a DELETE through only when
 * the transaction has said it is pruning (`trellis.audit_prune`), which nothing but this class says. Pruning is
 * itself a change to the trail that an auditor wants to see: each batch records how many events it deleted and up to
 * when, in its own transaction.
 */
export class AuditRetention {
  #pruning: PeriodicWork | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly retentionDays: number,
    private readonly now: () => Date,
    private readonly log: Logger,
    private readonly recorder: AuditRecorder,
  ) {}

  /** Deletes every event older than the retention period; returns how many this replica deleted. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.retentionDays * 24 * HOUR_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.orm.em.fork().transactional(async (tx) => {
        const [lock] = await tx.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [
          PRUNE_LOCK,
        ]);
        if (!lock?.locked) return 0;
        await tx.execute(`select set_config('trellis.audit_prune', 'on', true)`);
        const result = await tx.execute<QueryResult>(
          'delete from audit_events where id in (select id from audit_events where occurred_at < ? order by occurred_at limit ?)',
          [cutoff, BATCH],
          'run',
        );
        if (result.affectedRows > 0) {
          this.recorder.record(
            tx,
            { kind: 'system', name: 'retention' },
            {
              action: 'audit_trail.prune',
              target: { type: 'audit_trail', id: null, name: `events before ${cutoff.toISOString()}` },
              changes: [{ field: 'deleted', oldValue: null, newValue: result.affectedRows }],
            },
          );
        }
        return result.affectedRows;
      });
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }

  /** Prunes now, then every hour, until stop(); a failed run is logged and the next one tries again. */
  start(): void {
    this.#pruning ??= repeatEvery(
      HOUR_MS,
      async () => {
        const deleted = await this.prune();
        if (deleted > 0) this.log.info({ deleted, retentionDays: this.retentionDays }, 'pruned old audit events');
      },
      (error) => this.log.warn({ err: error }, 'audit events not pruned this time'),
      'prune audit events',
    );
  }

  async stop(): Promise<void> {
    await this.#pruning?.stop();
    this.#pruning = undefined;
  }
}
