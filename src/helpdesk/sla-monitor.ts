import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { inRootSpan } from '../platform/observability/tracing.js';
import type { HelpRequestChangeHooks } from './change-hooks.js';
import type { HelpRequestEvents } from './events.js';
import { HelpRequest } from './help-request.entity.js';
import type { SlaTarget } from './sla.js';

/**
 * Each replica's look-out for service-level due times that pass unmet. Every few seconds it claims what is due
 * (claim: an atomic conditional update in PostgreSQL, so two replicas never claim the
 * same breach), and the claiming replica announces it through the event channel. No scheduler outside the process:
 * with every replica looking, one that stops leaves the others to notice.
 */
export class SlaMonitor {
  #timer: NodeJS.Timeout | undefined;
  /** The latest look asked for; each look starts once the one before it has finished. */
  #last: Promise<number> = Promise.resolve(0);
  #pending = 0;

  constructor(
    private readonly events: HelpRequestEvents,
    private readonly changeHooks: HelpRequestChangeHooks,
    private readonly em: () => EntityManager,
    private readonly now: () => Date,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    // A tick while a look is still running is skipped rather than queued, so a slow database is not piled on.
    this.#timer ??= setInterval(() => this.#pending === 0 && void this.check(), this.intervalMs);
    this.#timer.unref();
  }

  /** Looks now (after any look in progress): resolves with how many breaches this look claimed. */
  check(): Promise<number> {
    this.#pending++;
    const look = this.#last.then(() =>
      inRootSpan('look for service-level breaches', () => this.claim(this.em(), this.now()))
        .catch((error: unknown) => {
          // The next look retries; a database hiccup is not worth more than a warning.
          this.log.warn({ err: error }, 'could not look for service-level breaches');
          return 0;
        })
        .finally(() => this.#pending--),
    );
    this.#last = look;
    return look;
  }

  /**
   * Claims the requests whose due time passed unmet by `at` (`limit` at a time, up to 20 batches per look), marks them breached and records it, in
   * one statement per target: a conditional update over the partial due-time index that skips rows another
   * replica (or a change in progress) holds, so each breach is claimed by exactly one replica. Announces each
   * once the statement has committed; returns how many it claimed.
   */
  async claim(em: EntityManager, at: Date, limit = 500): Promise<number> {
    const claimed = new Map<number, { requesterId: string | null; targets: SlaTarget[] }>();
    for (const [target, flag, due, met] of [
      ['first_response', 'first_response_breached', 'first_response_due_at', 'first_public_response_at'],
      ['resolution', 'resolution_breached', 'resolution_due_at', 'resolved_at'],
    ] as const) {
      // A backlog (a replica that was down, say) is drained a batch at a time, each batch its own transaction.
      for (let batch = 0; batch < 20; batch++) {
        const rows = await em.transactional((tem) => this.#claimBatch(tem, target, flag, due, met, at, limit));
        for (const row of rows) {
          const entry = claimed.get(row.id) ?? { requesterId: row.requester_id, targets: [] };
          entry.targets.push(target);
          claimed.set(row.id, entry);
        }
        if (rows.length < limit) break;
      }
    }
    for (const [id, { requesterId, targets }] of claimed)
      this.events.publish({
        kind: 'sla_breached',
        requestId: id,
        requesterId,
        fields: targets,
        internalFields: targets,
        at,
      });
    return claimed.size;
  }

  /** One batch of claim, in its own transaction, with the change hooks run for each request it claimed. */
  async #claimBatch(
    em: EntityManager,
    target: SlaTarget,
    flag: string,
    due: string,
    met: string,
    at: Date,
    limit: number,
  ): Promise<{ id: number; requester_id: string | null }[]> {
    const rows = await em.execute<{ id: number; requester_id: string | null; due: Date }[]>(
      `with claimed as (
             update help_requests r set ${flag} = true
              where r.id in (select id from help_requests
                              where not ${flag} and ${met} is null and paused_since is null and ${due} < ?
                              order by ${due} limit ? for update skip locked)
                and not r.${flag}
             returning r.id, r.requester_id, r.${due} as due
           ), recorded as (
             insert into help_request_history (request_id, action, field, new_value, internal, actor_id, created_at)
             select id, 'sla_breached', ?, to_char(due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), true, null, ? from claimed
           )
           select id, requester_id, due from claimed`,
      [at, limit, target, at],
    );
    if (this.changeHooks.empty || rows.length === 0) return rows;
    // The claim's update holds these rows until it commits: each hook sees its request as claimed.
    const requests = await em.find(HelpRequest, { id: { $in: rows.map((r) => r.id) } });
    const dueOf = new Map(rows.map((r) => [r.id, new Date(r.due)]));
    for (const request of requests) {
      await this.changeHooks.run({
        em,
        kind: 'sla_breached',
        request,
        changes: [{ field: target, oldValue: null, newValue: dueOf.get(request.id)!.toISOString(), internal: true }],
        actor: null,
        at,
      });
    }
    return rows;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#last;
  }
}
