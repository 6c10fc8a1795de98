import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

/**
 * Proves the searches the app sends are served by the GIN indexes: the statement the app logged is explained
 * against thousands of rows, and the plan must name the GIN index (not a scan, nor a listing index the same
 * statement could also walk).
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
  await db.query(`
    insert into help_requests (title, description, category, priority, status, created_at, updated_at)
    select 'Request ' || n, 'Something about ' || (n % 89), 'technical', 'medium', 'open', now(), now()
    from generate_series(1, 5000) as n`);
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

describe('full-text search', () => {
  it('finds FAQ entries through the GIN index on their tsvector', async () => {
    const { result, statements } = await t.countQueries(() => helpdesk(t).get('/faqs?search=passphrase'));
    expect(result.body.total_count).toBe(1);
    const search = statements.find((s) => s.includes('to_tsvector') && s.includes('"faqs"'));
    expect(await plan(withValues(search!, ['true', `'passphrase'`]))).toContain('faqs_search_index');
  });

  it('finds help requests through the GIN index on theirs', async () => {
    const { result, statements } = await t.countQueries(() => helpdesk(t).get('/search?q=request%204999', admin));
    expect(result.body.help_requests.map((r: { title: string }) => r.title)).toContain('Request 4999');
    const search = statements.find((s) => s.includes('to_tsvector') && s.includes('"help_requests"'));
    expect(await plan(withValues(search!, [`'request 4999'`, '50']))).toContain('help_requests_search_index');
  });
});
