import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/**
 * Error masking: an unexpected failure reaches the client as a generic error with no
 * stack, SQL or internal message, in every API's shape; the log keeps the original, with the request id.
 * The faults are real ones, caused in this file's own database: a trigger that raises an error quoting a
 * secret, and a table that has disappeared.
 */

const SECRET = 'password=Hunter2-do-not-leak-7f3a';

let t: TestApp;
let db: pg.Client;
beforeAll(async () => {
  t = await startTestApp();
  await t.createUser('masked');
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.stop();
});

function expectNothingInternal(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toContain('Hunter2');
  expect(text).not.toMatch(/stacktrace|trigger|relation|select |update |faqs_gone|at .*\.ts/i);
}

function loggedErrorsFor(requestId: string | null) {
  expect(requestId).toBeTruthy();
  return t.logs.filter((line) => line.requestId === requestId && (line.level as number) >= 50);
}

describe('a failure with a secret in its message', () => {
  beforeAll(async () => {
    await db.query(`
      create function refuse_login() returns trigger language plpgsql as $$
      begin raise exception 'upstream said ${SECRET} at stage 3'; end $$;
      create trigger refuse_login before update on users for each row execute function refuse_login();
    `);
  });
  afterAll(async () => {
    await db.query('drop trigger if exists refuse_login on users; drop function if exists refuse_login();');
  });

  it('reaches a GraphQL client as INTERNAL_SERVER_ERROR with a generic message and no stack trace', async () => {
    const res = await t.request('/graphql', {
      method: 'POST',
      json: { query: `mutation { login(username: "masked", password: "${DEFAULT_PASSWORD}") { accessToken } }` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe('Internal server error');
    expect(res.body.errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expectNothingInternal(res.body);

    const logged = loggedErrorsFor(res.headers.get('x-request-id'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).toContain(SECRET);
  });

  it('reaches the REST twin as the legacy 500 body, and is logged with that request id', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'masked', password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expectNothingInternal(res.body);
    expect(JSON.stringify(loggedErrorsFor(res.headers.get('x-request-id')))).toContain(SECRET);
  });
});

describe('a missing table', () => {
  beforeAll(async () => {
    await db.query('alter table faqs rename to faqs_gone');
  });
  afterAll(async () => {
    await db.query('alter table if exists faqs_gone rename to faqs');
  });

  it('is INTERNAL_SERVER_ERROR on GraphQL, 500 {message} on /api/help, with the cause in the log only', async () => {
    const gql = await t.request('/graphql', { method: 'POST', json: { query: '{ faqs { totalCount } }' } });
    expect(gql.body.errors[0]).toMatchObject({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expectNothingInternal(gql.body);
    expect(JSON.stringify(loggedErrorsFor(gql.headers.get('x-request-id')))).toMatch(/faqs/);

    const rest = await t.request('/api/help/faqs');
    expect(rest.status).toBe(500);
    expect(rest.body).toEqual({ message: 'Internal server error' });
    expect(JSON.stringify(loggedErrorsFor(rest.headers.get('x-request-id')))).toMatch(/faqs/);
  });

  it('is not mistaken for a permission problem (shield passes resolver errors through)', async () => {
    const gql = await t.request('/graphql', { method: 'POST', json: { query: '{ faqs { totalCount } }' } });
    expect(gql.body.errors[0].extensions.code).not.toBe('FORBIDDEN');
  });
});

describe('after the faults are repaired', () => {
  it('answers normally again (control)', async () => {
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'masked', password: DEFAULT_PASSWORD },
    });
    expect(login.status).toBe(200);
    const faqs = await t.request('/api/help/faqs');
    expect(faqs.status).toBe(200);
  });
});
