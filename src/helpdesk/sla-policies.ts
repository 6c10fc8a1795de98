import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { read } from '../platform/db/read.js';
import { readSchedules } from './schedule-records.js';
import { scheduleId, scheduleView, type HelpScheduleView } from './schedules.js';
import { lockSlaRules } from './sla-lock.js';
import { recountOpenRequests } from './sla-recount.js';
import { readRules } from './sla-rules-read-model.js';
import type { SlaRules } from './sla.js';
import type { HelpPriority } from './vocabulary.js';

export interface HelpSlaPolicy {
  priority: HelpPriority;
  firstResponseMinutes: number;
  resolutionMinutes: number;
  /** The schedule whose working time the targets count (null: calendar time). */
  scheduleId: string | null;
  schedule: HelpScheduleView | null;
  updatedAt: Date;
}

export interface HelpSlaPolicyChanges {
  firstResponseMinutes?: number | null;
  resolutionMinutes?: number | null;
  /** A schedule's id, or null for calendar time. */
  scheduleId?: string | null;
}

/** A year: a target beyond it is a typing mistake rather than a promise. */
const MAX_MINUTES = 525_600;

interface Row {
  priority: HelpPriority;
  first_response_minutes: number;
  resolution_minutes: number;
  schedule_id: string | null;
  updated_at: string;
}

const COLUMNS = 'priority, first_response_minutes, resolution_minutes, schedule_id, updated_at';

/**
 * Each priority's service-level targets, in calendar time or in a schedule's working time. A request takes its
 * due times from its priority's policy when it is filed, moved to another priority or resumed; a change of the
 * policy recounts the priority's open requests at once (what they used stays used; see sla-recount.ts).
 */
export class HelpSlaPolicyService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
  ) {}

  async list(em: EntityManager): Promise<HelpSlaPolicy[]> {
    const rows = await read<Row>(em, `select ${COLUMNS} from help_sla_policies order by priority`, []);
    return this.#views(em, rows);
  }

  async of(em: EntityManager, priority: HelpPriority): Promise<HelpSlaPolicy> {
    const [row] = await read<Row>(em, `select ${COLUMNS} from help_sla_policies where priority = ?`, [priority]);
    if (!row) throw new NotFoundError();
    return (await this.#views(em, [row]))[0];
  }

  /** A priority's rules as they stand, its schedule included. */
  async rules(em: EntityManager, priority: HelpPriority): Promise<SlaRules> {
    const rules = (await readRules(em, [priority])).get(priority);
    if (!rules) throw new NotFoundError();
    return rules;
  }

  async update(
    em: EntityManager,
    actor: Actor,
    priority: HelpPriority,
    input: HelpSlaPolicyChanges,
  ): Promise<HelpSlaPolicy> {
    const firstResponse = minutes(input.firstResponseMinutes, 'first_response_minutes');
    const resolution = minutes(input.resolutionMinutes, 'resolution_minutes');
    const schedule =
      input.scheduleId === undefined || input.scheduleId === null
        ? input.scheduleId
        : scheduleId(input.scheduleId, 'scheduleId');
    if (firstResponse === undefined && resolution === undefined && schedule === undefined) {
      throw new ValidationError('Nothing to update: send firstResponseMinutes, resolutionMinutes, scheduleId or more');
    }
    const now = this.now();
    return em.transactional(async (tem) => {
      await lockSlaRules(tem);
      const [current] = await read<Row>(tem, `select ${COLUMNS} from help_sla_policies where priority = ? for update`, [
        priority,
      ]);
      if (!current) throw new NotFoundError();
      const wanted = {
        first: firstResponse ?? current.first_response_minutes,
        resolution: resolution ?? current.resolution_minutes,
        schedule: schedule === undefined ? current.schedule_id : schedule,
      };
      if (wanted.first > wanted.resolution) {
        throw new ValidationError(
          'first_response_minutes must not exceed resolution_minutes',
          'first_response_minutes',
        );
      }
      // FOR SHARE: the schedule cannot be deleted while this policy starts to use it.
      if (
        wanted.schedule &&
        !(await read(tem, 'select 1 from help_schedules where id = ? for share', [wanted.schedule])).length
      ) {
        throw new ValidationError('scheduleId names no schedule', 'scheduleId');
      }
      const [row] = await read<Row>(
        tem,
        `update help_sla_policies set first_response_minutes = ?, resolution_minutes = ?, schedule_id = ?, updated_at = ? where priority = ?
         returning ${COLUMNS}`,
        [wanted.first, wanted.resolution, wanted.schedule, now, priority],
      );
      const changes = [
        { field: 'firstResponseMinutes', oldValue: current.first_response_minutes, newValue: wanted.first },
        { field: 'resolutionMinutes', oldValue: current.resolution_minutes, newValue: wanted.resolution },
        { field: 'scheduleId', oldValue: current.schedule_id, newValue: wanted.schedule },
      ].filter((change) => change.oldValue !== change.newValue);
      if (changes.length) {
        // The schedules are read as they stand: this change moves none of them.
        const recounted = await recountOpenRequests(
          tem,
          now,
          [priority],
          await readSchedules(tem, current.schedule_id ? [current.schedule_id] : []),
        );
        this.audit.record(tem, actor, {
          action: 'help_sla_policy.update',
          target: { type: 'help_sla_policy', id: priority, name: priority },
          changes: [
            ...changes,
            ...(recounted ? [{ field: 'recountedRequests', oldValue: null, newValue: recounted }] : []),
          ],
        });
      }
      return (await this.#views(tem, [row]))[0];
    });
  }

  async #views(em: EntityManager, rows: Row[]): Promise<HelpSlaPolicy[]> {
    const ids = [...new Set(rows.map((row) => row.schedule_id).filter((id): id is string => id !== null))];
    const schedules = await readSchedules(em, ids);
    const users = ids.length
      ? await read<{ schedule_id: string; priority: HelpPriority }>(
          em,
          'select schedule_id, priority from help_sla_policies where schedule_id in (?) order by priority',
          [ids],
        )
      : [];
    return rows.map((row) => {
      const record = row.schedule_id ? schedules.get(row.schedule_id) : undefined;
      const priorities = users.filter((u) => u.schedule_id === row.schedule_id).map((u) => u.priority);
      return { ...this.#view(em, row), schedule: record ? scheduleView(record, priorities) : null };
    });
  }

  #view(em: EntityManager, row: Row): Omit<HelpSlaPolicy, 'schedule'> {
    return {
      priority: row.priority,
      firstResponseMinutes: row.first_response_minutes,
      resolutionMinutes: row.resolution_minutes,
      scheduleId: row.schedule_id,
      updatedAt: em.getPlatform().parseDate(row.updated_at),
    };
  }
}

function minutes(value: number | null | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (value === null || !Number.isInteger(value) || value < 1 || value > MAX_MINUTES) {
    throw new ValidationError(`${field} must be a whole number of minutes from 1 to ${MAX_MINUTES}`, field);
  }
  return value;
}
