import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import Holidays from 'date-holidays';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { read } from '../platform/db/read.js';
import {
  canonicalTimeZone,
  dayNumber,
  formatWallTime,
  intervalProblem,
  parseWallTime,
  type IsoWeekday,
  type WeeklyInterval,
} from './business-time.js';
import { COLUMNS, toRecord, type HelpScheduleHoliday, type Row, type ScheduleRecord } from './schedule-records.js';
import { lockSlaRules } from './sla-lock.js';
import { recountOpenRequests } from './sla-recount.js';
import type { HelpPriority } from './vocabulary.js';
import { HelpWeekdayValues, type HelpWeekday } from '../platform/graphql/generated/enums.js';

// In ISO order, Monday first: a day's number (1–7) is its place here plus one.
const WEEKDAYS: readonly HelpWeekday[] = HelpWeekdayValues;

/** A schedule as the API shows it. */
export interface HelpScheduleView {
  id: string;
  name: string;
  timeZone: string;
  intervals: { day: HelpWeekday; start: string; end: string }[];
  holidays: HelpScheduleHoliday[];
  priorities: HelpPriority[];
  createdAt: Date;
  updatedAt: Date;
}

export interface HelpScheduleInput {
  name?: string | null;
  timeZone?: string | null;
  intervals?: readonly { day: HelpWeekday; start: string; end: string }[] | null;
  holidays?: readonly HelpScheduleHoliday[] | null;
  publicHolidays?: { country: string; region?: string | null; fromYear: number; toYear: number } | null;
}

const LIMITS = { name: 100, intervals: 100, holidays: 2000, holidayName: 100, years: 10 };

export function scheduleView(record: ScheduleRecord, priorities: HelpPriority[]): HelpScheduleView {
  return {
    id: record.id,
    name: record.name,
    timeZone: record.timeZone,
    intervals: [...record.intervals]
      .sort((a, b) => a.day - b.day || a.start - b.start)
      .map((i) => ({ day: WEEKDAYS[i.day - 1], start: formatWallTime(i.start), end: formatWallTime(i.end) })),
    holidays: record.holidayList,
    priorities,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A schedule id as the API takes it: anything else names no schedule. */
export function scheduleId(id: string, field = 'id'): string {
  if (typeof id !== 'string' || !UUID.test(id)) throw new ValidationError(`${field} is not a schedule id`, field);
  return id.toLowerCase();
}

/**
 * Business-hours schedules (administrators). A change to one that a policy uses recounts the open requests of
 * that policy's priority in the same transaction (see sla-recount.ts), so the new hours apply to every open
 * request at once, and only once.
 */
export class HelpScheduleService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
  ) {}

  async list(em: EntityManager): Promise<HelpScheduleView[]> {
    const rows = await read<Row>(
      em,
      `select ${COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')},
              coalesce(array_agg(p.priority::text order by p.priority) filter (where p.priority is not null), '{}') as priorities
         from help_schedules s left join help_sla_policies p on p.schedule_id = s.id
        group by s.id order by s.name`,
      [],
    );
    return rows.map((row) => scheduleView(toRecord(em, row), row.priorities ?? []));
  }

  async create(em: EntityManager, actor: Actor, input: HelpScheduleInput): Promise<HelpScheduleView> {
    if (input.name == null || input.timeZone == null || input.intervals == null) {
      throw new ValidationError(
        'name, timeZone and intervals are required',
        input.name == null ? 'name' : input.timeZone == null ? 'timeZone' : 'intervals',
      );
    }
    const name = scheduleName(input.name);
    const timeZone = zone(input.timeZone);
    const intervals = weeklyIntervals(input.intervals);
    const holidays = holidayList(input.holidays ?? [], input.publicHolidays);
    const now = this.now();
    return uniquely(name, () =>
      em.transactional(async (tem) => {
        await this.#uniqueName(tem, name, null);
        const [row] = await read<Row>(
          tem,
          `insert into help_schedules (name, time_zone, intervals, holidays, created_at, updated_at) values (?, ?, ?::jsonb, ?::jsonb, ?, ?) returning ${COLUMNS}`,
          [name, timeZone, JSON.stringify(intervals), JSON.stringify(holidays), now, now],
        );
        const record = toRecord(tem, row);
        this.audit.record(tem, actor, {
          action: 'help_schedule.create',
          target: { type: 'help_schedule', id: record.id, name },
          changes: [
            { field: 'timeZone', oldValue: null, newValue: timeZone },
            { field: 'intervals', oldValue: null, newValue: describeIntervals(intervals) },
            { field: 'holidays', oldValue: null, newValue: holidays.length },
          ],
        });
        return scheduleView(record, []);
      }),
    );
  }

  async update(em: EntityManager, actor: Actor, id: string, input: HelpScheduleInput): Promise<HelpScheduleView> {
    const key = scheduleId(id);
    const given = (['name', 'timeZone', 'intervals', 'holidays', 'publicHolidays'] as const).filter(
      (k) => input[k] !== undefined,
    );
    if (given.length === 0)
      throw new ValidationError('Nothing to update: send name, timeZone, intervals, holidays or publicHolidays');
    for (const field of ['name', 'timeZone', 'intervals'] as const) {
      if (input[field] === null) throw new ValidationError(`${field} cannot be null`, field);
    }
    const name = input.name == null ? undefined : scheduleName(input.name);
    const timeZone = input.timeZone == null ? undefined : zone(input.timeZone);
    const intervals = input.intervals == null ? undefined : weeklyIntervals(input.intervals);
    const now = this.now();
    return uniquely(name, () =>
      em.transactional(async (tem) => {
        // Every change of the rules takes the same lock first, so concurrent changes recount one after another.
        await lockSlaRules(tem);
        const [row] = await read<Row>(tem, `select ${COLUMNS} from help_schedules where id = ? for update`, [key]);
        if (!row) throw new NotFoundError('No such schedule');
        const before = toRecord(tem, row);
        if (name !== undefined) await this.#uniqueName(tem, name, key);
        // holidays replaces the list (null: none), publicHolidays adds to it.
        const holidays =
          input.holidays !== undefined || input.publicHolidays != null
            ? holidayList(
                input.holidays === undefined ? before.holidayList : (input.holidays ?? []),
                input.publicHolidays,
              )
            : before.holidayList;
        const after = {
          name: name ?? before.name,
          timeZone: timeZone ?? before.timeZone,
          intervals: intervals ?? [...before.intervals],
          holidays,
        };
        const [updated] = await read<Row>(
          tem,
          `update help_schedules set name = ?, time_zone = ?, intervals = ?::jsonb, holidays = ?::jsonb, updated_at = ? where id = ? returning ${COLUMNS}`,
          [after.name, after.timeZone, JSON.stringify(after.intervals), JSON.stringify(after.holidays), now, key],
        );
        const record = toRecord(tem, updated);
        const changes = [
          { field: 'name', oldValue: before.name, newValue: after.name },
          { field: 'timeZone', oldValue: before.timeZone, newValue: after.timeZone },
          {
            field: 'intervals',
            oldValue: describeIntervals(before.intervals),
            newValue: describeIntervals(after.intervals),
          },
        ].filter((change) => change.oldValue !== change.newValue);
        // The trail says how many holidays there were and are (the dates themselves are the schedule's to show).
        if (JSON.stringify(before.holidayList) !== JSON.stringify(after.holidays)) {
          changes.push({
            field: 'holidays',
            oldValue: String(before.holidayList.length),
            newValue: String(after.holidays.length),
          });
        }
        const priorities = (
          await read<{ priority: HelpPriority }>(
            tem,
            'select priority from help_sla_policies where schedule_id = ? order by priority',
            [key],
          )
        ).map((p) => p.priority);
        const hoursChanged = changes.some((change) => change.field !== 'name');
        let recounted = 0;
        if (hoursChanged && priorities.length > 0)
          recounted = await recountOpenRequests(tem, now, priorities, new Map([[key, before]]));
        if (changes.length) {
          this.audit.record(tem, actor, {
            action: 'help_schedule.update',
            target: { type: 'help_schedule', id: key, name: after.name },
            changes: [
              ...changes,
              ...(recounted ? [{ field: 'recountedRequests', oldValue: null, newValue: recounted }] : []),
            ],
          });
        }
        return scheduleView(record, priorities);
      }),
    );
  }

  async delete(em: EntityManager, actor: Actor, id: string): Promise<boolean> {
    const key = scheduleId(id);
    return em.transactional(async (tem) => {
      await lockSlaRules(tem);
      const [row] = await read<Row>(tem, `select ${COLUMNS} from help_schedules where id = ? for update`, [key]);
      if (!row) throw new NotFoundError('No such schedule');
      const users = await read<{ priority: HelpPriority }>(
        tem,
        'select priority from help_sla_policies where schedule_id = ? order by priority',
        [key],
      );
      if (users.length > 0) {
        throw new ConflictError(
          `The schedule is used by the ${users.map((u) => u.priority).join(', ')} policy; give those another schedule first`,
          {
            priorities: users.map((u) => u.priority),
          },
        );
      }
      await tem.execute('delete from help_schedules where id = ?', [key]);
      this.audit.record(tem, actor, {
        action: 'help_schedule.delete',
        target: { type: 'help_schedule', id: key, name: row.name },
      });
      return true;
    });
  }

  async #uniqueName(em: EntityManager, name: string, except: string | null): Promise<void> {
    const rows = await read<{ id: string }>(
      em,
      'select id from help_schedules where lower(name) = lower(?) and id is distinct from ?',
      [name, except],
    );
    if (rows.length > 0) throw duplicateName(name);
  }
}

const duplicateName = (name: string) => new ConflictError(`A schedule named ${name} already exists`, { field: 'name' });

/** Two administrators naming schedules alike at the same moment: the unique index decides, and the loser hears why. */
async function uniquely<T>(name: string | undefined, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    const unique =
      error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';
    throw unique ? duplicateName(name ?? '') : error;
  }
}

function scheduleName(value: string): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length === 0 || name.length > LIMITS.name)
    throw new ValidationError(`name must be 1 to ${LIMITS.name} characters`, 'name');
  return name;
}

function zone(value: string): string {
  const canonical = canonicalTimeZone(value);
  if (!canonical)
    throw new ValidationError(
      `timeZone ${JSON.stringify(String(value).slice(0, 64))} is not an IANA time zone`,
      'timeZone',
    );
  return canonical;
}

function weeklyIntervals(input: readonly { day: HelpWeekday; start: string; end: string }[]): WeeklyInterval[] {
  if (input.length > LIMITS.intervals)
    throw new ValidationError(`A schedule has at most ${LIMITS.intervals} intervals`, 'intervals');
  const intervals = input.map(({ day, start, end }) => {
    const iso = WEEKDAYS.indexOf(day) + 1;
    const from = parseWallTime(start);
    const to = parseWallTime(end);
    if (iso < 1) throw new ValidationError(`day ${JSON.stringify(day)} is not a weekday`, 'intervals');
    if (from === null || from === 1440)
      throw new ValidationError(`start ${JSON.stringify(start)} is not a time from 00:00 to 23:59`, 'intervals');
    if (to === null)
      throw new ValidationError(`end ${JSON.stringify(end)} is not a time from 00:00 to 24:00`, 'intervals');
    return { day: iso as IsoWeekday, start: from, end: to };
  });
  const problem = intervalProblem(intervals);
  if (problem)
    throw new ValidationError(
      problem.replace(/on day (\d)/g, (_m, d: string) => `on ${WEEKDAYS[Number(d) - 1].toUpperCase()}`),
      'intervals',
    );
  return intervals.sort((a, b) => a.day - b.day || a.start - b.start);
}

/** Given holidays, plus a country's public holidays when asked; one per date (a given one wins), by date. */
function holidayList(
  given: readonly HelpScheduleHoliday[],
  publicHolidays: HelpScheduleInput['publicHolidays'],
): HelpScheduleHoliday[] {
  const byDate = new Map<string, HelpScheduleHoliday>();
  for (const { date, name } of given) {
    if (dayNumber(date) === null)
      throw new ValidationError(
        `holiday date ${JSON.stringify(String(date).slice(0, 20))} is not a date (YYYY-MM-DD)`,
        'holidays',
      );
    const label = typeof name === 'string' ? name.trim() : '';
    if (label.length === 0 || label.length > LIMITS.holidayName) {
      throw new ValidationError(`holiday name must be 1 to ${LIMITS.holidayName} characters (${date})`, 'holidays');
    }
    if (!byDate.has(date)) byDate.set(date, { date, name: label });
  }
  if (publicHolidays) {
    for (const holiday of publicHolidaysOf(publicHolidays))
      if (!byDate.has(holiday.date)) byDate.set(holiday.date, holiday);
  }
  if (byDate.size > LIMITS.holidays)
    throw new ValidationError(`A schedule has at most ${LIMITS.holidays} holidays`, 'holidays');
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A country's (and region's) public holidays over a span of years, from the date-holidays data. */
function publicHolidaysOf({
  country,
  region,
  fromYear,
  toYear,
}: NonNullable<HelpScheduleInput['publicHolidays']>): HelpScheduleHoliday[] {
  const field = 'publicHolidays';
  const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
  const countries = new Holidays().getCountries('en') ?? {};
  if (!/^[A-Z]{2}$/.test(code) || !(code in countries))
    throw new ValidationError(
      `country ${JSON.stringify(String(country).slice(0, 10))} has no public holiday data`,
      field,
    );
  const regionCode = region == null ? undefined : region.trim().toUpperCase();
  if (regionCode !== undefined && !(regionCode in (new Holidays().getStates(code, 'en') ?? {}))) {
    throw new ValidationError(
      `region ${JSON.stringify(String(region).slice(0, 10))} is not a region of ${code}`,
      field,
    );
  }
  if (
    !Number.isInteger(fromYear) ||
    !Number.isInteger(toYear) ||
    fromYear < 1970 ||
    toYear > 2200 ||
    toYear < fromYear ||
    toYear - fromYear >= LIMITS.years
  ) {
    throw new ValidationError(
      `fromYear to toYear must be a span of 1 to ${LIMITS.years} years between 1970 and 2200`,
      field,
    );
  }
  const calendar = regionCode
    ? new Holidays(code, regionCode, { languages: ['en'] })
    : new Holidays(code, { languages: ['en'] });
  const holidays: HelpScheduleHoliday[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const holiday of calendar.getHolidays(year) || []) {
      if (holiday.type === 'public')
        holidays.push({ date: holiday.date.slice(0, 10), name: holiday.name.slice(0, LIMITS.holidayName) });
    }
  }
  return holidays;
}

const describeIntervals = (intervals: readonly WeeklyInterval[]) =>
  intervals
    .map((i) => `${WEEKDAYS[i.day - 1].slice(0, 3).toUpperCase()} ${formatWallTime(i.start)}-${formatWallTime(i.end)}`)
    .join(', ');
