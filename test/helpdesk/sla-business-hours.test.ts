import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

// The app's clock, set by hand: due times are exact, and nothing waits for real time to pass.
let clock = Date.parse('2026-01-05T08:00:00.000Z');
const MINUTE = 60_000;
const setClock = (text: string) => (clock = Date.parse(text));
const advance = (ms: number) => (clock += ms);

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const officeHours = (start = '09:00', end = '17:00') => WEEKDAYS.map((day) => ({ day, start, end }));
const SCHEDULE = 'id name timeZone intervals { day start end } holidays { date name } priorities createdAt updatedAt';
const SLA = `sla { firstResponseDueAt resolutionDueAt firstResponseBreached resolutionBreached paused
  schedule { id name } firstResponseMinutesUsed firstResponseMinutesLeft resolutionMinutesUsed resolutionMinutesLeft }`;

let named = 0;
async function createSchedule(input: Record<string, unknown>, auth = admin) {
  return t.gql(
    `mutation($input: CreateHelpScheduleInput!) { createHelpSchedule(input: $input) { ${SCHEDULE} } }`,
    { input: { name: `Office ${++named}`, ...input } },
    auth,
  );
}

async function schedule(input: Record<string, unknown>): Promise<{ id: string }> {
  const res = await createSchedule(input);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.createHelpSchedule;
}

async function usePolicy(priority: string, input: Record<string, unknown>) {
  const res = await t.gql(
    `mutation($priority: HelpPriority!, $input: UpdateHelpSlaPolicyInput!) { updateHelpSlaPolicy(priority: $priority, input: $input) { priority firstResponseMinutes resolutionMinutes schedule { id name } } }`,
    { priority, input },
    admin,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.updateHelpSlaPolicy;
}

async function updateSchedule(id: string, input: Record<string, unknown>, auth = admin) {
  return t.gql(
    `mutation($id: ID!, $input: UpdateHelpScheduleInput!) { updateHelpSchedule(id: $id, input: $input) { ${SCHEDULE} } }`,
    { id, input },
    auth,
  );
}

async function sla(id: number) {
  const res = await t.gql(`query($id: Int!) { helpRequest(id: $id) { ${SLA} } }`, { id }, admin);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.helpRequest.sla;
}

async function status(id: number, value: string) {
  const res = await t.gql(
    `mutation($id: Int!, $status: HelpStatus!) { updateHelpRequest(id: $id, input: { status: $status }) { id } }`,
    { id, status: value },
    admin,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
}

const file = (priority = 'urgent') => h.file(alice.auth, { priority });
const db = () => t.app.orm.em.fork().getConnection();

// Each test names its own schedule; the urgent policy (60 minutes to a first response, 480 to resolution) goes
// back to calendar time after each.
afterEach(async () => {
  await usePolicy('URGENT', { scheduleId: null, firstResponseMinutes: 60, resolutionMinutes: 480 });
});

describe('business-hours schedules', () => {
  it('are created, listed, changed and deleted by administrators, and by nobody else', async () => {
    const created = await createSchedule({
      timeZone: 'Europe/Berlin',
      intervals: [...officeHours('09:00', '12:00'), ...officeHours('13:00', '17:00')],
      holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
    });
    expect(created.errors).toBeUndefined();
    const office = created.data.createHelpSchedule;
    expect(office.timeZone).toBe('Europe/Berlin');
    expect(office.intervals.slice(0, 2)).toEqual([
      { day: 'MONDAY', start: '09:00', end: '12:00' },
      { day: 'MONDAY', start: '13:00', end: '17:00' },
    ]);
    expect(office.holidays).toEqual([{ date: '2026-12-24', name: 'Christmas Eve' }]);

    const listed = await t.gql(`{ helpSchedules { id name } }`, {}, admin);
    expect(listed.data.helpSchedules).toContainEqual({ id: office.id, name: office.name });

    const renamed = await updateSchedule(office.id, { name: 'Berlin office' });
    expect(renamed.data.updateHelpSchedule.name).toBe('Berlin office');

    for (const auth of [alice.auth, undefined]) {
      expect((await t.gql(`{ helpSchedules { id } }`, {}, auth)).errors?.[0]?.extensions?.code).toMatch(
        /FORBIDDEN|UNAUTHENTICATED/,
      );
      const create = await t.gql(
        `mutation($input: CreateHelpScheduleInput!) { createHelpSchedule(input: $input) { id } }`,
        {
          input: { name: 'Sneaky', timeZone: 'UTC', intervals: officeHours() },
        },
        auth,
      );
      expect(create.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      const update = await t.gql(
        `mutation($id: ID!) { updateHelpSchedule(id: $id, input: { name: "Sneaky" }) { id } }`,
        { id: office.id },
        auth,
      );
      expect(update.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      const del = await t.gql(`mutation($id: ID!) { deleteHelpSchedule(id: $id) }`, { id: office.id }, auth);
      expect(del.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }

    const deleted = await t.gql(`mutation($id: ID!) { deleteHelpSchedule(id: $id) }`, { id: office.id }, admin);
    expect(deleted.data.deleteHelpSchedule).toBe(true);
    expect((await t.gql(`{ helpSchedules { id } }`, {}, admin)).data.helpSchedules).not.toContainEqual({
      id: office.id,
    });

    const audit = await db().execute<{ action: string; target_id: string }[]>(
      `select action, target_id from audit_events where target_type = 'help_schedule' and target_id = ? order by occurred_at, action`,
      [office.id],
    );
    expect(audit.map((e) => e.action).sort()).toEqual([
      'help_schedule.create',
      'help_schedule.delete',
      'help_schedule.update',
    ]);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons', intervals: officeHours() }, 'timeZone', /not an IANA time zone/],
    [{ timeZone: 'UTC', intervals: [{ day: 'MONDAY', start: '09:00', end: '09:00' }] }, 'intervals', /is empty/],
    [
      { timeZone: 'UTC', intervals: [{ day: 'MONDAY', start: '22:00', end: '06:00' }] },
      'intervals',
      /ends before it starts/,
    ],
    [
      {
        timeZone: 'UTC',
        intervals: [
          { day: 'MONDAY', start: '09:00', end: '13:00' },
          { day: 'MONDAY', start: '12:00', end: '17:00' },
        ],
      },
      'intervals',
      /overlap/,
    ],
    [{ timeZone: 'UTC', intervals: [] }, 'intervals', /at least one interval/],
    [{ timeZone: 'UTC', intervals: [{ day: 'MONDAY', start: '9am', end: '17:00' }] }, 'intervals', /not a time/],
    [
      { timeZone: 'UTC', intervals: officeHours(), holidays: [{ date: '2026-02-30', name: 'Nonsense' }] },
      'holidays',
      /not a date/,
    ],
    [
      { timeZone: 'UTC', intervals: officeHours(), publicHolidays: { country: 'XX', fromYear: 2026, toYear: 2026 } },
      'publicHolidays',
      /no public holiday data/,
    ],
    [
      {
        timeZone: 'UTC',
        intervals: officeHours(),
        publicHolidays: { country: 'DE', region: 'ZZ', fromYear: 2026, toYear: 2026 },
      },
      'publicHolidays',
      /not a region/,
    ],
    [
      { timeZone: 'UTC', intervals: officeHours(), publicHolidays: { country: 'DE', fromYear: 2026, toYear: 2060 } },
      'publicHolidays',
      /span/,
    ],
  ])('refuse %j as BAD_USER_INPUT, saying what is wrong, and store nothing', async (input, field, message) => {
    const before = (await t.gql(`{ helpSchedules { id } }`, {}, admin)).data.helpSchedules.length;
    const res = await createSchedule(input);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.field).toBe(field);
    expect(res.errors?.[0]?.message).toMatch(message);
    expect((await t.gql(`{ helpSchedules { id } }`, {}, admin)).data.helpSchedules).toHaveLength(before);
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it("fill holidays from a country's and region's public holidays for a span of years, keeping given names", async () => {
    const bavaria = await schedule({
      timeZone: 'Europe/Berlin',
      intervals: officeHours(),
      holidays: [{ date: '2026-12-25', name: 'Office closed' }],
      publicHolidays: { country: 'DE', region: 'BY', fromYear: 2026, toYear: 2027 },
    });
    const dates = (bavaria as unknown as { holidays: { date: string; name: string }[] }).holidays;
    expect(dates).toContainEqual({ date: '2026-12-25', name: 'Office closed' });
    expect(dates.map((d) => d.date)).toEqual(
      expect.arrayContaining(['2026-01-06', '2026-10-03', '2027-01-01', '2027-12-26']),
    );
    // Epiphany is a public holiday in Bavaria, not in Berlin.
    const berlin = await schedule({
      timeZone: 'Europe/Berlin',
      intervals: officeHours(),
      publicHolidays: { country: 'DE', region: 'BE', fromYear: 2026, toYear: 2026 },
    });
    expect((berlin as unknown as { holidays: { date: string }[] }).holidays.map((d) => d.date)).not.toContain(
      '2026-01-06',
    );
  });

  it('refuse a second schedule of the same name, whatever its case, as CONFLICT', async () => {
    await schedule({ name: 'Night desk', timeZone: 'UTC', intervals: officeHours() });
    for (const name of ['Night desk', 'NIGHT DESK']) {
      const res = await createSchedule({ name, timeZone: 'UTC', intervals: officeHours() });
      expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    }
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('cannot be deleted while a policy uses one', async () => {
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    const refused = await t.gql(`mutation($id: ID!) { deleteHelpSchedule(id: $id) }`, { id: office.id }, admin);
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toMatch(/urgent/);
    const listed = await t.gql(`{ helpSchedules { id priorities } }`, {}, admin);
    expect(listed.data.helpSchedules).toContainEqual({ id: office.id, priorities: ['URGENT'] });
  });

  it('refuse a policy naming a schedule that does not exist', async () => {
    for (const scheduleId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.gql(
        `mutation($id: ID) { updateHelpSlaPolicy(priority: URGENT, input: { scheduleId: $id }) { priority } }`,
        { id: scheduleId },
        admin,
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.extensions?.field).toBe('scheduleId');
    }
  });
});

describe('service levels in business hours', () => {
  it("count the working minutes of the policy's schedule: Friday 16:30 plus an hour is Monday 09:30, across the spring switch in Los Angeles", async () => {
    const office = await schedule({ timeZone: 'America/Los_Angeles', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    setClock('2026-03-06T16:30:00-08:00');
    const id = await file();
    const due = await sla(id);
    expect(due.firstResponseDueAt).toBe('2026-03-09T16:30:00.000Z'); // Monday 09:30 PDT
    // 480 working minutes: 30 on Friday, 450 from Monday 09:00, that is Monday 16:30 PDT.
    expect(due.resolutionDueAt).toBe('2026-03-09T23:30:00.000Z');
    expect(due.schedule).toEqual({ id: office.id, name: expect.any(String) });
    advance(20 * MINUTE);
    expect(await sla(id)).toMatchObject({
      firstResponseMinutesUsed: 20,
      firstResponseMinutesLeft: 40,
      resolutionMinutesUsed: 20,
      resolutionMinutesLeft: 460,
    });
    // Over the weekend no working time passes.
    setClock('2026-03-08T12:00:00-07:00');
    expect(await sla(id)).toMatchObject({
      firstResponseMinutesUsed: 30,
      firstResponseMinutesLeft: 30,
      firstResponseBreached: false,
    });
  });

  it('are exact across the spring and autumn switches in Berlin and the autumn switch in Los Angeles', async () => {
    const berlin = await schedule({ timeZone: 'Europe/Berlin', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: berlin.id });
    setClock('2026-03-27T16:30:00+01:00');
    expect((await sla(await file())).firstResponseDueAt).toBe('2026-03-30T07:30:00.000Z'); // Monday 09:30 CEST
    setClock('2026-10-23T16:30:00+02:00');
    expect((await sla(await file())).firstResponseDueAt).toBe('2026-10-26T08:30:00.000Z'); // Monday 09:30 CET
    const la = await schedule({ timeZone: 'America/Los_Angeles', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: la.id });
    setClock('2026-10-30T16:30:00-07:00');
    expect((await sla(await file())).firstResponseDueAt).toBe('2026-11-02T17:30:00.000Z'); // Monday 09:30 PST
  });

  it('skip a holiday: on a Monday off, Friday 16:30 plus an hour is Tuesday 09:30', async () => {
    const office = await schedule({
      timeZone: 'Europe/Berlin',
      intervals: officeHours(),
      holidays: [{ date: '2026-11-09', name: 'Staff day' }],
    });
    await usePolicy('URGENT', { scheduleId: office.id });
    setClock('2026-11-06T16:30:00+01:00');
    expect((await sla(await file())).firstResponseDueAt).toBe('2026-11-10T08:30:00.000Z');
  });

  it('subtract from an on-hold pause across a weekend only the working time that passed during it', async () => {
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    setClock('2026-11-13T16:00:00Z'); // a Friday
    const id = await file();
    advance(30 * MINUTE);
    await status(id, 'ON_HOLD');
    expect(await sla(id)).toMatchObject({ paused: true, firstResponseMinutesUsed: 30, firstResponseMinutesLeft: 30 });
    setClock('2026-11-16T10:00:00Z'); // Monday: an hour of working time passed on hold, none of it counted
    expect(await sla(id)).toMatchObject({ firstResponseMinutesUsed: 30, firstResponseBreached: false });
    await status(id, 'IN_PROGRESS');
    expect(await sla(id)).toMatchObject({
      paused: false,
      firstResponseDueAt: '2026-11-16T10:30:00.000Z',
      firstResponseMinutesLeft: 30,
    });
    // Answered at 10:15: 45 working minutes, within the target.
    advance(15 * MINUTE);
    const res = await t.gql(
      `mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "On it" }) { id } }`,
      { id },
      admin,
    );
    expect(res.errors).toBeUndefined();
    expect(await sla(id)).toMatchObject({
      firstResponseBreached: false,
      firstResponseMinutesUsed: 45,
      firstResponseMinutesLeft: 15,
    });
  });

  it('keep the time used when the schedule changes midway, count what is left in the new hours, and keep recorded breaches', async () => {
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    setClock('2026-11-23T09:00:00Z'); // a Monday
    const id = await file();
    const onHold = await file();
    setClock('2026-11-23T13:00:00Z'); // 240 working minutes used: the first response (60) is breached
    await t.app.services.helpdesk.slaMonitor.check();
    await status(onHold, 'ON_HOLD');
    expect(await sla(id)).toMatchObject({ firstResponseBreached: true, resolutionDueAt: '2026-11-23T17:00:00.000Z' });

    const { result: res, statements } = await t.countQueries(() =>
      updateSchedule(office.id, { intervals: officeHours('09:00', '13:00') }),
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();

    // 240 left of 480, now four hours a day: all of Tuesday's.
    expect(await sla(id)).toMatchObject({
      firstResponseBreached: true,
      resolutionMinutesUsed: 240,
      resolutionMinutesLeft: 240,
      resolutionDueAt: '2026-11-24T13:00:00.000Z',
    });
    // On hold, it keeps what it used and would run out as the new hours count from where it stopped.
    expect(await sla(onHold)).toMatchObject({
      paused: true,
      resolutionMinutesUsed: 240,
      resolutionDueAt: '2026-11-24T13:00:00.000Z',
    });
    const breaches = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from help_request_history where request_id = ? and action = 'sla_breached'`,
      [id],
    );
    expect(breaches[0].n).toBe(1);
    // Both requests moved by one statement, not one per request.
    expect(statements.filter((s) => /^(\[query\] )?update "?help_requests"? /i.test(s.trim()))).toHaveLength(1);
    const audit = await db().execute<{ changes: { field: string; newValue: unknown }[] }[]>(
      `select changes from audit_events where action = 'help_schedule.update' and target_id = ? order by occurred_at desc limit 1`,
      [office.id],
    );
    // Every open urgent request was recounted, these two and those earlier tests left open.
    const [open] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from help_requests where priority = 'urgent' and status in ('open', 'in_progress', 'on_hold')`,
    );
    expect(open.n).toBeGreaterThanOrEqual(2);
    expect(
      audit[0].changes.find((c) => c.field === 'recountedRequests'),
      JSON.stringify(audit[0].changes),
    ).toMatchObject({ newValue: open.n });
  });

  it('recount open requests when a policy starts counting in a schedule, and leave settled ones as they were', async () => {
    setClock('2026-11-27T16:00:00Z'); // a Friday, in calendar time
    const id = await file();
    const settled = await file();
    await status(settled, 'RESOLVED');
    const settledBefore = await sla(settled);
    advance(30 * MINUTE);
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    // 30 calendar minutes used; 30 left, from 16:30 in office hours: Friday 17:00.
    expect(await sla(id)).toMatchObject({
      firstResponseDueAt: '2026-11-27T17:00:00.000Z',
      schedule: { id: office.id },
    });
    // 450 of resolution left: Friday 16:30–17:00, then Monday 09:00 to 16:00.
    expect((await sla(id)).resolutionDueAt).toBe('2026-11-30T16:00:00.000Z');
    expect(await sla(settled)).toMatchObject({
      firstResponseDueAt: settledBefore.firstResponseDueAt,
      resolutionDueAt: settledBefore.resolutionDueAt,
      schedule: null,
    });
  });

  it('breach at the business due time, not at the calendar one', async () => {
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('URGENT', { scheduleId: office.id });
    setClock('2026-12-04T16:30:00Z'); // a Friday
    const id = await file();
    setClock('2026-12-05T00:00:00Z'); // in calendar time the first response would be long overdue
    await t.app.services.helpdesk.slaMonitor.check();
    expect(await sla(id)).toMatchObject({ firstResponseBreached: false });
    setClock('2026-12-07T09:29:00Z');
    await t.app.services.helpdesk.slaMonitor.check();
    expect(await sla(id)).toMatchObject({ firstResponseBreached: false, firstResponseMinutesLeft: 1 });
    setClock('2026-12-07T09:31:00Z');
    await t.app.services.helpdesk.slaMonitor.check();
    expect(await sla(id)).toMatchObject({ firstResponseBreached: true });
  });

  it('report first-response and resolution times in working minutes where a schedule applied', async () => {
    const office = await schedule({ timeZone: 'UTC', intervals: officeHours() });
    await usePolicy('LOW', { scheduleId: office.id });
    setClock('2026-12-11T16:30:00Z'); // a Friday
    const id = await file('low');
    setClock('2026-12-14T09:30:00Z'); // Monday: an hour of working time, 65 of calendar
    await status(id, 'RESOLVED');
    const res = await t.gql(
      `{ helpStatistics { serviceLevelsByPriority { priority medianResolutionSeconds } } }`,
      {},
      admin,
    );
    const low = res.data.helpStatistics.serviceLevelsByPriority.find((s: { priority: string }) => s.priority === 'LOW');
    // A bucket's upper edge is at most 5% above the time.
    expect(low.medianResolutionSeconds).toBeGreaterThanOrEqual(3600);
    expect(low.medianResolutionSeconds).toBeLessThanOrEqual(3780);
    await usePolicy('LOW', { scheduleId: null });
  });
});
