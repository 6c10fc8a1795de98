import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read } from '../../../src/platform/db/read.js';
import { asIsoTimestamp, dateOf, isoTimestamp } from '../../../src/platform/db/timestamps.js';
import { DateTime } from '../../../src/platform/graphql/scalars.js';
import { readAccountStatus, readNames, readUsers } from '../../../src/users/views.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../helpers/app.js';

/**
 * The read models' path to PostgreSQL: named prepared statements on the ORM's own pool outside a transaction, the
 * ORM's raw query API on the transaction's connection inside one.
 */
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

  it('send each statement outside a transaction as a named prepared statement on the ORM pool, named by a hash of its text', async () => {
    const em = t.app.orm.em.fork();
    const [admin] = await read<{ id: string }>(em, `select id from users where username = ?`, ['admin']);
    await readNames(em, [admin.id, 'u_nobody']);
    const pool = await em.getConnection().getNativeClient();
    // Statements are prepared per connection: every open one of the pool is asked which it holds.
    const clients = await Promise.all(Array.from({ length: Math.max(1, pool.totalCount) }, () => pool.connect()));
    const held = new Map<string, string>();
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements',
        );
        for (const row of rows) held.set(row.statement, row.name);
      }
    } finally {
      for (const client of clients) client.release();
    }
    const hashOf = (text: string) => `t${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    const byName = 'select id from users where username = $1';
    const byKeys = 'select id, username from users where id = any($1)';
    expect(held.get(byName)).toBe(hashOf(byName));
    // A list of keys is one parameter: one statement, planned once, for a batch of any size.
    expect(held.get(byKeys)).toBe(hashOf(byKeys));
  });

  it('send a statement planned at each call unnamed, so no connection keeps a plan of it', async () => {
    const em = t.app.orm.em.fork();
    const sql = `select id from users where username = ? and id <> 'planned at each call'`;
    const [admin] = await read<{ id: string }>(em, sql, ['admin'], { planEachCall: true });
    expect(admin.id).toEqual(expect.any(String));
    const pool = await em.getConnection().getNativeClient();
    const clients = await Promise.all(Array.from({ length: Math.max(1, pool.totalCount) }, () => pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
        expect(rows.map((row) => row.statement).filter((text) => text.includes('planned at each call'))).toEqual([]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('answer the same rows as the ORM does for the same statement', async () => {
    const em = t.app.orm.em.fork();
    const sql = `select id, username, created_at, token_version, (select count(*) from users) as total,
                        json_build_object('name', username) as doc, array[1, 2] as list
                   from users where username in (?) and created_at < ? order by id`;
    const params = [['admin', 'nobody'], new Date('2999-01-01T00:00:00Z')];
    const rows = await read(em, sql, params);
    expect(rows).toHaveLength(1);
    expect(rows).toEqual(await em.execute(sql, params));
  });

  it('read a batch of any size in one statement, keys quoted as the ORM quotes its own', async () => {
    const em = t.app.orm.em.fork();
    const [admin] = await read<{ id: string }>(em, `select id from users where username = ?`, ['admin']);
    const runs = await t.countQueries(() =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          readNames(em, [...Array.from({ length: i }, (_, k) => `x'); drop table users; --\\${k}`), admin.id]),
        ),
      ),
    );
    expect(runs.result.map((names) => names.map((n) => n.username))).toEqual(
      Array.from({ length: 30 }, () => ['admin']),
    );
    expect(runs.statements.filter((s) => /from users where id in/.test(s))).toHaveLength(30);
    expect(await readNames(em, [])).toEqual([]);
  });

  it('answer dates as millisecond ISO 8601 text in UTC, whatever the precision or offset they were written with', async () => {
    const written: Array<[string, string]> = [
      ['2026-11-20 10:00:00+00', '2026-11-20T10:00:00.000Z'],
      ['2026-11-20 10:00:00.1+00', '2026-11-20T10:00:00.100Z'],
      ['2026-11-20 10:00:00.123+00', '2026-11-20T10:00:00.123Z'],
      ['2026-11-20 23:59:59.999999+00', '2026-11-20T23:59:59.999Z'],
      ['2024-02-29 00:00:00.000001+00', '2024-02-29T00:00:00.000Z'],
      ['1970-01-01 00:00:00+00', '1970-01-01T00:00:00.000Z'],
      ['0099-12-31 23:59:59.5+00', '0099-12-31T23:59:59.500Z'],
      ['2026-11-20 10:00:00.5+05:30', '2026-11-20T04:30:00.500Z'],
    ];
    const em = t.app.orm.em.fork();
    const ids = written.map((_, i) => `${'d'.repeat(31)}${i}`);
    for (const [i, [at]] of written.entries()) {
      await em.execute(
        `insert into users (id, username, username_key, password_hash, created_at, updated_at) values (?, ?, ?, 'x', ?::timestamptz, now())`,
        [ids[i], `dates.${i}`, `dates.${i}`, at],
      );
    }
    const admin = await t.login('admin', ADMIN_PASSWORD);
    for (const [i, [at, iso]] of written.entries()) {
      const [user] = await readUsers(t.app.orm.em.fork(), [ids[i]]);
      expect(user.createdAt.toISOString(), at).toBe(iso);
      const res = await t.gql<{ user: { createdAt: string } }>(
        'query($id: ID!) { user(id: $id) { createdAt } }',
        { id: ids[i] },
        admin,
      );
      expect(res.data?.user.createdAt, at).toBe(iso);
    }
    // The scalar writes what toISOString writes, for a date read or made here.
    expect(DateTime.serialize(new Date(Date.UTC(2030, 10, 20, 10, 0, 0, 500)))).toBe('2030-11-20T10:00:00.500Z');
  });

  it("keep a timestamp as the API writes it, formatted once from PostgreSQL's text, as toISOString would", async () => {
    const em = t.app.orm.em.fork();
    const texts = [
      '2026-11-20 10:00:00+00',
      '2026-11-20 10:00:00.1+00',
      '2026-11-20 10:00:00.12+00',
      '2026-11-20 10:00:00.123+00',
      '2026-11-20 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '0099-12-31 23:59:59.5+00',
      // Not a UTC session's plain form: parsed and printed, as a Date would be.
      '2026-11-20 10:00:00.5+05:30',
      '0044-03-15 12:00:00+00 BC',
      '12026-11-20 10:00:00+00',
    ];
    for (const text of texts) {
      const printed = em.getPlatform().parseDate(text).toISOString();
      expect(isoTimestamp(em, text), text).toBe(printed);
      expect(DateTime.serialize(isoTimestamp(em, text)), text).toBe(printed);
      expect(dateOf(isoTimestamp(em, text)).getTime(), text).toBe(new Date(printed).getTime());
    }
    // What PostgreSQL itself writes for a timestamptz, each fraction length, on the app's own connection.
    const [row] = await read<Record<string, string>>(
      em,
      `select '2026-11-20 10:00:00+00'::timestamptz::text as a, '2026-11-20 10:00:00.5+02'::timestamptz::text as b, now()::text as c`,
      [],
    );
    for (const text of Object.values(row))
      expect(isoTimestamp(em, text), text).toBe(em.getPlatform().parseDate(text).toISOString());
    expect(isoTimestamp(em, row.b)).toBe('2026-11-20T08:00:00.500Z');
    // The scalar writes ISO text as it is, any other text or a Date as toISOString writes it, and refuses no date.
    expect(DateTime.serialize(asIsoTimestamp(new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6))))).toBe(
      '2030-01-02T03:04:05.006Z',
    );
    expect(DateTime.serialize('2030-01-02T03:04:05Z')).toBe('2030-01-02T03:04:05.000Z');
    expect(DateTime.serialize('2030-01-02 03:04:05.5+00')).toBe('2030-01-02T03:04:05.500Z');
    expect(() => DateTime.serialize('not a date')).toThrow('DateTime cannot represent an invalid date');
  });

  it("answer the same times for a help request through the list (read model text) and one request (the entity's Dates)", async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const created = await t.gql<{ createHelpRequest: { id: number } }>(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'Clock', description: 'Times as written' } },
      admin,
    );
    const id = created.data!.createHelpRequest.id;
    const responded = await t.gql(
      'mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { requestId } }',
      { id, input: { response: 'On it', isPublic: true } },
      admin,
    );
    expect(responded.errors).toBeUndefined();
    const em = t.app.orm.em.fork();
    await em.execute(
      `update help_requests set created_at = '2026-11-20 10:00:00.123456+00', updated_at = '2026-11-21 11:30:00+00' where id = ?`,
      [id],
    );
    await em.execute(`update help_responses set created_at = '2026-11-20 12:00:00.5+00' where request_id = ?`, [id]);
    const fields =
      'id createdAt updatedAt responses { createdAt } history { createdAt } sla { firstResponseDueAt resolutionDueAt firstResponseAt resolvedAt }';
    const list = await t.gql<{ helpRequests: { requests: Array<Record<string, unknown>> } }>(
      `{ helpRequests(perPage: 100) { requests { ${fields} } } }`,
      {},
      admin,
    );
    const one = await t.gql<{ helpRequest: Record<string, unknown> }>(
      `query($id: Int!) { helpRequest(id: $id) { ${fields} } }`,
      { id },
      admin,
    );
    const listed = list.data!.helpRequests.requests.find((r) => r.id === id)!;
    expect(listed).toEqual(one.data!.helpRequest);
    expect(listed).toMatchObject({
      createdAt: '2026-11-20T10:00:00.123Z',
      updatedAt: '2026-11-21T11:30:00.000Z',
      responses: [{ createdAt: '2026-11-20T12:00:00.500Z' }],
    });
    expect((listed.sla as { firstResponseAt: string }).firstResponseAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
  });
});
