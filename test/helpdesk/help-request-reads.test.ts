import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_REQUEST_SORT_FIELDS } from '../../src/helpdesk/vocabulary.js';
import { graphqlName } from '../helpers/enums.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';

/**
 * helpRequestsConnection and User.helpRequests: keyset pages forward and back for every sort, the same
 * visibility as helpRequests, clear errors for bad arguments and foreign cursors, and totalCount from the kept counts.
 */

let t: TestApp;
let db: pg.Client;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
const apiKey = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;

const CONNECTION = `query($status: HelpStatus, $category: HelpCategory, $priority: HelpPriority, $sortBy: HelpRequestSortField,
  $sortOrder: HelpSortOrder, $first: Int, $after: String, $last: Int, $before: String) {
  helpRequestsConnection(status: $status, category: $category, priority: $priority, sortBy: $sortBy, sortOrder: $sortOrder,
    first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

type Page = {
  edges: Array<{ cursor: string; node: { id: number } }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

async function page(auth: string, variables: Record<string, unknown>): Promise<Page> {
  const res = await t.gql(CONNECTION, variables, auth);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.helpRequestsConnection;
}

const ids = (p: Page) => p.edges.map((e) => e.node.id);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  [alice, bob] = await Promise.all([t.createUser('alice'), t.createUser('bob')]);
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  // 60 requests, alice's and bob's alternating. Titles, dates and the enum columns repeat, so every sort has ties
  // that only the id tie-breaker orders; updated_at carries microseconds, which a cursor must keep.
  await db.query(
    `insert into help_requests (title, description, category, priority, status, requester_id, created_at, updated_at)
     select 'Request ' || (n % 9), 'About ' || n,
            (array['technical','account','general','bug_report','feature_request','billing','other'])[1 + n % 7],
            ((array['low','medium','high','urgent'])[1 + n % 4])::help_priority,
            ((array['open','in_progress','on_hold','resolved','closed'])[1 + n % 3])::help_status,
            case when n % 2 = 0 then $1 else $2 end,
            timestamptz '2026-11-01 00:00:00+00' + ((n % 11) || ' hours')::interval,
            timestamptz '2026-11-02 00:00:00.000001+00' + ((n * 37 % 23) || ' microseconds')::interval
     from generate_series(1, 60) as n`,
    [alice.id, bob.id],
  );
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

/** The whole ordered list as helpRequests (offset pages, the same order) answers it. */
async function expectedOrder(auth: string, variables: Record<string, unknown>): Promise<number[]> {
  const res = await t.gql(
    `query($status: HelpStatus, $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {
      helpRequests(status: $status, sortBy: $sortBy, sortOrder: $sortOrder, perPage: 100) { requests { id } } }`,
    variables,
    auth,
  );
  return res.data.helpRequests.requests.map((r: { id: number }) => r.id);
}

describe('helpRequestsConnection pages by keyset', () => {
  const filters = [{}, { status: 'OPEN' }];
  for (const sortBy of HELP_REQUEST_SORT_FIELDS.map((field) => graphqlName('HelpRequestSortField', field))) {
    for (const sortOrder of ['ASC', 'DESC']) {
      for (const filter of filters) {
        it(`pages forward three pages and back again by ${sortBy} ${sortOrder}${'status' in filter ? ', open only' : ''}, with no gap or repeat`, async () => {
          const vars = { ...filter, sortBy, sortOrder };
          const all = await expectedOrder(admin, vars);
          expect(all.length).toBeGreaterThan(15);
          const size = Math.ceil(all.length / 3) - 1; // three full pages and a short fourth

          const p1 = await page(admin, { ...vars, first: size });
          const p2 = await page(admin, { ...vars, first: size, after: p1.pageInfo.endCursor });
          const p3 = await page(admin, { ...vars, first: size, after: p2.pageInfo.endCursor });
          const p4 = await page(admin, { ...vars, first: size, after: p3.pageInfo.endCursor });
          expect([...ids(p1), ...ids(p2), ...ids(p3), ...ids(p4)]).toEqual(all);
          expect(p1.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
          expect(p3.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
          expect(p4.pageInfo).toMatchObject({ hasNextPage: false });
          expect(ids(p4).length).toBeLessThan(size);

          // Back from the fourth page: the same pages, in the same order within each.
          const b3 = await page(admin, { ...vars, last: size, before: p4.pageInfo.startCursor });
          const b2 = await page(admin, { ...vars, last: size, before: b3.pageInfo.startCursor });
          const b1 = await page(admin, { ...vars, last: size, before: b2.pageInfo.startCursor });
          expect([ids(b1), ids(b2), ids(b3)]).toEqual([ids(p1), ids(p2), ids(p3)]);
          expect(b3.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
          expect(b1.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
          expect(b1.pageInfo.startCursor).toBe(p1.edges[0].cursor);
        });
      }
    }
  }

  it('reads the last rows of the list with last alone', async () => {
    const all = await expectedOrder(admin, { sortBy: 'TITLE', sortOrder: 'ASC' });
    const tail = await page(admin, { sortBy: 'TITLE', sortOrder: 'ASC', last: 5 });
    expect(ids(tail)).toEqual(all.slice(-5));
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  });

  it('gives 20 requests when neither first nor last is given', async () => {
    expect(ids(await page(admin, {}))).toHaveLength(20);
  });

  it('neither skips nor repeats a request when one is filed or removed between pages', async () => {
    const insert = (from: number, to: number) =>
      db.query(
        `insert into help_requests (id, title, description, category, priority, status, created_at, updated_at)
         select n, 'Extra', 'd', 'general', 'low', 'open', now(), now() from generate_series($1::int, $2::int) as n`,
        [from, to],
      );
    await insert(1001, 1025);
    try {
      const vars = { sortBy: 'ID', sortOrder: 'DESC' };
      const p1 = await page(admin, { ...vars, first: 10 });
      expect(ids(p1)).toEqual(Array.from({ length: 10 }, (_, i) => 1025 - i));
      // One removed from the page already read, one from the next page, one filed at the front of the list.
      await db.query('delete from help_requests where id in (1020, 1010)');
      await insert(2000, 2000);
      const p2 = await page(admin, { ...vars, first: 10, after: p1.pageInfo.endCursor });
      expect(ids(p2)).toEqual([1015, 1014, 1013, 1012, 1011, 1009, 1008, 1007, 1006, 1005]);
    } finally {
      await db.query('delete from help_requests where id > 1000');
    }
  });
});

describe('who sees which requests through connections', () => {
  it('shows a user their own requests and an administrator everyone’s', async () => {
    const mine = await page(alice.auth, { first: 100 });
    const all = await page(admin, { first: 100 });
    const aliceIds = (await db.query('select id from help_requests where requester_id = $1', [alice.id])).rows.map(
      (r) => r.id,
    );
    expect(ids(mine).sort((a, b) => a - b)).toEqual(aliceIds.sort((a: number, b: number) => a - b));
    expect(ids(all)).toHaveLength((await db.query('select count(*)::int as n from help_requests')).rows[0].n);
  });

  it('refuses an API key on the root field, as helpRequests does', async () => {
    const res = await t.gql('{ helpRequestsConnection { edges { node { id } } } }', {}, apiKey);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.data).toBeNull();
  });

  const USER_REQUESTS = `query($id: ID!) { user(id: $id) { username helpRequests(first: 50) { totalCount edges { node { id requesterId } } } } }`;

  it("gives an administrator anyone's requests through User.helpRequests, newest first", async () => {
    const res = await t.gql(USER_REQUESTS, { id: bob.id }, admin);
    expect(res.errors).toBeUndefined();
    const edges = res.data.user.helpRequests.edges;
    expect(edges.length).toBe(30);
    expect(res.data.user.helpRequests.totalCount).toBe(30);
    expect(edges.every((e: { node: { requesterId: string } }) => e.node.requesterId === bob.id)).toBe(true);
  });

  it('gives an API key an empty User.helpRequests and the rest of the user, without an error', async () => {
    const res = await t.gql(USER_REQUESTS, { id: bob.id }, apiKey);
    expect(res.errors).toBeUndefined();
    expect(res.data.user).toEqual({ username: 'bob', helpRequests: { totalCount: 0, edges: [] } });
  });

  it("gives a user their own requests through me, and nothing of another user's", async () => {
    const own = await t.gql(
      '{ me { helpRequests(first: 100) { totalCount edges { node { requesterId } } } } }',
      {},
      alice.auth,
    );
    expect(own.data.me.helpRequests.totalCount).toBe(30);
    expect(own.data.me.helpRequests.edges).toHaveLength(30);
    // Bob is the assignee of one of alice's requests: through it she reaches bob, but none of his requests.
    const [{ id }] = (
      await db.query(
        'update help_requests set assigned_to_id = $1 where id = (select min(id) from help_requests where requester_id = $2) returning id',
        [bob.id, alice.id],
      )
    ).rows;
    try {
      const theirs = await t.gql(
        'query($id: Int!) { helpRequest(id: $id) { title assignee { username helpRequests { totalCount edges { node { id } } } } } }',
        { id },
        alice.auth,
      );
      expect(theirs.errors).toBeUndefined();
      expect(theirs.data.helpRequest.assignee).toEqual({ username: 'bob', helpRequests: { totalCount: 0, edges: [] } });
    } finally {
      await db.query('update help_requests set assigned_to_id = null where id = $1', [id]);
    }
  });
});

describe('bad connection arguments', () => {
  const code = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;

  it.each([
    ['first and last together', { first: 5, last: 5 }, /first or last, not both/],
    ['first = 0', { first: 0 }, /first must be from 1 to 100/],
    ['a negative first', { first: -3 }, /first must be from 1 to 100/],
    ['first over 100', { first: 101 }, /first must be from 1 to 100/],
    ['last over 100', { last: 1000 }, /last must be from 1 to 100/],
    ['garbage for a cursor', { after: 'not a cursor' }, /after is not a cursor of this list/],
    ['garbage with a dot', { before: 'e30.abc' }, /before is not a cursor of this list/],
  ])('answers BAD_USER_INPUT for %s, never a 500', async (_name, variables, message) => {
    const res = await t.gql(CONNECTION, variables, admin);
    expect(res.status).not.toBe(500);
    expect([200, 400]).toContain(res.status);
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(message);
  });

  it('refuses a cursor made under another filter or sort', async () => {
    const byTitle = await page(admin, { sortBy: 'TITLE', sortOrder: 'ASC', first: 2 });
    for (const other of [
      { sortBy: 'TITLE', sortOrder: 'DESC' },
      { sortBy: 'STATUS', sortOrder: 'ASC' },
      { sortBy: 'TITLE', sortOrder: 'ASC', status: 'OPEN' },
    ]) {
      const res = await t.gql(CONNECTION, { ...other, first: 2, after: byTitle.pageInfo.endCursor }, admin);
      expect(code(res), JSON.stringify(other)).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toMatch(/not a cursor of this list/);
    }
  });

  it('refuses a cursor of usersConnection, and one of another user’s requests', async () => {
    const users = await t.gql('{ usersConnection(first: 1) { pageInfo { endCursor } } }', {}, admin);
    const res = await t.gql(CONNECTION, { first: 2, after: users.data.usersConnection.pageInfo.endCursor }, admin);
    expect(code(res)).toBe('BAD_USER_INPUT');
    const bobs = await t.gql(
      'query($id: ID!) { user(id: $id) { helpRequests(first: 1) { pageInfo { endCursor } } } }',
      { id: bob.id },
      admin,
    );
    const onAlice = await t.gql(
      'query($id: ID!, $after: String) { user(id: $id) { helpRequests(after: $after) { edges { node { id } } } } }',
      { id: alice.id, after: bobs.data.user.helpRequests.pageInfo.endCursor },
      admin,
    );
    expect(code(onAlice)).toBe('BAD_USER_INPUT');
  });

  it('refuses a tampered cursor: a position rewritten with the signature kept', async () => {
    const p = await page(admin, { sortBy: 'ID', sortOrder: 'ASC', first: 2 });
    const [payload, signature] = p.pageInfo.endCursor!.split('.');
    const forged = `${Buffer.from(JSON.stringify(['x'])).toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const after of [forged, flipped]) {
      const res = await t.gql(CONNECTION, { sortBy: 'ID', sortOrder: 'ASC', first: 2, after }, admin);
      expect(code(res)).toBe('BAD_USER_INPUT');
    }
  });
});

describe('totalCount', () => {
  const TOTAL =
    'query($status: HelpStatus) { helpRequestsConnection(status: $status, first: 1) { totalCount edges { node { id } } } }';

  it('matches a recount, for an administrator and a user, with filters, and sends no count(*)', async () => {
    for (const [auth, where] of [
      [admin, ''],
      [alice.auth, `and requester_id = '${alice.id}'`],
    ] as const) {
      for (const status of [undefined, 'on_hold']) {
        const { result, statements } = await t.countQueries(() =>
          t.gql(TOTAL, { status: status && graphqlName('HelpStatus', status) }, auth),
        );
        const recount = await db.query(
          `select count(*)::int as n from help_requests where ($1::help_status is null or status = $1) ${where}`,
          [status ?? null],
        );
        expect(result.data.helpRequestsConnection.totalCount).toBe(recount.rows[0].n);
        expect(statements.some((s) => /count\(\*\)/i.test(s))).toBe(false);
        expect(statements.some((s) => /help_request(_requester)?_counts/.test(s))).toBe(true);
      }
    }
  });

  it('is not read at all when not selected', async () => {
    const { statements } = await t.countQueries(() =>
      t.gql('{ helpRequestsConnection(first: 3) { edges { node { id } } } }', {}, admin),
    );
    expect(statements.some((s) => /_counts/.test(s))).toBe(false);
  });
});

/** What the batching query reads of each person and their requests. */
interface Edge {
  node: { id: string; status: string; requester: { username: string } };
}
interface Person {
  username: string;
  helpRequests: { totalCount: number; edges: Edge[] };
}

describe('batching through connections', () => {
  it('reads a page with its people and responses in as many statements for 100 requests as for 5', async () => {
    const q = `query($n: Int) { helpRequestsConnection(first: $n) { edges { node { id requester { username } responses { id responder { username } } } } } }`;
    // The page's own reads: not the caller's sign-in check or a session's bookkeeping, which a first request may
    // make and a later one not.
    const own = (s: string[]) => s.filter((x) => !/from users where id = \?|\bsessions\b/.test(x));
    const five = await t.countQueries(() => t.gql(q, { n: 5 }, admin));
    const hundred = await t.countQueries(() => t.gql(q, { n: 100 }, admin));
    expect(hundred.result.data.helpRequestsConnection.edges.length).toBeGreaterThan(50);
    expect(hundred.result.data.helpRequestsConnection.edges[0].node.requester.username).toMatch(/alice|bob/);
    expect(own(hundred.statements)).toHaveLength(own(five.statements).length);
    expect(own(hundred.statements).length).toBeLessThanOrEqual(3);
  });

  it("reads a list of people's User.helpRequests, with their counts and requesters, in as many statements for three people as for two", async () => {
    const q = `query($n: Int) { usersConnection(first: $n) { edges { node { username
      helpRequests(first: 3, status: OPEN) { totalCount edges { node { id status requester { username } } } } } } } }`;
    // The page's own reads: not the caller's sign-in check or a session's bookkeeping, which a first request may
    // make and a later one not.
    const own = (s: string[]) => s.filter((x) => !/from users where id = \?|\bsessions\b/.test(x));
    const two = await t.countQueries(() => t.gql(q, { n: 2 }, admin));
    const three = await t.countQueries(() => t.gql(q, { n: 3 }, admin));
    expect(three.result.errors).toBeUndefined();
    const people = three.result.data.usersConnection.edges.map((e: Edge) => e.node);
    expect(people.map((p: Person) => p.username)).toEqual(['admin', 'alice', 'bob']);
    // The users' page, every user's requests page, their counts, their requesters: one statement each.
    expect(own(three.statements)).toHaveLength(own(two.statements).length);
    expect(own(three.statements), three.statements.join('\n')).toHaveLength(4);
    const mine = await t.gql(
      '{ me { helpRequests(first: 3, status: OPEN) { totalCount edges { node { id } } } } }',
      {},
      alice.auth,
    );
    expect(people[1].helpRequests.totalCount).toBe(mine.data.me.helpRequests.totalCount);
    expect(people[1].helpRequests.edges.map((e: Edge) => e.node.id)).toEqual(
      mine.data.me.helpRequests.edges.map((e: Edge) => e.node.id),
    );
    expect(
      people[2].helpRequests.edges.every((e: Edge) => e.node.requester.username === 'bob' && e.node.status === 'OPEN'),
    ).toBe(true);
    expect(people[2].helpRequests.edges).toHaveLength(3);
    expect(people[0].helpRequests).toEqual({ totalCount: 0, edges: [] });
  });
});
