import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded.js';
import { API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { sleep } from './support.js';

/**
 * The database stops in the middle of a run and comes back. This file's app runs on a
 * PostgreSQL of its own, so stopping it disturbs no other test file.
 */

let root: string;
let port: number;
let cluster: EmbeddedDatabase | undefined;
let t: TestApp;
let userAuth: string;

async function startCluster() {
  cluster = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port, persistent: true });
}

async function stopCluster() {
  await cluster?.stop();
  cluster = undefined;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'trellis-outage-'));
  chmodSync(root, 0o755); // as root, the cluster runs as the postgres user, which must reach its folder
  port = await freePort();
  await startCluster();
  const admin = new pg.Client({ connectionString: cluster!.url('postgres') });
  await admin.connect();
  await admin.query('create database trellis_outage');
  await admin.end();
  t = await startTestApp({ DATABASE_URL: cluster!.url('trellis_outage') });
  userAuth = (await t.createUser('outage-user')).auth;
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await stopCluster();
  rmSync(root, { recursive: true, force: true });
});

const ME = { method: 'POST', json: { query: '{ me { username } }' } } as const;
const FAQS = { method: 'POST', json: { query: '{ faqs { totalCount } }' } } as const;

/** Every answer within a bound that proves nobody waited on a dead connection (the pool gives up after 3 s). */
async function timed<T>(fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await fn();
  expect(Date.now() - started).toBeLessThan(10_000);
  return result;
}

describe('while the database is up', () => {
  it('answers normally (control)', async () => {
    expect((await t.request('/graphql', { ...ME, headers: { authorization: userAuth } })).body.data.me.username).toBe(
      'outage-user',
    );
    expect((await t.request('/api/ready')).status).toBe(200);
  });
});

describe('while the database is down', () => {
  beforeAll(async () => {
    await stopCluster();
  }, 60_000);

  it('answers GraphQL with 503 and SERVICE_UNAVAILABLE, promptly, for authenticated and anonymous callers', async () => {
    const signedIn = await timed(() => t.request('/graphql', { ...ME, headers: { authorization: userAuth } }));
    expect(signedIn.status).toBe(503);
    expect(signedIn.body.errors).toEqual([
      expect.objectContaining({
        message: 'Service temporarily unavailable',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      }),
    ]);

    const anonymous = await timed(() => t.request('/graphql', FAQS));
    expect(anonymous.status).toBe(503);
    expect(anonymous.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(anonymous.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
      'SERVICE_UNAVAILABLE',
    ]);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/ECONNREFUSED|5432|postgres|stack/i);
  });

  it('answers each REST API with 503 in its legacy body', async () => {
    const cases: Array<[string, RequestInit & { json?: unknown }, unknown]> = [
      ['/api/help/faqs', {}, { message: 'Service temporarily unavailable' }],
      ['/api/help/requests', { headers: { authorization: userAuth } }, { message: 'Service temporarily unavailable' }],
      [
        '/api/auth/login',
        { method: 'POST', json: { username: 'outage-user', password: 'Whatever-1' } },
        { message: 'Service temporarily unavailable' },
      ],
      [
        '/api/public/get_users',
        { method: 'POST', json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET } },
        { error_message: 'Service temporarily unavailable' },
      ],
    ];
    for (const [url, init, body] of cases) {
      const res = await timed(() => t.request(url, init));
      expect(res.status, url).toBe(503);
      expect(res.body, url).toEqual(body);
    }
  });

  it('reports not ready, while liveness stays healthy', async () => {
    expect((await timed(() => t.request('/api/ready'))).status).toBe(503);
    expect(await t.request('/api/health')).toMatchObject({ status: 200, body: { status: 'healthy' } });
  });

  it('keeps answering under a burst of parallel requests without piling up', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.request('/graphql', FAQS)));
    expect(answers.every((a) => a.status === 503)).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('when the database returns', () => {
  beforeAll(async () => {
    await startCluster();
  }, 60_000);

  it('recovers without a restart of the app', async () => {
    let me: { status: number; body: any } | undefined;
    for (let attempt = 0; attempt < 30; attempt++) {
      me = await t.request('/graphql', { ...ME, headers: { authorization: userAuth } });
      if (me.status === 200) break;
      await sleep(500);
    }
    expect(me?.body.data.me.username).toBe('outage-user');
    expect((await t.request('/api/ready')).status).toBe(200);
    expect((await t.request('/api/help/faqs')).status).toBe(200);
    expect(
      (
        await t.request('/api/auth/login', {
          method: 'POST',
          json: { username: 'outage-user', password: 'Passw0rd!x' },
        })
      ).status,
    ).toBe(200);
  });
});
