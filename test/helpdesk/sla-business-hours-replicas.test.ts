import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

let clock = Date.parse('2026-09-04T16:30:00.000Z'); // a Friday
const REQUESTS = 10;

let a: TestApp;
let b: TestApp;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  // Both replicas look every second on their own as well: the breaches are raced for by the timers and by the test.
  a = await startTestApp({ HELP_SLA_CHECK_SECONDS: '1' }, { now: () => new Date(clock) });
  b = await startTestApp({ HELP_SLA_CHECK_SECONDS: '1' }, { now: () => new Date(clock), replicaOf: a });
  admin = await a.login('admin', ADMIN_PASSWORD);
  alice = await a.createUser('alice');
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const officeHours = (end = '17:00') =>
  ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({ day, start: '09:00', end }));
const db = () => a.app.orm.em.fork().getConnection();
const looks = () => Promise.all([a, b, a, b].map((app) => app.app.services.helpdesk.slaMonitor.check()));

describe('business-hours service levels with two replicas', () => {
  it('breach once, at the business due time, and recount once per change of the rules', async () => {
    const created = await a.gql(
      `mutation($input: CreateHelpScheduleInput!) { createHelpSchedule(input: $input) { id } }`,
      {
        input: { name: 'Office', timeZone: 'UTC', intervals: officeHours() },
      },
      admin,
    );
    const office = created.data.createHelpSchedule.id as string;
    const policy = await b.gql(
      `mutation($id: ID) { updateHelpSlaPolicy(priority: URGENT, input: { scheduleId: $id }) { priority } }`,
      { id: office },
      admin,
    );
    expect(policy.errors).toBeUndefined();

    const h = helpdesk(a);
    const ids: number[] = [];
    for (let i = 0; i < REQUESTS; i++) ids.push(await h.file(alice.auth, { priority: 'urgent', title: `Urgent ${i}` }));

    // Saturday: in calendar time every first response would be overdue; in office hours none is.
    clock = Date.parse('2026-09-05T12:00:00.000Z');
    expect((await looks()).reduce((x, y) => x + y, 0)).toBe(0);

    // Monday 09:31: the hour (30 minutes on Friday, 30 on Monday) ran out a minute ago.
    clock = Date.parse('2026-09-07T09:31:00.000Z');
    expect((await looks()).reduce((x, y) => x + y, 0)).toBe(REQUESTS);
    const recorded = await db().execute<{ request_id: number; n: number }[]>(
      `select request_id, count(*)::int as n from help_request_history where action = 'sla_breached' group by request_id order by request_id`,
    );
    expect(recorded).toEqual(ids.map((id) => ({ request_id: id, n: 1 })));

    // Two administrators change the rules at once, on different replicas: shorter hours, and a longer target.
    clock = Date.parse('2026-09-07T10:00:00.000Z');
    const [hours, target] = await Promise.all([
      a.gql(
        `mutation($id: ID!, $input: UpdateHelpScheduleInput!) { updateHelpSchedule(id: $id, input: $input) { id } }`,
        { id: office, input: { intervals: officeHours('13:00') } },
        admin,
      ),
      b.gql(
        `mutation { updateHelpSlaPolicy(priority: URGENT, input: { resolutionMinutes: 600 }) { priority } }`,
        {},
        admin,
      ),
    ]);
    expect(hours.errors).toBeUndefined();
    expect(target.errors).toBeUndefined();
    // 90 working minutes used (Friday 30, Monday 60); 510 left of 600 at four hours a day: Monday 10:00–13:00
    // (180), Tuesday (240), then 90 on Wednesday: 10:30.
    const due = await db().execute<{ id: number; resolution_due_at: Date; sla_used_seconds: number }[]>(
      `select id, resolution_due_at, sla_used_seconds from help_requests where id in (${ids.map(() => '?').join(', ')}) order by id`,
      ids,
    );
    for (const row of due) {
      expect(new Date(row.resolution_due_at).toISOString()).toBe('2026-09-09T10:30:00.000Z');
      expect(row.sla_used_seconds).toBe(90 * 60);
    }
    const audit = await db().execute<{ action: string; n: number }[]>(
      `select action, count(*)::int as n from audit_events where action in ('help_schedule.update', 'help_sla_policy.update') group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'help_schedule.update', n: 1 },
      { action: 'help_sla_policy.update', n: 2 },
    ]);
    // The breaches stay recorded, and nothing more is found.
    expect((await looks()).reduce((x, y) => x + y, 0)).toBe(0);
    expect([...a.logs, ...b.logs].filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
