import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openOrm } from '../../src/platform/db/orm.js';
import { usernameKey } from '../../src/users/user.entity.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  createTestDatabase,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../helpers/app.js';
import { entities, loadAllMigrations } from '../../src/modules.js';

/** Usernames are prepared per RFC 8265 and unique by their UTS #39 skeleton: no name passes for another. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

const KEY = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };
const createRest = (username: string, extra: Record<string, unknown> = {}) =>
  t.request('/api/public/create_user', { method: 'POST', json: { ...KEY, target_user: { username, ...extra } } });
const CREATE = 'mutation($input: CreateUserInput!) { createUser(input: $input) { id username } }';
const userCount = async () =>
  Number((await t.app.orm.em.fork().getConnection().execute('select count(*)::int as n from users'))[0].n);

describe('a name that looks like an existing one', () => {
  const lookalikes = [
    ['Cyrillic а', '\u0430dmin'],
    ['fullwidth letters', 'ａｄｍｉｎ'],
    ['a dotted capital I', 'ADMİN'],
    ['another letter case', 'Admin'],
  ];
  for (const [what, name] of lookalikes) {
    it(`is refused beside "admin" (${what}) through both doors, and no user is created`, async () => {
      const before = await userCount();
      const rest = await createRest(name);
      expect(rest).toMatchObject({
        status: 400,
        body: { error_message: `Error creating user (${name}): (User already exists)` },
      });
      const gql = await t.gql(CREATE, { input: { username: name, password: DEFAULT_PASSWORD } }, admin);
      expect(gql.errors?.[0]).toMatchObject({
        message: `Error creating user (${name}): (User already exists)`,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await userCount()).toBe(before);
    });
  }

  it('is refused as a new name for someone else too', async () => {
    const bob = await t.createUser('bob');
    const res = await t.request('/api/public/update_user', {
      method: 'POST',
      json: { ...KEY, target_user: { user_id: bob.id, username: 'аdmin' } },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error_message: 'Error updating user (аdmin): (User already exists)' },
    });
    expect((await t.gql('{ me { username } }', {}, bob.auth)).data.me.username).toBe('bob');
  });

  it('cannot be created twice at the same moment in two spellings', async () => {
    const results = await Promise.all(['eve', 'еve', 'ｅｖｅ', 'EVE'].map((name) => createRest(name)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const { body } = await t.request('/api/public/get_users', { method: 'POST', json: KEY });
    expect(body.users.filter((u: { username: string }) => /^(eve|еve|EVE)$/i.test(u.username))).toHaveLength(1);
  });
});

describe('preparing a name', () => {
  it('maps fullwidth letters to ordinary ones and signs in by any width or case', async () => {
    const res = await createRest('ｆｒａｎｋ', { password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('frank');
    for (const typed of ['frank', 'FRANK', 'ｆｒａｎｋ'])
      await expect(t.login(typed, DEFAULT_PASSWORD)).resolves.toMatch(/^Bearer /);
  });

  it('keeps the letter case chosen and stores a composed form', async () => {
    const res = await createRest('Jose\u0301');
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('José');
    expect((await createRest('josé')).status).toBe(400);
  });

  it('refuses disallowed code points with a clear 400 naming the character', async () => {
    const before = await userCount();
    for (const [name, message] of [
      ['Ⅻ', 'Username must not contain U+216B: only letters, digits and . _ @ + - are allowed'],
      ['ad\u200Dmin', 'Username must not contain U+200D: only letters, digits and . _ @ + - are allowed'],
      ['ﬁona', 'Username must not contain U+FB01: only letters, digits and . _ @ + - are allowed'],
      ['two words', 'Username must be 1-64 letters, digits or . _ @ + -'],
    ]) {
      expect(await createRest(name), name).toMatchObject({ status: 400, body: { error_message: message } });
    }
    expect(await userCount()).toBe(before);
  });
});

describe('names that existed before skeletons', () => {
  it('keep working: the older of two look-alikes keeps the skeleton, the younger its name, and every name its look-up', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(`delete from mikro_orm_migrations where name = 'Migration20261123000500_username_skeletons'`);
      await client.query('alter table users drop column username_skeleton');
      const insert = (id: string, username: string, key: string, at: string) =>
        client.query(
          `insert into users (id, username, username_key, password_hash, created_at, updated_at) values ($1, $2, $3, 'x', $4, $4)`,
          [id.repeat(32), username, key, at],
        );
      await insert('a', 'alice', 'alice', '2026-01-01');
      await insert('b', 'аlice', 'аlice', '2026-02-01'); // Cyrillic а, from before
      await insert('c', 'ＦＵＬＬ', 'ｆｕｌｌ', '2026-03-01');
      await insert('d', 'Ⅻ', 'ⅻ', '2026-04-01');
      const orm = await openOrm(db.url, { poolMax: 1, entities, migrations: await loadAllMigrations() });
      await migrate(orm);
      await orm.close(true);
      const rows = (
        await client.query('select id, username, username_key, username_skeleton from users order by created_at')
      ).rows;
      expect(rows.map((r) => [r.username, r.username_key, r.username_skeleton])).toEqual([
        ['alice', 'alice', 'alice'],
        ['аlice', 'аlice', null],
        ['ＦＵＬＬ', 'full', 'full'],
        ['Ⅻ', 'ⅻ', 'xii'],
      ]);
      // Sign-in and user(username:) look a name up by usernameKey(): each stored name still finds its row.
      for (const row of rows) expect(usernameKey(row.username)).toBe(row.username_key);
      // A third look-alike still finds the skeleton taken.
      await expect(
        client.query(
          `insert into users (id, username, username_key, username_skeleton, password_hash, created_at, updated_at) values ($1, 'alicе', 'alicе', 'alice', 'x', now(), now())`,
          ['e'.repeat(32)],
        ),
      ).rejects.toThrow(/users_username_skeleton_unique/);
    } finally {
      await client.end();
      await db.drop();
    }
  });
});
