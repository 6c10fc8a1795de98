import type { EntityManager } from '@mikro-orm/postgresql';
import { read } from '../platform/db/read.js';
import { toRecord, type ScheduleRecord } from './schedule-records.js';
import type { SlaRules } from './sla.js';
import type { HelpPriority } from './vocabulary.js';

interface PolicyRow {
  priority: HelpPriority;
  first_response_minutes: number;
  resolution_minutes: number;
  schedule_id: string | null;
}

/** A priority's rules as they stand (its schedule read in the same statement). */
export async function readRules(
  em: EntityManager,
  priorities: readonly HelpPriority[],
): Promise<Map<HelpPriority, SlaRules & { record: ScheduleRecord | null }>> {
  if (priorities.length === 0) return new Map();
  const rows = await read<
    PolicyRow & {
      s_id: string | null;
      name: string;
      time_zone: string;
      intervals: never;
      holidays: never;
      created_at: string;
      updated_at: string;
    }
  >(
    em,
    `select p.priority, p.first_response_minutes, p.resolution_minutes, p.schedule_id,
            s.id as s_id, s.name, s.time_zone, s.intervals, s.holidays, s.created_at, s.updated_at
       from help_sla_policies p left join help_schedules s on s.id = p.schedule_id
      where p.priority in (?)`,
    [priorities],
  );
  return new Map(
    rows.map((row) => {
      const record = row.s_id ? toRecord(em, { ...row, id: row.s_id }) : null;
      return [
        row.priority,
        {
          firstResponseMinutes: row.first_response_minutes,
          resolutionMinutes: row.resolution_minutes,
          scheduleId: row.schedule_id,
          schedule: record,
          record,
        },
      ];
    }),
  );
}
