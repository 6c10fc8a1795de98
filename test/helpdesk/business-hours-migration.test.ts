import { describe, expect, it } from 'vitest';
import { loadAllMigrations } from '../../src/modules.js';
import { migrate, openOrm } from '../../src/platform/db/orm.js';
import { createTestDatabase } from '../helpers/app.js';

/** The business-hours migration on a help desk whose requests already have clocks: each keeps its due times. */
describe('the business-hours migration', () => {
  it('gives each request a checkpoint that agrees with the due times it had, running or on hold', async () => {
    const database = await createTestDatabase({ unmigrated: true });
    const orm = await openOrm(database.url, { poolMax: 1, migrations: await loadAllMigrations() });
    try {
      await orm.migrator.up({ to: 'Migration20261125002000_help_service_levels' });
      const db = orm.em.getConnection();
      const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3600_000);
      // 1: urgent, running again after a 10-minute pause. 2: urgent, on hold since hour 3 after the same pause.
      await db.execute(
        `insert into help_requests (id, title, description, category, priority, status, created_at, updated_at, paused_seconds, paused_since)
         values (1, 't', 'd', 'general', 'urgent', 'open', ?, ?, 600, null), (2, 't', 'd', 'general', 'urgent', 'on_hold', ?, ?, 600, ?)`,
        [at(0), at(1), at(0), at(3), at(3)],
      );
      const before = await db.execute(
        `select id, first_response_due_at, resolution_due_at from help_requests order by id`,
      );
      await migrate(orm);

      const after = await db.execute<
        { id: number; sla_schedule_id: string | null; sla_used_seconds: number; sla_counted_at: string }[]
      >(
        `select id, first_response_due_at, resolution_due_at, sla_schedule_id, sla_used_seconds, sla_counted_at from help_requests order by id`,
      );
      expect(
        after.map(({ id, first_response_due_at, resolution_due_at }: Record<string, unknown>) => ({
          id,
          first_response_due_at,
          resolution_due_at,
        })),
      ).toEqual(before);
      expect(
        after.map((r) => [r.sla_schedule_id, r.sla_used_seconds, new Date(r.sla_counted_at).toISOString()]),
      ).toEqual([
        [null, 0, new Date(at(0).getTime() + 600_000).toISOString()],
        [null, 3 * 3600 - 600, at(3).toISOString()],
      ]);

      // A priority changed in SQL counts what is left from the checkpoint: the paused one, as if it resumed where it stopped.
      await db.execute(`update help_requests set priority = 'high'`);
      const moved = await db.execute<{ first_response_due_at: string }[]>(
        `select first_response_due_at from help_requests order by id`,
      );
      expect(moved.map((r) => new Date(r.first_response_due_at).toISOString())).toEqual([
        new Date(at(4).getTime() + 600_000).toISOString(),
        new Date(at(3).getTime() + (4 * 3600 - (3 * 3600 - 600)) * 1000).toISOString(),
      ]);
    } finally {
      await orm.close(true);
      await database.drop();
    }
  });
});
