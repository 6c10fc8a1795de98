import type { EntityManager } from '@mikro-orm/postgresql';
import { read } from '../platform/db/read.js';
import type { BusinessSchedule, WeeklyInterval } from './business-time.js';
import type { HelpPriority } from './vocabulary.js';

/* Schedules as rows of help_schedules, and as the service-level clock counts in them. */

export interface HelpScheduleHoliday {
  date: string;
  name: string;
}

/** A schedule as the clock counts in it. */
export interface ScheduleRecord extends BusinessSchedule {
  id: string;
  name: string;
  holidayList: HelpScheduleHoliday[];
  createdAt: Date;
  updatedAt: Date;
}

export interface Row {
  id: string;
  name: string;
  time_zone: string;
  intervals: WeeklyInterval[];
  holidays: HelpScheduleHoliday[];
  created_at: string;
  updated_at: string;
  priorities?: HelpPriority[] | null;
}

export const COLUMNS = 'id, name, time_zone, intervals, holidays, created_at, updated_at';

export function toRecord(em: EntityManager, row: Row): ScheduleRecord {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    intervals: row.intervals,
    holidays: row.holidays.map((h) => h.date),
    holidayList: row.holidays,
    createdAt: em.getPlatform().parseDate(row.created_at),
    updatedAt: em.getPlatform().parseDate(row.updated_at),
  };
}

/** The schedules by id (one statement; unknown ids are left out). */
export async function readSchedules(em: EntityManager, ids: readonly string[]): Promise<Map<string, ScheduleRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await read<Row>(em, `select ${COLUMNS} from help_schedules where id in (?)`, [ids]);
  return new Map(rows.map((row) => [row.id, toRecord(em, row)]));
}
