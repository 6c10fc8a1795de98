import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueTimes, type SlaRules } from '../../src/helpdesk/sla.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

/**
 * The due-time rule lives in the service (src/helpdesk/sla.ts, `dueTimes`) and, for rows written without it (an
 * import, psql, a priority changed in SQL), in the database trigger `help_requests_sla_due`. Under a calendar
 * policy both must give the same due times for the same clock; this file holds them to each other case by case.
 */

let t: TestApp;
let db: pg.Client;
const policies = new Map<string, SlaRules>();

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{
    priority: string;
    first_response_minutes: number;
    resolution_minutes: number;
    schedule_id: string | null;
  }>('select priority, first_response_minutes, resolution_minutes, schedule_id from help_sla_policies');
  for (const row of rows) {
    expect(row.schedule_id).toBeNull(); // the shipped policies count calendar time
    policies.set(row.priority, {
      firstResponseMinutes: row.first_response_minutes,
      resolutionMinutes: row.resolution_minutes,
      scheduleId: null,
      schedule: null,
    });
  }
  expect([...policies.keys()].sort()).toEqual(['high', 'low', 'medium', 'urgent']);
});
afterAll(async () => {
  await db?.end();
  await t?.stop();
});

interface DueRow {
  first_response_due_at: Date;
  resolution_due_at: Date;
  sla_counted_at: Date;
  sla_used_seconds: number;
}

const serviceDue = (priority: string, row: DueRow) =>
  dueTimes({ slaUsedSeconds: row.sla_used_seconds, slaCountedAt: row.sla_counted_at }, policies.get(priority)!);

const CASES = [
  { priority: 'low', createdAt: '2026-03-02T09:00:00Z', pausedSeconds: 0, usedSeconds: 0 },
  { priority: 'medium', createdAt: '2026-03-07T23:59:59Z', pausedSeconds: 0, usedSeconds: 0 },
  { priority: 'high', createdAt: '2026-03-29T00:30:00Z', pausedSeconds: 5_400, usedSeconds: 0 },
  { priority: 'urgent', createdAt: '2026-10-25T01:15:00Z', pausedSeconds: 0, usedSeconds: 1_800 },
  // More used than the target allows: due in the past, as the service counts it.
  { priority: 'urgent', createdAt: '2026-12-31T23:00:00Z', pausedSeconds: 60, usedSeconds: 90_000 },
];

describe('the due-time rule, in the service and in the database trigger', () => {
  it.each(CASES)(
    'gives a $priority request filed at $createdAt the due times the service gives ($usedSeconds s used)',
    async ({ priority, createdAt, pausedSeconds, usedSeconds }) => {
      const { rows } = await db.query<DueRow>(
        `insert into help_requests (title, description, category, priority, status, created_at, updated_at,
           paused_seconds, sla_used_seconds)
         values ('Due', 'times', 'general', $1, 'open', $2, $2, $3, $4)
         returning first_response_due_at, resolution_due_at, sla_counted_at, sla_used_seconds`,
        [priority, createdAt, pausedSeconds, usedSeconds],
      );
      const row = rows[0]!;
      // Without a checkpoint the trigger starts the clock at filing, on past the time it stood still.
      expect(row.sla_counted_at).toEqual(new Date(new Date(createdAt).getTime() + pausedSeconds * 1000));
      const service = serviceDue(priority, row);
      expect(row.first_response_due_at).toEqual(service.firstResponseDueAt);
      expect(row.resolution_due_at).toEqual(service.resolutionDueAt);
    },
  );

  it('recounts a priority changed in SQL as the service recounts one: what is left, on from the checkpoint', async () => {
    const { rows: filed } = await db.query<{ id: number }>(
      `insert into help_requests (title, description, category, priority, status, created_at, updated_at,
         sla_counted_at, sla_used_seconds)
       values ('Due', 'times', 'general', 'low', 'open', '2026-05-01T08:00:00Z', '2026-05-01T08:00:00Z',
         '2026-05-01T10:00:00Z', 3600)
       returning id`,
    );
    for (const priority of ['urgent', 'medium', 'high', 'low']) {
      const { rows } = await db.query<DueRow>(
        `update help_requests set priority = $1 where id = $2
         returning first_response_due_at, resolution_due_at, sla_counted_at, sla_used_seconds`,
        [priority, filed[0]!.id],
      );
      const row = rows[0]!;
      const service = serviceDue(priority, row);
      expect(row.first_response_due_at, priority).toEqual(service.firstResponseDueAt);
      expect(row.resolution_due_at, priority).toEqual(service.resolutionDueAt);
    }
  });

  it('leaves due times the service wrote as they are when it files a request', async () => {
    const { rows } = await db.query<DueRow>(
      `insert into help_requests (title, description, category, priority, status, created_at, updated_at,
         first_response_due_at, resolution_due_at)
       values ('Due', 'times', 'general', 'high', 'open', now(), now(), '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z')
       returning first_response_due_at, resolution_due_at, sla_counted_at, sla_used_seconds`,
    );
    expect(rows[0]!.first_response_due_at).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(rows[0]!.resolution_due_at).toEqual(new Date('2030-01-02T00:00:00Z'));
  });
});
