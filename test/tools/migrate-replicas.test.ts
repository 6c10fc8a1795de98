import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrate, openOrm, type Orm } from '../../src/platform/db/orm.js';
import { loadAllMigrations } from '../../src/modules.js';

/** An empty database (not a clone of the migrated template): replicas starting on a fresh deployment. */
const server = inject('pgServerUrl');
const name = `trellis_fresh_${process.pid}_${Date.now().toString(36)}`;
const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: `${server}/postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

const orms: Orm[] = [];
beforeAll(async () => {
  await admin((c) => c.query(`create database ${name}`));
});
afterAll(async () => {
  await Promise.all(orms.map((o) => o.close(true)));
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('migrations with several replicas starting at once', () => {
  it('apply every migration exactly once when three processes migrate one fresh database concurrently', async () => {
    const migrations = await loadAllMigrations();
    for (let i = 0; i < 3; i++) orms.push(await openOrm(`${server}/${name}`, { poolMax: 2, migrations }));
    const results = await Promise.allSettled(orms.map((orm) => migrate(orm)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const applied = await orms[0].em
      .getConnection()
      .execute<{ name: string }[]>('select name from mikro_orm_migrations order by id');
    expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    // Nothing left for a latecomer either.
    expect(await orms[1].migrator.getPending()).toEqual([]);
  });
});
