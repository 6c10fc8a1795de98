import { describe, expect, it } from 'vitest';
import { loadAllMigrations } from '../../src/modules.js';
import { migrate, openOrm } from '../../src/platform/db/orm.js';
import { createTestDatabase } from '../helpers/app.js';

/** The service-levels migration on a help desk that already has requests: each gets a clock as well as can be told. */
describe('the service-levels migration', () => {
  it('gives requests already there their due times, their first public response, their pause and their breaches, with kept counts', async () => {
    const database = await createTestDatabase({ unmigrated: true });
    const orm = await openOrm(database.url, { poolMax: 1, migrations: await loadAllMigrations() });
    try {
      await orm.migrator.up({ to: 'Migration20261124000500_help_request_zip' });
      const db = orm.em.getConnection();
      const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3600_000);
      // 1: urgent, answered publicly after 30 minutes (a private note came first), still open.
      // 2: urgent, never answered, on hold since hour 3: its first response was late before the pause.
      // 3: low, resolved at hour 10 after a public answer at hour 2.
      for (const [id, priority, status, updated] of [
        [1, 'urgent', 'open', at(1)],
        [2, 'urgent', 'on_hold', at(3)],
        [3, 'low', 'resolved', at(10)],
      ] as const) {
        await db.execute(
          `insert into help_requests (id, title, description, category, priority, status, created_at, updated_at) values (?, 't', 'd', 'general', ?, ?, ?, ?)`,
          [id, priority, status, at(0), updated],
        );
      }
      await db.execute(
        `insert into help_responses (request_id, response, is_public, created_at) values (1, 'note', false, ?), (1, 'hi', true, ?), (3, 'hi', true, ?)`,
        [at(0.25), at(0.5), at(2)],
      );
      await migrate(orm);

      const dates = (row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-/.test(v) ? new Date(v) : v]),
        );
      const rows = (
        await db.execute<Record<string, unknown>[]>(
          `select id, first_response_due_at, resolution_due_at, first_public_response_at, first_response_seconds, paused_since, resolved_at,
                resolution_seconds, first_response_breached, resolution_breached from help_requests order by id`,
        )
      ).map(dates);
      expect(rows).toEqual([
        {
          id: 1,
          first_response_due_at: at(1),
          resolution_due_at: at(8),
          first_public_response_at: at(0.5),
          first_response_seconds: 1800,
          paused_since: null,
          resolved_at: null,
          resolution_seconds: null,
          first_response_breached: false,
          resolution_breached: true,
        },
        {
          id: 2,
          first_response_due_at: at(1),
          resolution_due_at: at(8),
          first_public_response_at: null,
          first_response_seconds: null,
          paused_since: at(3),
          resolved_at: null,
          resolution_seconds: null,
          first_response_breached: true,
          resolution_breached: false,
        },
        {
          id: 3,
          first_response_due_at: at(72),
          resolution_due_at: at(720),
          first_public_response_at: at(2),
          first_response_seconds: 7200,
          paused_since: at(10),
          resolved_at: at(10),
          resolution_seconds: 36_000,
          first_response_breached: false,
          resolution_breached: false,
        },
      ]);
      const counts = await db.execute(
        `select priority::text, first_response_breached::int as frb, first_response_decided::int as frd, resolution_breached::int as rb, resolution_decided::int as rd from help_sla_counts order by priority`,
      );
      expect(counts).toEqual([
        { priority: 'low', frb: 0, frd: 1, rb: 0, rd: 1 },
        { priority: 'urgent', frb: 1, frd: 2, rb: 1, rd: 1 },
      ]);
      const breached = await db.execute(
        `select requester_id, status::text, requests::int from help_request_breached_counts order by status`,
      );
      expect(breached).toEqual([
        { requester_id: '', status: 'on_hold', requests: 1 },
        { requester_id: '', status: 'open', requests: 1 },
      ]);
    } finally {
      await orm.close(true);
      await database.drop();
    }
  });
});
