/*
 * Working time of a schedule: weekly intervals of wall-clock time in an IANA time zone, less whole-day holidays.
 * Pure functions over instants (milliseconds since the epoch); the zone's offsets come from Intl, so a
 * daylight-saving change is counted as the clocks on the wall show it: a 09:00–17:00 day is 7 hours long when the
 * clocks spring forward inside it and 9 when they fall back, and a wall time the clocks skip is never worked.
 *
 * An instant is working time when its wall-clock date is not a holiday and its wall-clock time falls inside one of
 * that weekday's intervals. Everything below is that definition, computed a piece at a time rather than a minute at
 * a time: for each wall-clock day, each interval becomes the instants whose wall time lies in it, found per stretch
 * of constant offset (two stretches when a change falls inside, and two pieces when the clocks fall back across it).
 */

/** 1 = Monday … 7 = Sunday, as ISO 8601 numbers them. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Wall-clock minutes from midnight: 0 <= start < end <= 1440 (24:00 ends a day). */
export interface WeeklyInterval {
  day: IsoWeekday;
  start: number;
  end: number;
}

export interface BusinessSchedule {
  timeZone: string;
  intervals: readonly WeeklyInterval[];
  /** Whole days off, as wall-clock dates `YYYY-MM-DD` in the schedule's zone. */
  holidays: readonly string[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Offsets on Earth lie within UTC−12 and UTC+14; a day's pieces lie within these margins of its wall-clock bounds. */
const EARLIEST_OFFSET = -12 * HOUR;
const LATEST_OFFSET = 14 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's offset (wall clock minus UTC, in milliseconds) at instant `t`, straight from Intl. */
export function zoneOffset(timeZone: string, t: number): number {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(t))) parts[part.type] = part.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/** Whether Intl knows the zone; its canonical name if so. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/*
 * A zone's offset changes, found once per zone and UTC year: offsets sampled every 6 hours, and each change
 * narrowed to the second by bisection. Zones change their offset at most a few times a year and never twice within
 * 6 hours, so nothing is missed, and every later question is a lookup.
 */
interface Stretch {
  /** First instant of the stretch. */
  from: number;
  offset: number;
}
const stretchesByZoneYear = new Map<string, Stretch[]>();
const SAMPLE = 6 * HOUR;

function stretchesOfYear(timeZone: string, year: number): Stretch[] {
  const key = `${timeZone}\u0000${year}`;
  let stretches = stretchesByZoneYear.get(key);
  if (stretches) return stretches;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  stretches = [{ from: start, offset: zoneOffset(timeZone, start) }];
  let before = start;
  let offsetBefore = stretches[0].offset;
  for (let at = start + SAMPLE; at <= end; at += SAMPLE) {
    const offset = zoneOffset(timeZone, at);
    if (offset !== offsetBefore) {
      let lo = before;
      let hi = at;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (zoneOffset(timeZone, mid) === offsetBefore) lo = mid;
        else hi = mid;
      }
      // A change at the turn of the year is the next year's first stretch.
      if (hi < end) stretches.push({ from: hi, offset });
    }
    before = at;
    offsetBefore = offset;
  }
  stretchesByZoneYear.set(key, stretches);
  return stretches;
}

/** The stretches of constant offset that meet [from, to), each clipped to it, in order. */
function stretchesBetween(timeZone: string, from: number, to: number): { from: number; to: number; offset: number }[] {
  const result: { from: number; to: number; offset: number }[] = [];
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = new Date(to).getUTCFullYear();
  const all: Stretch[] = [];
  for (let year = firstYear; year <= lastYear; year++) all.push(...stretchesOfYear(timeZone, year));
  for (let i = 0; i < all.length; i++) {
    const start = all[i].from;
    const end = i + 1 < all.length ? all[i + 1].from : Date.UTC(lastYear + 1, 0, 1);
    const lo = Math.max(start, from);
    const hi = Math.min(end, to);
    if (lo < hi) {
      const last = result[result.length - 1];
      // A year's first stretch continues the year before's last when the offset did not change.
      if (last && last.to === lo && last.offset === all[i].offset) last.to = hi;
      else result.push({ from: lo, to: hi, offset: all[i].offset });
    }
  }
  return result;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or null when it is no date. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const t = Date.UTC(y, m - 1, d);
  const check = new Date(t);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return t / DAY;
}

/** ISO weekday of a day number (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): IsoWeekday => (((((day + 3) % 7) + 7) % 7) + 1) as IsoWeekday;

interface Prepared {
  timeZone: string;
  byWeekday: WeeklyInterval[][];
  holidays: Set<number>;
}
const prepared = new WeakMap<BusinessSchedule, Prepared>();

function prepare(schedule: BusinessSchedule): Prepared {
  let ready = prepared.get(schedule);
  if (!ready) {
    const byWeekday: WeeklyInterval[][] = [[], [], [], [], [], [], [], []];
    for (const interval of schedule.intervals) byWeekday[interval.day].push(interval);
    byWeekday.forEach((list) => list.sort((a, b) => a.start - b.start));
    const holidays = new Set<number>();
    for (const date of schedule.holidays) {
      const day = dayNumber(date);
      if (day !== null) holidays.add(day);
    }
    ready = { timeZone: schedule.timeZone, byWeekday, holidays };
    prepared.set(schedule, ready);
  }
  return ready;
}

/** The working instants of one wall-clock day, as [from, to) pieces in order. */
function piecesOfDay(schedule: Prepared, day: number): [number, number][] {
  if (schedule.holidays.has(day)) return [];
  const intervals = schedule.byWeekday[weekdayOf(day)];
  if (intervals.length === 0) return [];
  const midnight = day * DAY;
  const stretches = stretchesBetween(schedule.timeZone, midnight - LATEST_OFFSET, midnight + DAY - EARLIEST_OFFSET);
  const pieces: [number, number][] = [];
  for (const { start, end } of intervals) {
    const wallFrom = midnight + start * MINUTE;
    const wallTo = midnight + end * MINUTE;
    for (const stretch of stretches) {
      const lo = Math.max(stretch.from, wallFrom - stretch.offset);
      const hi = Math.min(stretch.to, wallTo - stretch.offset);
      if (lo < hi) pieces.push([lo, hi]);
    }
  }
  return pieces.sort((a, b) => a[0] - b[0]);
}

/** The first wall-clock day whose pieces can reach past instant `t`. */
const firstDayReaching = (t: number) => Math.floor((t + EARLIEST_OFFSET) / DAY) - 1;

/** Milliseconds of working time in [from, to). */
export function workingMs(schedule: BusinessSchedule, from: number, to: number): number {
  if (!(to > from)) return 0;
  const ready = prepare(schedule);
  let total = 0;
  const lastDay = Math.floor((to + LATEST_OFFSET) / DAY) + 1;
  for (let day = firstDayReaching(from); day <= lastDay; day++) {
    for (const [lo, hi] of piecesOfDay(ready, day)) {
      const a = Math.max(lo, from);
      const b = Math.min(hi, to);
      if (a < b) total += b - a;
    }
  }
  return total;
}

/** The most days searched for working time: a schedule with none in ten years (holidays aside) has none at all. */
const SEARCH_DAYS = 3660;

/**
 * The instant at which `amount` milliseconds of working time have passed since `from`: the earliest `t` with
 * workingMs(from, t) = amount (so a target that runs out at the end of an interval is due then, not at the next
 * start). `from` itself for nothing (or less) to add. Throws when the schedule offers no working time.
 */
export function addWorkingMs(schedule: BusinessSchedule, from: number, amount: number): number {
  if (!(amount > 0)) return from;
  const ready = prepare(schedule);
  let left = amount;
  const firstDay = firstDayReaching(from);
  const limit = firstDay + SEARCH_DAYS + ready.holidays.size;
  for (let day = firstDay; day <= limit; day++) {
    for (const [lo, hi] of piecesOfDay(ready, day)) {
      const a = Math.max(lo, from);
      if (a >= hi) continue;
      if (left <= hi - a) return a + left;
      left -= hi - a;
    }
  }
  throw new Error('The schedule has no working time');
}

/** A clock's elapsed milliseconds from `from` to `to`: working time under a schedule, calendar time without one. */
export function clockMs(schedule: BusinessSchedule | null, from: number, to: number): number {
  if (!schedule) return Math.max(0, to - from);
  return workingMs(schedule, from, to);
}

/**
 * When a clock that has `amount` milliseconds left at `from` runs out. Calendar time may run out in the past (a
 * negative amount); working time already spent is due at `from` (the earliest a breach can be noticed).
 */
export function clockAdd(schedule: BusinessSchedule | null, from: number, amount: number): number {
  if (!schedule) return from + amount;
  return addWorkingMs(schedule, from, amount);
}

/** Wall-clock `HH:MM` (00:00–24:00) as minutes from midnight, or null. */
export function parseWallTime(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return null;
  return h * 60 + m;
}

export const formatWallTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * What is wrong with a week of intervals, or null: each must end after it starts (an overnight shift is two
 * intervals, one to 24:00 and one from 00:00), and a day's intervals must not overlap.
 */
export function intervalProblem(intervals: readonly WeeklyInterval[]): string | null {
  if (intervals.length === 0) return 'A schedule needs at least one interval';
  for (const { day, start, end } of intervals) {
    if (start === end) return `The interval ${formatWallTime(start)}–${formatWallTime(end)} on day ${day} is empty`;
    if (end < start)
      return `The interval ${formatWallTime(start)}–${formatWallTime(end)} on day ${day} ends before it starts (an overnight shift is two intervals)`;
  }
  const byDay = new Map<number, WeeklyInterval[]>();
  for (const interval of intervals) byDay.set(interval.day, [...(byDay.get(interval.day) ?? []), interval]);
  for (const list of byDay.values()) {
    const sorted = [...list].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      if (b.start < a.end) {
        return `The intervals ${formatWallTime(a.start)}–${formatWallTime(a.end)} and ${formatWallTime(b.start)}–${formatWallTime(b.end)} on day ${a.day} overlap`;
      }
    }
  }
  return null;
}
