import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { positionOf, rowsRead, statementWith } from '../helpers/plans.js';

/**
 * Proves a deep page of auditEvents costs what the first does, alone and within each filter: the page statement the
 * app sent is explained (with ANALYZE) against 60,000 events, four pages deep, and PostgreSQL must read about a page
 * of rows to answer it, off an index, with no table scan and no sort.
 */

const ROWS = 60_000;
const PAGE_SIZE = 50;
let t: TestApp;
let db: pg.Client;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(
    `insert into audit_events (id, occurred_at, actor_type, actor_id, actor_name, action, target_type, target_id, target_name, changes)
     select md5(n::text), now() - n * interval '30 seconds', 'user', 'actor' || (n % 50), 'someone',
            (array['user.update', 'faq.update', 'user.lock', 'group.update'])[n % 4 + 1], 'user', 'target' || (n % 100), 'something', '[]'
     from generate_series(1, $1::int) as n`,
    [ROWS],
  );
  await db.query('analyze audit_events');
}, 120_000);
afterAll(async () => {
  await db?.end();
  await t?.stop();
});

const QUERY = `query($actorId: ID, $targetId: ID, $action: AuditAction, $since: DateTime, $first: Int, $after: String) {
  auditEvents(actorId: $actorId, targetId: $targetId, action: $action, since: $since, first: $first, after: $after) {
    edges { node { id } } pageInfo { endCursor hasNextPage }
  }
}`;

describe('a deep page of auditEvents', () => {
  const since = new Date(Date.now() - 20 * 86_400_000).toISOString();
  it.each([
    ['no filter', {}, []],
    ['an actor', { actorId: 'actor7' }, ['actor7']],
    ['a target', { targetId: 'target42' }, ['target42']],
    ['an action', { action: 'FAQ_UPDATE' }, ['faq.update']],
    ['a time range', { since }, [since]],
  ] as const)('with %s reads about a page of rows off an index', async (_name, filter, filterParams) => {
    let after: string | null = null;
    for (let i = 0; i < 3; i++) {
      const page: any = await t.gql(QUERY, { ...filter, first: PAGE_SIZE, after }, admin);
      expect(page.data.auditEvents.pageInfo.hasNextPage).toBe(true);
      after = page.data.auditEvents.pageInfo.endCursor;
    }
    const { statements, result } = await t.countQueries(() =>
      t.gql(QUERY, { ...filter, first: PAGE_SIZE, after }, admin),
    );
    expect((result as any).data.auditEvents.edges).toHaveLength(PAGE_SIZE);
    const position = positionOf(after!);
    const sql = statementWith(statements, [...filterParams, ...position, PAGE_SIZE + 1], (s) =>
      s.includes('from audit_events'),
    );
    const { rows, nodes } = await rowsRead(db, sql);
    expect(
      nodes.some((node) => /Index/.test(node)),
      nodes.join(', '),
    ).toBe(true);
    expect(nodes, sql).not.toContain('Seq Scan');
    expect(nodes, sql).not.toContain('Sort');
    expect(rows, sql).toBeLessThanOrEqual(2 * (PAGE_SIZE + 1));
  });
});
