import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, timestamp } from '../../src/db/read.js';
import { DateTime } from '../../src/graphql/scalars.js';
import { readAccountStatus, readNames, readUsers } from '../../src/users/views.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

/** The read models' path to PostgreSQL: the ORM's raw query API, on the transaction's connection inside one. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('read models', () => {
  it('read what a transaction wrote but has not committed, on its own connection', async () => {
    const em = t.app.orm.em.fork();
    const id = 'u_read_in_tx_000001';
    await expect(
      em.transactional(async (tx) => {
        await tx.execute(
          `insert into users (id, username, username_key, password_hash, created_at, updated_at)
           values (?, 'in.tx', 'in.tx', 'x', '2026-01-02T03:04:05.678Z', now())`,
          [id],
        );
        const [user] = await readUsers(tx, [id]);
        expect(user).toMatchObject({ id, username: 'in.tx', createdAt: new Date('2026-01-02T03:04:05.678Z') });
        expect((await readAccountStatus(tx, id))?.username).toBe('in.tx');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Outside it, on the pool, the row never existed.
    expect(await readUsers(t.app.orm.em.fork(), [id])).toEqual([]);
  });

  it('read a batch of any size in one statement, keys quoted as the ORM quotes its own', async () => {
    const em = t.app.orm.em.fork();
    const [admin] = await read<{ id: string }>(em, `select id from users where username = ?`, ['admin']);
    const runs = await t.countQueries(() =>
      Promise.all(Array.from({ length: 30 }, (_, i) => readNames(em, [...Array.from({ length: i }, (_, k) => `x'); drop table users; --\\${k}`), admin!.id]))),
    );
    expect(runs.result.map((names) => names.map((n) => n.username))).toEqual(Array.from({ length: 30 }, () => ['admin']));
    expect(runs.statements.filter((s) => /from users where id in/.test(s))).toHaveLength(30);
    expect(await readNames(em, [])).toEqual([]);
  });

  it('read timestamps as the ORM does, to the millisecond', async () => {
    const em = t.app.orm.em.fork();
    const platform = em.getPlatform();
    const samples = [
      '2026-11-20 10:00:00+00',
      '2026-11-20 10:00:00.1+00',
      '2026-11-20 10:00:00.12+00',
      '2026-11-20 10:00:00.123+00',
      '0099-12-31 23:59:59.5+00',
      '2026-11-20 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '1970-01-01 00:00:00+00',
      '0001-01-01 00:00:00+00',
      '2026-11-20 10:00:00.5+05:30',
      '12026-11-20 10:00:00+00',
      '2000-01-01 00:00:00+00 BC',
    ];
    for (const text of samples) {
      const date = timestamp(em, text);
      expect(date.getTime(), text).toBe(platform.parseDate(text).getTime());
      // What the API writes of it: the same text toISOString gives.
      expect(DateTime.serialize(date), text).toBe(platform.parseDate(text).toISOString());
    }
    // A date changed after it was read is written as it is now.
    const changed = timestamp(em, '2026-11-20 10:00:00.5+00');
    changed.setUTCFullYear(2030);
    expect(DateTime.serialize(changed)).toBe('2030-11-20T10:00:00.500Z');
    // And as PostgreSQL writes them now.
    const [row] = await read<{ at: string; iso: string }>(
      em,
      `select x as at, to_char(x, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso from (select now()::timestamptz as x) s`,
      [],
    );
    expect(timestamp(em, row!.at).toISOString()).toBe(row!.iso);
  });
});
