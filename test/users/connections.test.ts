import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/identity/api-keys.js';
import { pagesAfter } from '../../src/users/rest/routes.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { insertUsers } from '../helpers/users.js';

/** usersConnection and Group.members: keyset pages by username, who may read them, and get_users reading by keyset. */

let t: TestApp;
let db: pg.Client;
let admin: string;
let carol: { id: string; auth: string };
let course: string;
const fullKey = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;
const groupsOnly = { key: 'groupskey0123456789abcde', secret: 'groups-secret-0123456789-abcdefghijklmn' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  carol = await t.createUser('carol');
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await insertUsers(t.databaseUrl, { count: 45, prefix: 'member', width: 3, withFirstName: true });
  course = (await t.gql('mutation { createGroup(input: { name: "Course" }) { id } }', {}, admin)).data.createGroup.id;
  // Every third member joins the course.
  await db.query(
    `insert into group_memberships (user_id, group_id, created_at)
     select id, $1, now() from users where username like 'member%' and substr(username, 7)::int % 3 = 0`,
    [course],
  );
  await createApiKey(t.app.orm.em.fork(), {
    name: 'groups only',
    key: groupsOnly.key,
    secret: groupsOnly.secret,
    permissions: ['groups:view'],
  });
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const USERS = `query($filter: UserFilter, $first: Int, $after: String, $last: Int, $before: String) {
  usersConnection(filter: $filter, first: $first, after: $after, last: $last, before: $before) {
    totalCount edges { cursor node { username } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

async function users(variables: Record<string, unknown>, auth = fullKey) {
  const res = await t.gql(USERS, variables, auth);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.usersConnection as {
    totalCount: number;
    edges: Array<{ cursor: string; node: { username: string } }>;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
}
const names = (c: { edges: Array<{ node: { username: string } }> }) => c.edges.map((e) => e.node.username);

describe('usersConnection', () => {
  for (const [name, filter] of [
    ['every user', undefined],
    ['a search', { search: 'member0' }],
    ['a group', { groupId: 'placeholder' }],
  ] as const) {
    it(`pages forward and back through ${name} by username with no gap or repeat`, async () => {
      const f = filter && 'groupId' in filter ? { groupId: course } : filter;
      const all = (
        await t.gql(
          'query($filter: UserFilter) { users(filter: $filter, limit: 500) { users { username } total } }',
          { filter: f },
          fullKey,
        )
      ).data.users;
      expect(all.total).toBeGreaterThan(12);
      const p1 = await users({ filter: f, first: 5 });
      const p2 = await users({ filter: f, first: 5, after: p1.pageInfo.endCursor });
      const p3 = await users({ filter: f, first: 5, after: p2.pageInfo.endCursor });
      expect([...names(p1), ...names(p2), ...names(p3)]).toEqual(
        all.users.slice(0, 15).map((u: { username: string }) => u.username),
      );
      expect(p1.totalCount).toBe(all.total);
      const b2 = await users({ filter: f, last: 5, before: p3.pageInfo.startCursor });
      const b1 = await users({ filter: f, last: 5, before: b2.pageInfo.startCursor });
      expect([names(b1), names(b2)]).toEqual([names(p1), names(p2)]);
      expect(b1.pageInfo.hasPreviousPage).toBe(false);
    });
  }

  it('refuses a cursor made under another filter, and first with last', async () => {
    const p = await users({ filter: { search: 'member' }, first: 2 });
    const other = await t.gql(USERS, { filter: { search: 'member1' }, first: 2, after: p.pageInfo.endCursor }, fullKey);
    expect(other.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const both = await t.gql(USERS, { first: 2, last: 2 }, fullKey);
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is guarded as users is: a plain user is refused', async () => {
    const res = await t.gql(USERS, { first: 2 }, carol.auth);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('Group.members', () => {
  const MEMBERS = `query($id: ID!) { group(id: $id) { name members(first: 4) { totalCount edges { node { username } } } } }`;

  it('lists a group’s members, by username, for a key that may view groups and users', async () => {
    const res = await t.gql(MEMBERS, { id: course }, fullKey);
    expect(res.errors).toBeUndefined();
    expect(res.data.group).toEqual({
      name: 'Course',
      members: {
        totalCount: 15,
        edges: ['member003', 'member006', 'member009', 'member012'].map((username) => ({ node: { username } })),
      },
    });
  });

  it('pages each group with its own cursors: one group’s cursor is refused on another', async () => {
    const first = await t.gql(
      'query($id: ID!) { group(id: $id) { members(first: 2) { pageInfo { endCursor } } } }',
      { id: course },
      fullKey,
    );
    const groups = await t.gql('{ groups { id } }', {}, fullKey);
    const other = groups.data.groups.find((g: { id: string }) => g.id !== course).id;
    const res = await t.gql(
      'query($id: ID!, $after: String) { group(id: $id) { members(after: $after) { edges { node { username } } } } }',
      { id: other, after: first.data.group.members.pageInfo.endCursor },
      fullKey,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses the members to a key without users:view, and still answers the group’s other fields', async () => {
    const key = `ApiKey ${groupsOnly.key}:${groupsOnly.secret}`;
    const plain = await t.gql('query($id: ID!) { group(id: $id) { name isDefault } }', { id: course }, key);
    expect(plain.data.group).toEqual({ name: 'Course', isDefault: false });
    const res = await t.gql(MEMBERS, { id: course }, key);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.errors?.[0]?.message).toMatch(/users:view/);
  });

  it('refuses the members of their own groups to a plain user, who still sees the groups', async () => {
    const groups = await t.gql('{ me { groups { name } } }', {}, carol.auth);
    expect(groups.data.me.groups.length).toBeGreaterThan(0);
    const res = await t.gql('{ me { groups { name members { edges { node { username } } } } } }', {}, carol.auth);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('get_users reads by keyset', () => {
  it('neither repeats nor skips anyone when users are created or deleted between its pages', async () => {
    const read = async (after: string) => {
      const c = await users({ first: 10, after });
      return { users: names(c), next: c.pageInfo.hasNextPage ? c.pageInfo.endCursor : null };
    };
    const before = (await users({ first: 100 })).edges.map((e) => e.node.username);
    const start = await users({ first: 10 });
    const seen = [...names(start)];
    let round = 0;
    for await (const page of pagesAfter(start.pageInfo.endCursor, read)) {
      seen.push(...page);
      // A user created before the read position (an offset read would then repeat the user at a page's edge),
      // then one deleted from those already written (an offset read would then skip the next page's first user).
      if (round === 0) await insertUsers(t.databaseUrl, { count: 2, prefix: 'aaa', width: 1 });
      if (round === 1) await db.query(`delete from users where username = $1`, [before[2]]);
      round++;
    }
    expect(round).toBeGreaterThan(2);
    expect(seen).toEqual(before);
  });

  it('still answers every user through the REST route, in order, past its first page of 500', async () => {
    await insertUsers(t.databaseUrl, { count: 700, prefix: 'bulk', width: 4 });
    const res = await t.request('/api/public/get_users', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET },
    });
    expect(res.status).toBe(200);
    const all = (await db.query('select username from users order by username_key')).rows.map((r) => r.username);
    expect(all.length).toBeGreaterThan(700);
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual(all);
    expect(res.body.total).toBe(all.length);
  });
});
