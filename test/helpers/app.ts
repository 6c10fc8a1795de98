import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import type { Module } from '../../src/platform/module.js';

export interface TestApp {
  app: App;
  url: string;
  databaseUrl: string;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  gql<T = any>(query: string, variables?: Record<string, unknown>, auth?: string): Promise<GqlResponse<T>>;
  /** Logs in over HTTP and returns a ready `Authorization` header value. */
  login(username: string, password: string): Promise<string>;
  request(
    path: string,
    init?: RequestInit & { json?: unknown },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Creates a user through the app's own account rules and returns an Authorization header for it. */
  createUser(
    username: string,
    options?: { role?: 'user' | 'admin'; password?: string },
  ): Promise<{ id: string; auth: string }>;
  /** Runs `fn` and returns the SQL statements the app sent meanwhile (with the result). */
  /**
   * The statements run while `fn` runs: `statements` leaves out the usage stamps (an API key's last use, a session's
   * last sight), which are written a second after a request, off its path, and so may land in any later window;
   * `all` keeps them.
   */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[]; all: string[] }>;
  /**
   * In the run with streaming replicas, resolves once they have replayed everything committed so far (what
   * `request` and `gql` wait for before each call: see replayWaiter); at once otherwise. For a test that reaches
   * the app by another way, such as through a router.
   */
  replicasCaughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface GqlResponse<T> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown>; path?: string[] }>;
}

/** The statement src/identity/usage-stamps.ts writes for a batch of uses. */
const USAGE_STAMP = /^\[query\] update "(api_keys|sessions)" set "(last_used_at|last_seen_at)" = /;
/**
 * An outbox's look for due rows (src/platform/outbox/worker.ts), which each outbox makes at start-up and on its
 * poll, whatever requests are being served: background work, not a statement of the request being counted.
 */
const OUTBOX_CLAIM = /^\[query\] update \w+ t set state = 'sending', attempts = t\.attempts \+ 1/;

export const ADMIN_PASSWORD = 'Adm1n!strator';
export const API_KEY = 'testkey0123456789abcdef0';
export const API_KEY_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
export const DEFAULT_PASSWORD = 'Passw0rd!x';

/**
 * A fresh database cloned from the migrated template, so each test file starts empty and isolated; or, `unmigrated`,
 * one with no table at all, for an app that migrates it as a new deployment would.
 */
export async function createTestDatabase(
  options: { unmigrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = inject('pgServerUrl');
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(
    options.unmigrated ? `create database ${name}` : `create database ${name} template ${inject('templateDatabase')}`,
  );
  // A throwaway database need not wait for each commit to reach the disk: what a commit makes visible, and when,
  // is the same; only a crash of the server could lose the last few, and nothing here outlives the run.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  return {
    url: `${server}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${server}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The suite's run with streaming replicas (DATABASE_REPLICA_URLS, as .ci/run's third run sets it): each test
 * database is read from the replicas' copy of it, once they have replayed its creation.
 */
async function replicaUrlsOf(databaseUrl: string): Promise<string | undefined> {
  const replicas = process.env.DATABASE_REPLICA_URLS?.split(',').filter(Boolean);
  if (!replicas?.length) return undefined;
  const name = new URL(databaseUrl).pathname.slice(1);
  const urls: string[] = [];
  for (const replica of replicas) {
    const url = new URL(replica.trim());
    const client = new pg.Client({
      connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
    });
    await client.connect();
    try {
      for (const until = Date.now() + 30_000; ;) {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) break;
        if (Date.now() > until) throw new Error(`the replica ${url.host} has not replayed the creation of ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await client.end();
    }
    url.pathname = `/${name}`;
    urls.push(url.toString());
  }
  return urls.join(',');
}

/**
 * Starts the real app as it is deployed (NODE_ENV=production) on an ephemeral port against its own database. A test
 * of development-only behaviour (landing page, introspection, the SDL file, suggestions) passes NODE_ENV itself.
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  deps: {
    now?: () => Date;
    /** Starts another replica of that app's deployment: on its database, which this app's stop() leaves alone. */
    replicaOf?: TestApp;
    /** The domains to serve, when not all of them (src/modules.ts). */
    modules?: readonly Module[];
    /** Starts on a database with no table, which the app migrates (the template has every module's tables). */
    unmigrated?: boolean;
  } = {},
): Promise<TestApp> {
  const { replicaOf, unmigrated, ...appDeps } = deps;
  const db = replicaOf
    ? { url: replicaOf.databaseUrl, drop: async () => {} }
    : await createTestDatabase({ unmigrated });
  const replicaUrls = env.DATABASE_URL || env.DATABASE_REPLICA_URLS ? undefined : await replicaUrlsOf(db.url);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    BOOTSTRAP_API_KEY: API_KEY,
    BOOTSTRAP_API_KEY_SECRET: API_KEY_SECRET,
    SEISMIC_API_URL: 'http://127.0.0.1:9/usgs',
    FIRE_API_URL: 'http://127.0.0.1:9/firms',
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '10000',
    // The help desk's breach monitor looks only when a test asks it to (slaMonitor.check()), so a test that moves
    // the clock past a due time sees the breach when it chooses, never halfway through an assertion.
    HELP_SLA_CHECK_SECONDS: '3600',
    // So do the outboxes' polls and the timed automations: a commit that queues mail or a delivery wakes its outbox
    // at once, and a test of retries or of time passing sets a short poll of its own.
    WEBHOOK_POLL_MS: '600000',
    MAIL_POLL_SECONDS: '3600',
    HELP_AUTOMATION_SECONDS: '3600',
    ...(replicaUrls ? { DATABASE_REPLICA_URLS: replicaUrls } : {}),
    ...env,
  });
  const logs: Array<Record<string, unknown>> = [];
  let recording: string[] | undefined;
  const onQuery = (sql: string) => recording?.push(sql);
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp(config, { logStream, onQuery, ...appDeps });
  const url = await app.listen();

  const replayed = replicaUrls ? await replayWaiter(db.url, replicaUrls) : undefined;
  const request: TestApp['request'] = async (path, init = {}) => {
    await replayed?.wait();
    const { json, headers, ...rest } = init;
    const res = await fetch(url + path, {
      ...rest,
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string>),
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  const gql: TestApp['gql'] = async (query, variables, auth) => {
    const res = await request('/graphql', {
      method: 'POST',
      json: { query, variables },
      headers: auth ? { authorization: auth } : {},
    });
    return { status: res.status, ...(res.body as object) };
  };

  const login: TestApp['login'] = async (username, password) => {
    const res = await request('/api/auth/login', { method: 'POST', json: { username, password } });
    if (res.status !== 200) throw new Error(`login failed for ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return `Bearer ${res.body.access_token}`;
  };

  const adminAuth = { value: undefined as string | undefined };
  const createUser: TestApp['createUser'] = async (username, options = {}) => {
    adminAuth.value ??= await login('admin', ADMIN_PASSWORD);
    const password = options.password ?? DEFAULT_PASSWORD;
    // Through the API, as an administrator would: validation and the default group apply as in production.
    const created = await gql<{ createUser: { id: string } }>(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { username, password, role: (options.role ?? 'user').toUpperCase() } },
      adminAuth.value,
    );
    if (!created.data?.createUser)
      throw new Error(`createUser failed for ${username}: ${JSON.stringify(created.errors)}`);
    return { id: created.data.createUser.id, auth: await login(username, password) };
  };

  const countQueries: TestApp['countQueries'] = async (fn) => {
    recording = [];
    try {
      const result = await fn();
      const all = recording.filter((s) => /\b(select|insert|update|delete|begin|commit)\b/i.test(s));
      return { result, statements: all.filter((s) => !USAGE_STAMP.test(s) && !OUTBOX_CLAIM.test(s)), all };
    } finally {
      recording = undefined;
    }
  };

  return {
    app,
    url,
    countQueries,
    databaseUrl: db.url,
    logs,
    gql,
    login,
    request,
    createUser,
    replicasCaughtUp: async () => {
      await replayed?.wait();
    },
    stop: async () => {
      await app.stop();
      await replayed?.close();
      await db.drop();
    },
  };
}

/**
 * With replicas, a test's next request waits until they have replayed everything committed so far. Many tests write
 * behind the app's back (SQL, the ORM) and then read through the API as some caller, which the contract does not
 * promise to show at once from a replica (read-your-writes is per caller): the wait keeps those tests exact
 * while their reads are still served by the replica.
 */
async function replayWaiter(primaryUrl: string, replicaUrls: string) {
  const primary = new pg.Pool({ connectionString: primaryUrl, max: 2 });
  const replicas = replicaUrls.split(',').map((url) => new pg.Pool({ connectionString: url, max: 2 }));
  for (const pool of [primary, ...replicas]) {
    // `end()` resolves before each connection has closed, and the test's database is then dropped WITH (FORCE):
    // the server's goodbye to a connection still closing (57P01) reaches the pool as an idle client's error, which
    // with no listener would be an uncaught exception in the middle of another test.
    pool.on('error', () => undefined);
  }
  return {
    async wait() {
      // Every commit so far is before the insert position. Only what is written out is streamed, and the test
      // databases commit asynchronously, so WAL is written out that far by a commit of the waiter's own with
      // synchronous_commit on; otherwise an open transaction's last records (a test holding a row lock) would
      // reach no replica until some later commit wrote them out.
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      await primary.query('begin; set local synchronous_commit = on; select pg_current_xact_id(); commit');
      for (const replica of replicas) {
        for (const until = Date.now() + 10_000; Date.now() < until;) {
          const { rows: done } = await replica.query<{ done: boolean }>(
            'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) as done',
            [rows[0].lsn],
          );
          if (done[0].done) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    },
    async close() {
      await Promise.all([primary, ...replicas].map((c) => c.end().catch(() => undefined)));
    },
  };
}
