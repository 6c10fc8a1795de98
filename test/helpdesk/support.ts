import pg from 'pg';
import type { TestApp } from '../helpers/app.js';

const COUNT = {
  help_requests: 'select count(*)::int as n from help_requests',
  help_request_history: 'select count(*)::int as n from help_request_history',
  help_responses: 'select count(*)::int as n from help_responses',
  faqs: 'select count(*)::int as n from faqs',
} as const;

/** Small conveniences over the test app for the help-desk suites. */
export function helpdesk(t: TestApp) {
  const call = (method: string, path: string, auth?: string, json?: unknown) =>
    t.request(`/api/help${path}`, { method, json, headers: auth ? { authorization: auth } : {} });

  return {
    get: (path: string, auth?: string) => call('GET', path, auth),
    post: (path: string, json: unknown, auth?: string) => call('POST', path, auth, json),
    put: (path: string, json: unknown, auth?: string) => call('PUT', path, auth, json),
    del: (path: string, auth?: string) => call('DELETE', path, auth),

    /** Files a request over REST and returns its id. */
    async file(auth: string, fields: Record<string, unknown> = {}): Promise<number> {
      const res = await call('POST', '/requests', auth, {
        title: 'Printer on fire',
        description: 'Smoke everywhere',
        ...fields,
      });
      if (res.status !== 201) throw new Error(`filing failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.request_id;
    },

    /** Every row of a table, straight from the database (to prove what was, or was not, written). */
    async count(table: keyof typeof COUNT): Promise<number> {
      const [row] = await t.app.orm.em.fork().getConnection().execute<{ n: number }[]>(COUNT[table]);
      return row.n;
    },
  };
}

export const HELP_REQUEST_FIELDS = `
  id title description category priority contactEmail status requesterId assignedToId adminNotes createdAt updatedAt
`;

/** The rows a statement returns, read straight from the app's database on a connection of its own. */

export async function rowsOf(t: TestApp, sql: string, params: unknown[] = []): Promise<any[]> {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

/**
 * Writes `rows` help requests straight into the app's database for the plan tests: 200 requesters besides
 * `ownerId`, each with about as many requests as the owner, every category, priority and status, and creation and
 * update times spread over the rows; then analyses the table. Returns the open connection (the caller ends it).
 */
export async function seedRequestsForPlans(t: TestApp, ownerId: string, rows: number): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`
    insert into users (id, username, username_key, password_hash, created_at, updated_at)
    select md5(n::text), 'requester' || n, 'requester' || n, 'x', now(), now() from generate_series(1, 200) as n`);
  await db.query(
    `insert into help_requests (title, description, category, priority, status, requester_id, created_at, updated_at)
     select 'Request ' || md5(n::text), 'Something about ' || n,
            (array['technical','account','general','bug_report','feature_request','billing','other'])[1 + n % 7],
            ((array['low','medium','high','urgent'])[1 + n % 4])::help_priority,
            ((array['open','in_progress','on_hold','resolved','closed'])[1 + n % 5])::help_status,
            case when n % 201 = 0 then $1 else md5((n % 201)::text) end,
            now() - (n || ' minutes')::interval, now() - ((n * 7919) % $2::int || ' minutes')::interval
     from generate_series(1, $2::int) as n`,
    [ownerId, rows],
  );
  await db.query('vacuum analyze help_requests');
  return db;
}
