import type { EntityManager } from '@mikro-orm/postgresql';
import { read } from '../platform/db/read.js';
import type { BusinessSchedule } from './business-time.js';
import type { HelpRequestRow } from './help-request-read-model.js';
import { readSchedules } from './schedule-records.js';
import { readRules } from './sla-rules-read-model.js';
import { recount, type SlaClock } from './sla.js';
import type { HelpPriority, HelpStatus } from './vocabulary.js';

/*
 * A change of the service-level rules (a policy's targets or schedule, or a schedule's hours, zone or holidays)
 * recounts every open request they apply to, in the change's own transaction: the rows are locked, what each has
 * used so far is counted under the rules it ran by, what is left is counted on under the new ones, and all are
 * written by one statement. A replica's breach monitor skips locked rows; the advisory lock (sla-lock.ts) orders changes
 * of the rules and the changes of requests that read them, so each change recounts each open request exactly
 * once, whichever replica takes it, and no request is filed or resumed under rules that are on their way out.
 */

/** What a recount reads of each request: its clock, as the read model's rows carry it. */
type ClockRow = Pick<
  HelpRequestRow,
  | 'id'
  | 'priority'
  | 'status'
  | 'created_at'
  | 'first_response_due_at'
  | 'resolution_due_at'
  | 'paused_seconds'
  | 'paused_since'
  | 'first_public_response_at'
  | 'resolved_at'
  | 'first_response_breached'
  | 'resolution_breached'
  | 'sla_schedule_id'
  | 'sla_used_seconds'
  | 'sla_counted_at'
>;

const OPEN: readonly HelpStatus[] = ['open', 'in_progress', 'on_hold'];

/**
 * Recounts the open requests of `priorities` at `at` under their rules as they now stand. `before` holds the
 * schedules as they were before the change (a request's time so far is counted in the hours it ran by); any other
 * schedule a request counted in is read as it stands. Returns how many requests were recounted.
 */
export async function recountOpenRequests(
  em: EntityManager,
  at: Date,
  priorities: readonly HelpPriority[],
  before: ReadonlyMap<string, BusinessSchedule>,
): Promise<number> {
  const rules = await readRules(em, priorities);
  const rows = await read<ClockRow>(
    em,
    `select id, priority, status, created_at, first_response_due_at, resolution_due_at, paused_seconds, paused_since, first_public_response_at,
            resolved_at, first_response_breached, resolution_breached, sla_schedule_id, sla_used_seconds, sla_counted_at
       from help_requests where status in (?) and priority in (?) order by id for update`,
    [OPEN, priorities],
  );
  if (rows.length === 0) return 0;
  const missing = [
    ...new Set(rows.map((r) => r.sla_schedule_id).filter((id): id is string => id !== null && !before.has(id))),
  ];
  const current = await readSchedules(em, missing);
  const scheduleOf = (id: string | null): BusinessSchedule | null =>
    id === null ? null : (before.get(id) ?? current.get(id) ?? null);
  const date = (value: string) => em.getPlatform().parseDate(value);
  const updates = rows.map((row) => {
    const clock: SlaClock = {
      createdAt: date(row.created_at),
      status: row.status,
      firstResponseDueAt: date(row.first_response_due_at),
      resolutionDueAt: date(row.resolution_due_at),
      pausedSeconds: row.paused_seconds,
      pausedSince: row.paused_since === null ? null : date(row.paused_since),
      firstPublicResponseAt: row.first_public_response_at === null ? null : date(row.first_public_response_at),
      resolvedAt: row.resolved_at === null ? null : date(row.resolved_at),
      firstResponseBreached: row.first_response_breached,
      resolutionBreached: row.resolution_breached,
      slaScheduleId: row.sla_schedule_id,
      slaUsedSeconds: row.sla_used_seconds,
      slaCountedAt: date(row.sla_counted_at),
    };
    recount(clock, at, scheduleOf(row.sla_schedule_id), rules.get(row.priority)!);
    return {
      id: row.id,
      first_response_due_at: clock.firstResponseDueAt.toISOString(),
      resolution_due_at: clock.resolutionDueAt.toISOString(),
      sla_schedule_id: clock.slaScheduleId ?? null,
      sla_used_seconds: clock.slaUsedSeconds,
      sla_counted_at: clock.slaCountedAt.toISOString(),
    };
  });
  await em.execute(
    `update help_requests r set first_response_due_at = u.first_response_due_at, resolution_due_at = u.resolution_due_at,
            sla_schedule_id = u.sla_schedule_id, sla_used_seconds = u.sla_used_seconds, sla_counted_at = u.sla_counted_at
       from jsonb_to_recordset(?::jsonb) as u(id int, first_response_due_at timestamptz, resolution_due_at timestamptz, sla_schedule_id uuid,
            sla_used_seconds int, sla_counted_at timestamptz)
      where r.id = u.id`,
    [JSON.stringify(updates)],
  );
  return rows.length;
}
