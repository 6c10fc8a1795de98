import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { LIMITS } from '../../src/helpdesk/vocabulary.js';
import { helpdesk } from './support.js';

/**
 * Proves the searches the app sends read about what they show: each statement the app logged is explained against
 * thousands of rows, with the term's value written in (as each search is planned, see planEachCall). A word in
 * every request is read off the created_at index, newest first, stopping once the matches it ranks are found,
 * rather than reading and sorting every match; a rare one is looked for among the newest requests only, then
 * through the GIN index (not a scan of the table, nor a listing index the statement could also walk to its end).
 */

let t: TestApp;
let db: pg.Client;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`
    insert into faqs (question, answer, category, tags, display_order, is_active, created_at, updated_at)
    select 'Question number ' || n, 'Answer about topic ' || (n % 97), 'general', 'tag' || (n % 13), n % 10, true, now(), now()
    from generate_series(1, 5000) as n`);
  // Words enough for PostgreSQL to keep statistics of them (a hundred or more frequent ones), as a help desk's text
  // has: without them, it guesses how many rows a word's prefix matches.
  await db.query(
    `
    insert into help_requests (title, description, category, priority, status, created_at, updated_at)
    select 'Request ' || n, 'Something about ' || (n % 89) || ' and topic' || (n % 150), 'technical', 'medium', 'open',
           now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, $1::int) as n`,
    [2 * LIMITS.searchScanned],
  );
  await helpdesk(t).post('/faqs', { question: 'How do I rotate my passphrase?', answer: 'In settings.' }, admin);
  // As autovacuum would: flushes the GIN pending lists and gathers statistics, so the plan is the steady-state one.
  await db.query('vacuum analyze faqs');
  await db.query('vacuum analyze help_requests');
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

/** The logged statement with its parameters written in, in order. */
function withValues(statement: string, values: string[]): string {
  return statement
    .replace(/^\[query\] /, '')
    .replace(/ \[took .*$/s, '')
    .replace(/\?/g, () => values.shift()!);
}

async function plan(sql: string): Promise<string> {
  return (await db.query(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The nodes of the statement's plan as it ran that read help_requests, and the rows each read. */
async function scansOf(sql: string): Promise<Array<{ node: string; index?: string; rowsRead: number }>> {
  const [{ 'QUERY PLAN': explained }] = (await db.query(`explain (analyze, format json) ${sql}`)).rows;
  const scans: Array<{ node: string; index?: string; rowsRead: number }> = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'help_requests' || node['Index Name']?.startsWith('help_requests')) {
      const rowsRead = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
      scans.push({ node: node['Node Type'], index: node['Index Name'], rowsRead });
    }
    node.Plans?.forEach(walk);
  };
  walk((explained as [{ Plan: PlanNode }])[0].Plan);
  return scans;
}

describe('full-text search', () => {
  it('finds FAQ entries through the GIN index on their tsvector', async () => {
    const { result, statements } = await t.countQueries(() => helpdesk(t).get('/faqs?search=passphrase'));
    expect(result.body.total_count).toBe(1);
    const search = statements.find((s) => s.includes('search_tsquery') && s.includes('"faqs"'));
    expect(await plan(withValues(search!, ['true', `'passphrase'`]))).toContain('faqs_search_index');
  });

  it('looks for a rare word among the newest requests, then through the GIN index, never through the whole table', async () => {
    const old = 2 * LIMITS.searchScanned - 1;
    const { result, statements } = await t.countQueries(() => helpdesk(t).get(`/search?q=request%20${old}`, admin));
    expect(result.body.help_requests.map((r: { title: string }) => r.title)).toEqual([`Request ${old}`]);
    const [newest, every, more] = statements.filter((s) => s.includes('search_tsquery') && s.includes('help_requests'));
    expect(more).toBeUndefined();
    const term = `'request ${old}'`;
    const [scanned, ranked, shown] = [LIMITS.searchScanned, LIMITS.searchRanked, LIMITS.searchResults].map(String);
    expect(await scansOf(withValues(newest, [scanned, term, ranked, term, shown]))).toEqual([
      { node: 'Index Scan', index: 'help_requests_created_at_index', rowsRead: LIMITS.searchScanned },
    ]);
    expect(await plan(withValues(every, [term, ranked, term, shown]))).toContain('help_requests_search_index');
  });

  it('ranks the newest matches of a word every request has, reading about what it ranks, not every match', async () => {
    const { result, statements } = await t.countQueries(() => helpdesk(t).get('/search?q=request', admin));
    expect(result.body.help_requests).toHaveLength(LIMITS.searchResults);
    const searches = statements.filter((s) => s.includes('search_tsquery') && s.includes('help_requests'));
    expect(searches).toHaveLength(1);
    const [scanned, ranked, shown] = [LIMITS.searchScanned, LIMITS.searchRanked, LIMITS.searchResults].map(String);
    const scans = await scansOf(withValues(searches[0], [scanned, `'request'`, ranked, `'request'`, shown]));
    expect(scans).toEqual([
      { node: 'Index Scan', index: 'help_requests_created_at_index', rowsRead: expect.any(Number) as number },
    ]);
    // Not the 10,000 matches: the scan stops at the last one ranked (a row more at most).
    expect(scans[0].rowsRead).toBeLessThanOrEqual(LIMITS.searchRanked + 1);
  });
});
