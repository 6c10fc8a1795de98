import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { pageStatement, positionOf, rowsRead } from '../helpers/plans.js';
import { seedRequestsForPlans } from './support.js';

/**
 * Proves the service-level filter and sorts, and the tag filter, are served by indexes: the statement the app sent
 * is explained against 40,000 requests (a tenth of them breached, some tagged), and its plan must not read the
 * whole table; a page deep in the cursor connection must read about a page of rows.
 */

const ROWS = 40_000;
let t: TestApp;
let db: pg.Client;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  db = await seedRequestsForPlans(t, alice.id, ROWS);
  // Seeded rows are in the past: without a claim each would read as breached, so mark a tenth as breached and the
  // rest as answered and resolved in time, as a desk that keeps most of its promises would show.
  await db.query(
    `update help_requests set first_public_response_at = created_at, resolved_at = created_at, paused_since = created_at where id % 10 <> 0`,
  );
  await db.query(`update help_requests set first_response_breached = true where id % 10 = 0`);
  await db.query(`update help_requests set tags = array['printer'] where id % 50 = 0`);
  await db.query('vacuum analyze help_requests');
}, 120_000);
afterAll(async () => {
  await db.end();
  await t.stop();
});

const LIST = `query($slaBreached: Boolean, $tag: String, $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder) {
  helpRequests(slaBreached: $slaBreached, tag: $tag, sortBy: $sortBy, sortOrder: $sortOrder, perPage: 10) { requests { id } pagination { total } }
}`;
const CONNECTION = `query($slaBreached: Boolean, $sortBy: HelpRequestSortField, $sortOrder: HelpSortOrder, $first: Int, $after: String) {
  helpRequestsConnection(slaBreached: $slaBreached, sortBy: $sortBy, sortOrder: $sortOrder, first: $first, after: $after) {
    totalCount edges { node { id } } pageInfo { endCursor }
  }
}`;

describe('indexes behind the service-level and tag lists', () => {
  for (const slaBreached of [true, false]) {
    it(`serves the list filtered by slaBreached: ${slaBreached}, newest first, from an index, with an exact total`, async () => {
      const { result, statements } = await t.countQueries(() => t.gql(LIST, { slaBreached }, admin));
      expect(result.errors).toBeUndefined();
      expect(result.data.helpRequests.pagination.total).toBe(slaBreached ? ROWS / 10 : ROWS - ROWS / 10);
      expect((await rowsRead(db, pageStatement(statements, [slaBreached, 10, 0]))).plan).not.toMatch(/Seq Scan/);
    });
  }

  for (const sortBy of ['FIRST_RESPONSE_DUE_AT', 'RESOLUTION_DUE_AT']) {
    for (const sortOrder of ['ASC', 'DESC']) {
      it(`serves the list sorted by ${sortBy} ${sortOrder} from an index, and the breached list too`, async () => {
        const all = await t.countQueries(() => t.gql(LIST, { sortBy, sortOrder }, admin));
        expect(all.result.errors).toBeUndefined();
        const { rows, plan } = await rowsRead(db, pageStatement(all.statements, [10, 0]));
        expect(plan).not.toMatch(/Seq Scan/);
        expect(rows, plan).toBeLessThan(100);
        const breached = await t.countQueries(() => t.gql(LIST, { sortBy, sortOrder, slaBreached: true }, admin));
        expect((await rowsRead(db, pageStatement(breached.statements, [true, 10, 0]))).plan).not.toMatch(/Seq Scan/);
      });

      it(`reads about a page of rows for a connection page 200 deep by ${sortBy} ${sortOrder}`, async () => {
        let after: string | undefined;
        for (let i = 0; i < 2; i++) {
          const res = await t.gql(CONNECTION, { sortBy, sortOrder, first: 100, after }, admin);
          expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
          after = res.data.helpRequestsConnection.pageInfo.endCursor;
        }
        const { result, statements } = await t.countQueries(() =>
          t.gql(CONNECTION, { sortBy, sortOrder, first: 10, after }, admin),
        );
        expect(result.data.helpRequestsConnection.edges).toHaveLength(10);
        const { rows, plan } = await rowsRead(db, pageStatement(statements, [...positionOf(after!), 11]));
        expect(plan).not.toMatch(/Seq Scan/);
        expect(rows, plan).toBeLessThan(200);
      });
    }
  }

  it('reads about a page of rows for a breached-only connection page 200 deep, and counts from the kept counts', async () => {
    let after: string | undefined;
    for (let i = 0; i < 2; i++) {
      const res = await t.gql(CONNECTION, { slaBreached: true, first: 100, after }, admin);
      after = res.data.helpRequestsConnection.pageInfo.endCursor;
    }
    const { result, statements } = await t.countQueries(() =>
      t.gql(CONNECTION, { slaBreached: true, first: 10, after }, admin),
    );
    expect(result.data.helpRequestsConnection.totalCount).toBe(ROWS / 10);
    expect(statements.filter((s) => /count\(\*\)/.test(s))).toEqual([]);
    const { rows, plan } = await rowsRead(db, pageStatement(statements, [true, ...positionOf(after!), 11]));
    expect(plan).not.toMatch(/Seq Scan/);
    expect(rows, plan).toBeLessThan(200);
  });

  it('serves the tag filter from the tags index', async () => {
    const { result, statements } = await t.countQueries(() => t.gql(LIST, { tag: 'printer' }, admin));
    expect(result.data.helpRequests.pagination.total).toBe(ROWS / 50);
    expect((await rowsRead(db, pageStatement(statements, ['printer', 10, 0]))).plan).not.toMatch(/Seq Scan/);
  });

  it("serves a person's breached requests by due time from an index", async () => {
    const query = `query($id: ID!) { user(id: $id) { helpRequests(slaBreached: true, sortBy: FIRST_RESPONSE_DUE_AT, first: 10) { totalCount edges { node { id } } } } }`;
    const { result, statements } = await t.countQueries(() => t.gql(query, { id: alice.id }, admin));
    expect(result.errors).toBeUndefined();
    const page = statements.find((s) => s.includes('from "help_requests"') && / limit \?/.test(s))!;
    const sql = page
      .replace(/^\[query\] /, '')
      .replace(/ \[took .*$/s, '')
      .replace('array[?]', `array['${alice.id}']`)
      .replace('"sla_breached" = ?', '"sla_breached" = true')
      .replace('limit ?', 'limit 11');
    expect((await rowsRead(db, sql)).plan).not.toMatch(/Seq Scan/);
  });
});
