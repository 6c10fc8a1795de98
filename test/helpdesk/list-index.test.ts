import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_SORT_FIELDS } from '../../src/helpdesk/vocabulary.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk, seedRequestsForPlans } from './support.js';

/**
 * Proves the list of help requests is served by an index for each filter it offers and each sort field,
 * for an administrator's list and for a user's own: the page statement the app sent is explained against
 * 40,000 requests, and its plan must not read the whole table.
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
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

/**
 * The page statement (the one with a limit) with its parameters written in. Each `"column" = ?` takes the
 * value asked for that column, `limit ?` and `offset ?` the page's; anything else fails the test.
 */
function pageStatement(statements: string[], values: Record<string, string>): string {
  const page = statements.find((s) => s.includes('from "help_requests"') && / limit \?/.test(s));
  expect(page, statements.join('\n')).toBeDefined();
  const sql = page!
    .replace(/^\[query\] /, '')
    .replace(/ \[took .*$/s, '')
    .replace(/"(\w+)" = \?/g, (whole, column: string) =>
      column in values ? `"${column}" = '${values[column]}'` : whole,
    )
    .replace(/ limit \?/, ' limit 10')
    .replace(/ offset \?/, ' offset 0');
  expect(sql, sql).not.toMatch(/\?/);
  return sql;
}

async function plan(sql: string): Promise<string> {
  return (await db.query(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
}

const filters: Array<{ name: string; query: string; values: Record<string, string> }> = [
  { name: 'no filter', query: '', values: {} },
  { name: 'status', query: 'status=on_hold&', values: { status: 'on_hold' } },
  { name: 'category', query: 'category=billing&', values: { category: 'billing' } },
  { name: 'priority', query: 'priority=urgent&', values: { priority: 'urgent' } },
];

describe('indexes behind the list of help requests', () => {
  for (const filter of filters) {
    it(`serves an administrator's list filtered by ${filter.name}, newest first, from an index`, async () => {
      const { result, statements } = await t.countQueries(() =>
        helpdesk(t).get(`/requests?${filter.query}per_page=10`, admin),
      );
      expect(result.status).toBe(200);
      expect(await plan(pageStatement(statements, filter.values))).not.toMatch(/Seq Scan on help_requests/);
    });
  }

  for (const sortBy of LEGACY_SORT_FIELDS) {
    for (const order of ['asc', 'desc']) {
      it(`serves an administrator's list sorted by ${sortBy} ${order} from an index`, async () => {
        const { result, statements } = await t.countQueries(() =>
          helpdesk(t).get(`/requests?sort_by=${sortBy}&sort_order=${order}`, admin),
        );
        expect(result.status).toBe(200);
        expect(await plan(pageStatement(statements, {}))).not.toMatch(/Seq Scan on help_requests/);
      });
    }

    it(`serves a user's own list sorted by ${sortBy}, and filtered by status, from an index`, async () => {
      const own = await t.countQueries(() => helpdesk(t).get(`/requests?sort_by=${sortBy}`, alice.auth));
      expect(own.result.body.pagination.total).toBe(Math.floor(ROWS / 201));
      expect(await plan(pageStatement(own.statements, { requester_id: alice.id }))).not.toMatch(
        /Seq Scan on help_requests/,
      );
      const filtered = await t.countQueries(() =>
        helpdesk(t).get(`/requests?status=open&sort_by=${sortBy}`, alice.auth),
      );
      expect(await plan(pageStatement(filtered.statements, { requester_id: alice.id, status: 'open' }))).not.toMatch(
        /Seq Scan on help_requests/,
      );
    });
  }
});
