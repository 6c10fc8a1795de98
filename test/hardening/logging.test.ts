import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLogger, registerRequestScope } from '../../src/platform/hardening/logging.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { appDeps, signToken } from './support.js';

/**
 * Structured logs: a request id on every line written while a request is handled, and no credential in any
 * line. The app runs at the most verbose level (trace: every SQL statement is logged) while a session
 * exercises every credential the gateway handles, through both APIs and through failures.
 */

const FIRST_PASSWORD = 'Fir$t-Passw0rd-91';
const SECOND_PASSWORD = 'Sec0nd-Passw0rd!!-27';
const WRONG_PASSWORD = 'Wr0ng-Guess!-55';
const CREATED_PASSWORD = 'Cr3ated-Over-Rest!-83';
const WEAK_PASSWORD = 'weakpassword-no-digits';
const MALFORMED_PASSWORD = 'Malf0rmed-Body!-12';
const HEADER_SECRET = 'wrong-header-secret-0123456789';

let t: TestApp;
let startupLines: number;
/** The log exactly as written (duplicate keys and all), one JSON document per line. */
const raw: string[] = [];
const lines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});
const secrets: string[] = [
  ADMIN_PASSWORD,
  API_KEY_SECRET,
  FIRST_PASSWORD,
  SECOND_PASSWORD,
  WRONG_PASSWORD,
  CREATED_PASSWORD,
  WEAK_PASSWORD,
  MALFORMED_PASSWORD,
  HEADER_SECRET,
  createHash('sha256').update(API_KEY_SECRET).digest('hex'),
];
const requestIds = new Set<string>();

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await t.request(path, init);
  requestIds.add(res.headers.get('x-request-id')!);
  return res;
}

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace' }, appDeps({ logStream }));
  startupLines = lines.length;

  // Log in through both doors; a failed attempt too.
  const adminLogin = await call('/api/auth/login', {
    method: 'POST',
    json: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const adminToken = adminLogin.body.access_token as string;
  secrets.push(adminToken);
  await call('/api/auth/login', { method: 'POST', json: { username: 'admin', password: WRONG_PASSWORD } });
  const gqlLogin = await call('/graphql', {
    method: 'POST',
    json: {
      query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }',
      variables: { u: 'admin', p: ADMIN_PASSWORD },
    },
  });
  secrets.push(gqlLogin.body.data.login.accessToken);
  // A password inlined into the document rather than a variable.
  await call('/graphql', {
    method: 'POST',
    json: { query: `mutation { login(username: "admin", password: "${WRONG_PASSWORD}") { accessToken } }` },
  });

  // Create a user with a password and change it, over GraphQL and over the platform API.
  const created = await call('/graphql', {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    json: {
      query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      variables: { input: { username: 'logged', password: FIRST_PASSWORD } },
    },
  });
  const userId = created.body.data.createUser.id as string;
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    json: {
      query: 'mutation($id: ID!, $p: String!) { updateUser(id: $id, input: { password: $p }) { id } }',
      variables: { id: userId, p: SECOND_PASSWORD },
    },
  });
  if (t.app.restRoutes.some((r) => r.path === '/api/public/update_user')) {
    await call('/api/public/update_user', {
      method: 'POST',
      json: {
        api_key: API_KEY,
        api_key_secret: API_KEY_SECRET,
        target_user: { user_id: userId, password: FIRST_PASSWORD },
      },
    });
    await call('/api/public/get_users', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: 'wrong-secret-but-still-a-secret' },
    });
    secrets.push('wrong-secret-but-still-a-secret');
  }
  // A user created over the platform API with a password; one refused for a weak password, on both doors.
  await call('/api/public/create_user', {
    method: 'POST',
    json: {
      api_key: API_KEY,
      api_key_secret: API_KEY_SECRET,
      target_user: { username: 'rest-made', password: CREATED_PASSWORD },
    },
  });
  await call('/api/public/create_user', {
    method: 'POST',
    json: {
      api_key: API_KEY,
      api_key_secret: API_KEY_SECRET,
      target_user: { username: 'too-weak', password: WEAK_PASSWORD },
    },
  });
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    json: {
      query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      variables: { input: { username: 'weak-too', password: WEAK_PASSWORD } },
    },
  });
  // A log-in body that is not valid JSON, and an API key header with the wrong secret.
  await call('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"username":"admin","password":"${MALFORMED_PASSWORD}"`,
  });
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `ApiKey ${API_KEY}:${HEADER_SECRET}` },
    json: { query: '{ users { total } }' },
  });
  const userLogin = await call('/api/auth/login', {
    method: 'POST',
    json: { username: 'logged', password: FIRST_PASSWORD },
  });
  const userToken = userLogin.body.access_token as string;
  secrets.push(userToken);

  // Use the tokens and the API key in headers; a forged token; a token in a URL; a password in a GET query.
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `Bearer ${userToken}` },
    json: { query: '{ me { id } }' },
  });
  await call('/api/help/requests', { headers: { authorization: `Bearer ${userToken}` } });
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `ApiKey ${API_KEY}:${API_KEY_SECRET}` },
    json: { query: '{ users { total } }' },
  });
  const forged = await signToken(userId, { role: 'admin', forged: true });
  secrets.push(forged.slice(0, -10) + 'AAAAAAAAAA');
  await call('/graphql', {
    method: 'POST',
    headers: { authorization: `Bearer ${forged.slice(0, -10)}AAAAAAAAAA` },
    json: { query: '{ me { id } }' },
  });
  await call(`/api/help/requests?access_token=${userToken}`);
  await call(`/graphql?query=${encodeURIComponent(`{ __typename }`)}&password=${encodeURIComponent(SECOND_PASSWORD)}`, {
    headers: { 'apollo-require-preflight': '1' },
  });
  await call(
    `/graphql?query=${encodeURIComponent(`mutation { login(username: "logged", password: "${SECOND_PASSWORD}") { accessToken } }`)}`,
    {
      headers: { 'apollo-require-preflight': '1' },
    },
  );
}, 60_000);

afterAll(() => t?.stop());

describe('credentials in logs', () => {
  it('wrote a verbose log, including every SQL statement (so the next checks are not vacuous)', () => {
    const session = lines.slice(startupLines);
    expect(session.length).toBeGreaterThan(50);
    expect(session.some((l) => l.orm === true && /update "users"/.test(String(l.msg)))).toBe(true);
    expect(session.some((l) => /incoming request/.test(String(l.msg)))).toBe(true);
  });

  it('never logs a password, token, API secret or secret digest', () => {
    const text = raw.join('\n');
    for (const secret of secrets)
      expect(text.includes(secret), `a log line contains ${secret.slice(0, 12)}…`).toBe(false);
    // A token's signature alone identifies it.
    for (const token of secrets.filter((s) => s.split('.').length === 3))
      expect(text).not.toContain(token.split('.')[2]!);
  });

  it('shows where it redacted, so the absence above is redaction, not silence', () => {
    const text = raw.join('\n');
    expect(text).toMatch(/password=\[redacted\]/); // the GET query string
    expect(text).toMatch(/access_token=\[redacted\]/);
  });

  it('never logs a password hash', () => {
    expect(raw.join('\n')).not.toMatch(/\$argon2/);
  });
});

describe('request ids', () => {
  it('puts a request id on every line written while requests were handled, or names the periodic work that wrote it', () => {
    const session = lines.slice(startupLines);
    const without = session.filter((l) => typeof l.requestId !== 'string' && typeof l.work !== 'string');
    expect(without).toEqual([]);
    expect(session.filter((l) => typeof l.requestId === 'string' && 'work' in l)).toEqual([]);
  });

  it('names the periodic work on the lines it writes, the SQL included', () => {
    // Every outbox looks for due rows as the app starts; that look is no request's.
    const drains = lines.filter((l) => l.work === 'drain outbox mail_outbox');
    expect(drains.some((l) => l.orm === true && /update mail_outbox/.test(String(l.msg)))).toBe(true);
    expect(drains.every((l) => !('requestId' in l))).toBe(true);
  });

  it('uses the id the response carried, on the request’s own lines and on the SQL it caused', () => {
    for (const id of requestIds) {
      const own = lines.filter((l) => l.requestId === id);
      expect(
        own.some((l) => /incoming request/.test(String(l.msg))),
        id,
      ).toBe(true);
      expect(
        own.some((l) => /request completed/.test(String(l.msg))),
        id,
      ).toBe(true);
    }
    const sqlLines = lines.slice(startupLines).filter((l) => l.orm === true && !('work' in l));
    expect(sqlLines.length).toBeGreaterThan(5);
    expect(sqlLines.every((l) => requestIds.has(String(l.requestId)))).toBe(true);
  });

  it('writes each request id once per line', async () => {
    const res = await t.request('/graphql', { method: 'POST', json: { query: '{ me { id } }' } });
    const id = res.headers.get('x-request-id')!;
    const written = raw.filter((line) => line.includes(id));
    expect(written.length).toBeGreaterThan(1);
    for (const line of written) expect(line.split('"requestId":').length - 1, line).toBe(1);
  });

  it('writes it once from a child of the request’s logger too, and adds it to the root logger’s lines', async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = buildLogger('info', stream);
    // The logging pieces the app is built with, around a handler that writes through three loggers.
    const app = Fastify({
      loggerInstance: log as FastifyBaseLogger,
      logController: new LogController({ requestIdLogLabel: 'requestId' }),
      genReqId: () => 'req-0123',
    });
    registerRequestScope(app);
    app.get('/', async (request) => {
      request.log.child({ part: 'child' }).info('from a child of the request logger');
      log.child({ domain: 'any' }).info('from a child of the root logger');
      log.info('from the root logger');
      return 'ok';
    });
    await app.inject('/');
    await app.close();
    const handlerLines = written.filter((line) => line.includes('"msg":"from '));
    expect(handlerLines).toHaveLength(3);
    for (const line of handlerLines) {
      expect(line.split('"requestId":').length - 1, line).toBe(1);
      expect(JSON.parse(line).requestId).toBe('req-0123');
    }
  });
});
