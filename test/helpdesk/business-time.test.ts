import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingMs,
  intervalProblem,
  workingMs,
  type BusinessSchedule,
  type IsoWeekday,
  type WeeklyInterval,
} from '../../src/helpdesk/business-time.js';
import { changeStatus, meetFirstResponse, startClock, type SlaClock, type SlaRules } from '../../src/helpdesk/sla.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const weekdays = (start: string, end: string): WeeklyInterval[] =>
  ([1, 2, 3, 4, 5] as const).map((day) => ({ day, start: minutes(start), end: minutes(end) }));
function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}
const officeHours = (timeZone: string, holidays: string[] = []): BusinessSchedule => ({
  timeZone,
  intervals: weekdays('09:00', '17:00'),
  holidays,
});
const at = (text: string) => Date.parse(text);
const add = (schedule: BusinessSchedule, from: string, ms: number) =>
  new Date(addWorkingMs(schedule, at(from), ms)).toISOString();

describe('working time', () => {
  it.each([
    // Friday 16:30 plus an hour of Mon–Fri 09:00–17:00: half an hour on Friday, half on Monday morning.
    ['UTC', '2026-06-05T16:30:00Z', 60, '2026-06-08T09:30:00.000Z'],
    // The same in Los Angeles across the spring switch (Sunday 8 March 2026: PST to PDT).
    ['America/Los_Angeles', '2026-03-06T16:30:00-08:00', 60, '2026-03-09T16:30:00.000Z'],
    // … and across the autumn switch (Sunday 1 November 2026: PDT to PST).
    ['America/Los_Angeles', '2026-10-30T16:30:00-07:00', 60, '2026-11-02T17:30:00.000Z'],
    // Berlin: spring (Sunday 29 March 2026, CET to CEST) and autumn (Sunday 25 October 2026, CEST to CET).
    ['Europe/Berlin', '2026-03-27T16:30:00+01:00', 60, '2026-03-30T07:30:00.000Z'],
    ['Europe/Berlin', '2026-10-23T16:30:00+02:00', 60, '2026-10-26T08:30:00.000Z'],
    // A target used up exactly at the end of the day is due then, not at the next start.
    ['UTC', '2026-06-05T16:00:00Z', 60, '2026-06-05T17:00:00.000Z'],
    // Filed on a Saturday: the clock starts on Monday at 09:00.
    ['UTC', '2026-06-06T11:00:00Z', 60, '2026-06-08T10:00:00.000Z'],
    // Eight working hours from Monday 09:00 end on Monday 17:00; sixteen on Tuesday 17:00.
    ['UTC', '2026-06-08T09:00:00Z', 8 * 60, '2026-06-08T17:00:00.000Z'],
    ['UTC', '2026-06-08T09:00:00Z', 16 * 60, '2026-06-09T17:00:00.000Z'],
  ])('in %s, %s plus %i working minutes is %s', (zone, from, mins, due) => {
    expect(add(officeHours(zone), from, mins * MINUTE)).toBe(due);
  });

  it('moves a due time past a holiday on the Monday to Tuesday', () => {
    expect(add(officeHours('Europe/Berlin', ['2026-06-08']), '2026-06-05T16:30:00+02:00', HOUR)).toBe(
      '2026-06-09T07:30:00.000Z',
    );
  });

  it("counts a holiday as a day off in the schedule's own zone, not in UTC", () => {
    // 1 January in Auckland starts at 11:00 UTC on 31 December.
    const auckland: BusinessSchedule = {
      timeZone: 'Pacific/Auckland',
      intervals: [{ day: 4, start: 0, end: 1440 }],
      holidays: ['2026-01-01'],
    };
    expect(workingMs(auckland, at('2025-12-31T00:00:00Z'), at('2026-01-02T00:00:00Z'))).toBe(0);
  });

  it("counts a day's working hours as the wall clock shows them on the days the clocks change", () => {
    const allDay: BusinessSchedule = {
      timeZone: 'Europe/Berlin',
      intervals: [{ day: 7, start: 0, end: 1440 }],
      holidays: [],
    };
    expect(workingMs(allDay, at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'))).toBe(23 * HOUR);
    expect(workingMs(allDay, at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'))).toBe(25 * HOUR);
    // A night shift from 01:00 to 04:00 in Los Angeles: 2 hours on the spring night, 4 on the autumn one.
    const night: BusinessSchedule = {
      timeZone: 'America/Los_Angeles',
      intervals: [{ day: 7, start: 60, end: 240 }],
      holidays: [],
    };
    expect(workingMs(night, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toBe(2 * HOUR);
    expect(workingMs(night, at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z'))).toBe(4 * HOUR);
  });

  it('counts split shifts and an overnight shift written as two intervals', () => {
    const split: BusinessSchedule = {
      timeZone: 'UTC',
      intervals: [
        { day: 1, start: minutes('09:00'), end: minutes('12:00') },
        { day: 1, start: minutes('13:00'), end: minutes('17:00') },
        { day: 1, start: minutes('22:00'), end: 1440 },
        { day: 2, start: 0, end: minutes('06:00') },
      ],
      holidays: [],
    };
    expect(add(split, '2026-06-08T11:30:00Z', HOUR)).toBe('2026-06-08T13:30:00.000Z');
    expect(add(split, '2026-06-08T16:30:00Z', 3 * HOUR)).toBe('2026-06-09T00:30:00.000Z');
    expect(workingMs(split, at('2026-06-08T00:00:00Z'), at('2026-06-10T00:00:00Z'))).toBe(15 * HOUR);
  });

  it.each([
    [[{ day: 1, start: 540, end: 540 }], 'is empty'],
    [[{ day: 1, start: 600, end: 540 }], 'ends before it starts'],
    [
      [
        { day: 1, start: 540, end: 720 },
        { day: 1, start: 700, end: 800 },
      ],
      'overlap',
    ],
    [[], 'at least one interval'],
  ] as [WeeklyInterval[], string][])('refuses intervals %j: %s', (intervals, problem) => {
    expect(intervalProblem(intervals)).toContain(problem);
  });

  it('accepts back-to-back intervals and the same hours on different days', () => {
    expect(
      intervalProblem([
        { day: 1, start: 0, end: 720 },
        { day: 1, start: 720, end: 1440 },
        { day: 2, start: 0, end: 720 },
      ]),
    ).toBeNull();
  });
});

/*
 * The reference: every minute, asked of Intl on its own (its wall-clock date, weekday and time), is working time
 * or not. The arithmetic under test must agree with it on random schedules, zones, holidays and pauses.
 */
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/St_Johns',
];
const WEEKDAY_NUMBER: Record<string, IsoWeekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function isWorkingMinute(schedule: BusinessSchedule, t: number): boolean {
  let format = wallFormats.get(schedule.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: schedule.timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    wallFormats.set(schedule.timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  if (schedule.holidays.includes(`${parts.year}-${parts.month}-${parts.day}`)) return false;
  const wall = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  const day = WEEKDAY_NUMBER[parts.weekday];
  return schedule.intervals.some((i) => i.day === day && i.start <= wall && wall < i.end);
}

/** Working minutes between two whole minutes, one at a time. */
function referenceMinutes(
  schedule: BusinessSchedule,
  from: number,
  to: number,
  skip: (t: number) => boolean = () => false,
): number {
  let count = 0;
  for (let t = from; t < to; t += MINUTE) if (!skip(t) && isWorkingMinute(schedule, t)) count++;
  return count;
}

/** The end of the minute in which the `amount`-th working minute from `from` is used, one minute at a time. */
function referenceDue(
  schedule: BusinessSchedule,
  from: number,
  amount: number,
  skip: (t: number) => boolean = () => false,
): number {
  let left = amount;
  for (let t = from; ; t += MINUTE) {
    if (!skip(t) && isWorkingMinute(schedule, t)) left--;
    if (left === 0) return t + MINUTE;
  }
}

// Around the year's daylight-saving changes in the zones above, and an ordinary week.
const STARTS = [
  '2026-03-06',
  '2026-03-27',
  '2026-04-03',
  '2026-09-04',
  '2026-09-25',
  '2026-10-02',
  '2026-10-23',
  '2026-10-30',
  '2026-06-10',
].map((d) => at(`${d}T00:00:00Z`));

const dayIntervals = (day: IsoWeekday) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 4 }).map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const intervals: WeeklyInterval[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      intervals.push({ day, start: sorted[i] * 15, end: sorted[i + 1] * 15 });
    return intervals;
  });
const schedules = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    days: fc.tuple(...([1, 2, 3, 4, 5, 6, 7] as const).map(dayIntervals)),
    base: fc.constantFrom(...STARTS),
    holidayOffsets: fc.uniqueArray(fc.integer({ min: -1, max: 8 }), { maxLength: 3 }),
  })
  .filter(({ days }) => days.flat().length > 0)
  .map(({ zone, days, base, holidayOffsets }) => ({
    schedule: {
      timeZone: zone,
      intervals: days.flat(),
      holidays: holidayOffsets.map((d) => new Date(base + d * 24 * HOUR).toISOString().slice(0, 10)),
    },
    base,
  }));

describe('working time against a minute-by-minute count', () => {
  it('agrees on the working time between two instants', () => {
    fc.assert(
      fc.property(
        schedules,
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.integer({ min: 0, max: 4 * 24 * 60 }),
        ({ schedule, base }, start, length) => {
          const from = base + start * MINUTE;
          const to = from + length * MINUTE;
          expect(workingMs(schedule, from, to)).toBe(referenceMinutes(schedule, from, to) * MINUTE);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('agrees on when an amount of working time runs out', () => {
    fc.assert(
      fc.property(
        schedules.filter(({ schedule }) => schedule.intervals.reduce((sum, i) => sum + i.end - i.start, 0) >= 60),
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.integer({ min: 1, max: 8 * 60 }),
        ({ schedule, base }, start, amount) => {
          const from = base + start * MINUTE;
          expect(addWorkingMs(schedule, from, amount * MINUTE)).toBe(referenceDue(schedule, from, amount));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("agrees on a request's due time and time used when it is paused and resumed, the pause taking only working time", () => {
    fc.assert(
      fc.property(
        schedules.filter(({ schedule }) => schedule.intervals.reduce((sum, i) => sum + i.end - i.start, 0) >= 120),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 3 * 24 * 60 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 6 * 60 }),
        ({ schedule, base }, start, cuts, target) => {
          const filed = base + start * MINUTE;
          const rules: SlaRules = {
            firstResponseMinutes: target,
            resolutionMinutes: target * 2,
            scheduleId: 'office',
            schedule,
          };
          const clock: SlaClock = {
            createdAt: new Date(filed),
            status: 'open',
            firstResponseBreached: false,
            resolutionBreached: false,
            ...startClock(new Date(filed), rules),
          };
          // Pauses from the sorted cut points taken in pairs: [on hold, resumed).
          const moments = [...cuts].sort((a, b) => a - b).map((m) => filed + m * MINUTE);
          const pauses: [number, number][] = [];
          for (let i = 0; i + 1 < moments.length; i += 2) {
            pauses.push([moments[i], moments[i + 1]]);
            changeStatus(clock, 'on_hold', new Date(moments[i]), schedule, rules);
            changeStatus(clock, 'in_progress', new Date(moments[i + 1]), schedule, rules);
          }
          const paused = (t: number) => pauses.some(([a, b]) => a <= t && t < b);
          const last = pauses.length ? pauses[pauses.length - 1][1] : filed;
          // The due time, as the clock stood after the last resumption, unless the target ran out before it.
          const due = referenceDue(schedule, filed, target, paused);
          if (due > last) expect(clock.firstResponseDueAt.getTime()).toBe(due);
          const answered = last + 90 * MINUTE;
          meetFirstResponse(clock, new Date(answered), schedule);
          expect(clock.firstResponseSeconds).toBe(referenceMinutes(schedule, filed, answered, paused) * 60);
        },
      ),
      { numRuns: 40 },
    );
  });
});
