import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplicatedPostgreSqlDriver } from '../../../src/platform/db/replicas.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../../helpers/app.js';
import { runMainProcessToExit } from '../../helpers/main-process.js';
import { insertUsers } from '../../helpers/users.js';
import { startReplicaPair, systemPostgresBin, type ReplicaPair } from './standby.js';

/**
 * Streaming replicas for reads, against a real one: a standby of the test's own primary, made with
 * `pg_basebackup -R`, whose replay the tests pause and resume, and which they stop in the middle of a load.
 */

const bin = systemPostgresBin();
const LIST = '{ helpRequests(perPage: 50) { requests { id title } } }';
const FILE = 'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }';

interface ReadyBody {
  status: string;
  replicas?: Array<{ name: string; serving: boolean; lagSeconds: number | null; leftOutBecause?: string }>;
}

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; !(await done());) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Read statements served by `target`, as the metrics count them. */
async function readsBy(t: TestApp, target: string): Promise<number> {
  const { body } = await t.app.services.metrics.render();
  return Number(new RegExp(`trellis_db_reads_total\\{target="${target}"\\} (\\d+)`).exec(body)?.[1] ?? 0);
}

async function ready(t: TestApp): Promise<ReadyBody> {
  return (await t.request('/api/ready')).body as ReadyBody;
}

/** Runs `fn` and says whether the replica served any of its reads. */
async function onReplica(t: TestApp, fn: () => Promise<unknown>): Promise<boolean> {
  const before = await readsBy(t, 'replica-1');
  await fn();
  return (await readsBy(t, 'replica-1')) > before;
}

const titlesOf = (res: { data?: { helpRequests: { requests: Array<{ title: string }> } } }) =>
  res.data!.helpRequests.requests.map((r) => r.title);

describe.skipIf(!bin)('read replicas', () => {
  let pair: ReplicaPair;
  let t: TestApp;
  let admin: string;
  let alice: { id: string; auth: string };
  const replicaEnv = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: pair.primaryUrl('trellis'),
    DATABASE_REPLICA_URLS: pair.standbyUrl('trellis'),
    DATABASE_REPLICA_MAX_LAG_SECONDS: '30',
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `trellis-ryw-${process.pid}:` }
      : {}),
    ...extra,
  });

  beforeAll(async () => {
    pair = await startReplicaPair(bin!);
    await pair.primaryQuery('create database trellis');
    t = await startTestApp(replicaEnv());
    admin = await t.login('admin', ADMIN_PASSWORD);
    alice = await t.createUser('alice.replica');
    await pair.caughtUp();
    await waitFor('the replica serves a reader whose writes it has', () => onReplica(t, () => t.gql(LIST, {}, admin)));
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await pair?.stop();
  });

  it("serves a query's reads from the replica, and a mutation's on the primary", async () => {
    expect(await onReplica(t, () => t.gql(LIST, {}, alice.auth))).toBe(true);
    // The statement log names the connection that ran each read: the caller's sign-in check before the operation,
    // on the primary; the query's page, on the replica.
    const logged = (await t.countQueries(() => t.gql(LIST, {}, alice.auth))).all;
    expect(logged.some((s) => /from "?help_requests.*via read connection 'replica-1'/s.test(s))).toBe(true);
    expect(logged.some((s) => /from "?help_requests.*via write connection/s.test(s))).toBe(false);
    const filed = await onReplica(t, async () => {
      const res = await t.gql(FILE, { input: { title: 'On the primary', description: 'Filed' } }, alice.auth);
      expect(res.errors).toBeUndefined();
    });
    expect(filed).toBe(false);
    expect(await ready(t)).toEqual({
      status: 'ready',
      replicas: [{ name: 'replica-1', serving: true, lagSeconds: expect.any(Number) }],
    });
  });

  it('lets a caller read its own write while the replica has not replayed it; another caller may see the replica', async () => {
    await pair.caughtUp();
    await waitFor('the replica serves the administrator', () => onReplica(t, () => t.gql(LIST, {}, admin)));
    await pair.pauseReplay();
    try {
      const res = await t.gql(FILE, { input: { title: 'Written while paused', description: 'Mine' } }, alice.auth);
      expect(res.errors).toBeUndefined();
      // Alice's next reads go where her commit is: the primary.
      const own = await t.gql(LIST, {}, alice.auth);
      expect(titlesOf(own)).toContain('Written while paused');
      // The administrator wrote nothing since: the replica serves them its older state.
      let seen: string[] = [];
      expect(await onReplica(t, async () => (seen = titlesOf(await t.gql(LIST, {}, admin))))).toBe(true);
      expect(seen).not.toContain('Written while paused');
      expect(seen).toContain('On the primary');
    } finally {
      await pair.resumeReplay();
    }
    // Once the replica has replayed her commit, it serves her again, with it.
    let mine: string[] = [];
    await waitFor('the replica serves alice her own write', () =>
      onReplica(t, async () => (mine = titlesOf(await t.gql(LIST, {}, alice.auth)))),
    );
    expect(mine).toContain('Written while paused');
  });

  it.skipIf(!process.env.REDIS_URL)(
    'keeps commit positions in Redis, so another process of the deployment serves a caller its own writes',
    async () => {
      const other = await startTestApp(replicaEnv());
      try {
        await pair.caughtUp();
        await pair.pauseReplay();
        try {
          const res = await t.gql(FILE, { input: { title: 'Seen elsewhere', description: 'Mine' } }, alice.auth);
          expect(res.errors).toBeUndefined();
          const read = await other.request('/graphql', {
            method: 'POST',
            json: { query: LIST },
            headers: { authorization: alice.auth },
          });
          expect(
            (
              read.body as { data: { helpRequests: { requests: Array<{ title: string }> } } }
            ).data.helpRequests.requests.map((r) => r.title),
          ).toContain('Seen elsewhere');
        } finally {
          await pair.resumeReplay();
        }
      } finally {
        await other.stop();
      }
    },
    60_000,
  );

  it('leaves a replica out while it lags more than the maximum, serving from the primary, and brings it back', async () => {
    const lagging = await startTestApp(replicaEnv({ DATABASE_REPLICA_MAX_LAG_SECONDS: '1' }));
    await pair.primaryQuery('create table if not exists ticks (n int)');
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await pair.primaryQuery('insert into ticks values (1)');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await waitFor('the replica serves', async () => (await ready(lagging)).replicas?.[0]?.serving === true);
      await pair.pauseReplay();
      await waitFor('the replica is left out', async () => (await ready(lagging)).replicas?.[0]?.serving === false);
      const [status] = (await ready(lagging)).replicas!;
      expect(status).toMatchObject({ name: 'replica-1', serving: false, leftOutBecause: 'lagging' });
      expect(status.lagSeconds).toBeGreaterThan(1);
      // A caller with no write of its own is served by the primary meanwhile.
      const res = await lagging.gql(LIST, {}, admin);
      expect(res.errors).toBeUndefined();
      expect(await onReplica(lagging, () => lagging.gql(LIST, {}, admin))).toBe(false);
      const { body } = await lagging.app.services.metrics.render();
      expect(body).toMatch(/trellis_db_replica_serving\{replica="replica-1"\} 0/);
      expect(body).toMatch(/trellis_db_replica_lag_seconds\{replica="replica-1"\} [1-9]/);

      await pair.resumeReplay();
      await waitFor('the replica is back', async () => (await ready(lagging)).replicas?.[0]?.serving === true);
      expect(lagging.logs.some((l) => l.level === 40 && /replica-1 is lagging/.test(String(l.msg)))).toBe(true);
      expect(lagging.logs.some((l) => /replica-1 caught up/.test(String(l.msg)))).toBe(true);
    } finally {
      writing = false;
      await writer;
      await pair.resumeReplay().catch(() => undefined);
      await lagging.stop();
    }
  }, 90_000);

  it('answers every request while the replica stops in the middle of a load, and takes it back once it is up', async () => {
    const answers: Array<{ status: number; errors?: unknown }> = [];
    let loading = true;
    const worker = async () => {
      while (loading) {
        const res = await t.gql(LIST, {}, admin);
        answers.push({ status: res.status, errors: res.errors });
      }
    };
    const workers = [worker(), worker(), worker()];
    try {
      await waitFor('some reads served by the replica', async () => answers.length > 20);
      await pair.stopStandby('immediate');
      await waitFor('the replica is left out', async () => (await ready(t)).replicas?.[0]?.serving === false);
      expect((await ready(t)).replicas?.[0]).toMatchObject({ serving: false, leftOutBecause: 'unreachable' });
      const during = answers.length;
      await waitFor('reads go on meanwhile', async () => answers.length > during + 20);
      await pair.startStandby();
      await waitFor('the replica is back', async () => (await ready(t)).replicas?.[0]?.serving === true, 60_000);
      await waitFor('the replica serves again', () => onReplica(t, () => t.gql(LIST, {}, admin)));
    } finally {
      loading = false;
      await Promise.all(workers);
    }
    expect(answers.filter((a) => a.status !== 200 || a.errors)).toEqual([]);
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 120_000);

  it('cannot write through a replica, not even one whose URL names the primary; one that does not answer at start leaves the primary serving', async () => {
    const misconfigured = await startTestApp(
      replicaEnv({ DATABASE_REPLICA_URLS: `${pair.primaryUrl('trellis')},postgres://postgres@127.0.0.1:1/trellis` }),
    );
    try {
      expect((await ready(misconfigured)).replicas).toEqual([
        { name: 'replica-1', serving: false, lagSeconds: null, leftOutBecause: 'not a standby' },
        { name: 'replica-2', serving: false, lagSeconds: null, leftOutBecause: 'unreachable' },
      ]);
      expect(
        misconfigured.logs.some(
          (l) => l.level === 40 && /replica-2 is unreachable: reads go to the primary/.test(String(l.msg)),
        ),
      ).toBe(true);
      const res = await misconfigured.gql(LIST, {}, alice.auth);
      expect(titlesOf(res)).toContain('On the primary');

      const [onPrimary] = (misconfigured.app.orm.driver as ReplicatedPostgreSqlDriver).readConnections();
      const primaryPool = await onPrimary.getNativeClient();
      await expect(primaryPool.query('create table written_through_a_replica (n int)')).rejects.toThrow(
        /read-only transaction/,
      );
      const [standby] = (t.app.orm.driver as ReplicatedPostgreSqlDriver).readConnections();
      const standbyPool = await standby.getNativeClient();
      await expect(
        standbyPool.query(`update users set first_name = 'x' where username = 'alice.replica'`),
      ).rejects.toThrow(/read-only transaction/);
      const [table] = await pair.primaryQuery(`select to_regclass('written_through_a_replica') as name`);
      expect(table).toEqual({ name: null });
    } finally {
      await misconfigured.stop();
    }
  }, 60_000);
});

describe.skipIf(!bin)('two read replicas', () => {
  let pair: ReplicaPair;
  let t: TestApp;
  beforeAll(async () => {
    pair = await startReplicaPair(bin!);
    const second = await pair.addStandby();
    await pair.primaryQuery('create database trellis');
    t = await startTestApp({
      DATABASE_URL: pair.primaryUrl('trellis'),
      DATABASE_REPLICA_URLS: `${pair.standbyUrl('trellis')},${second.url('trellis')}`,
      DATABASE_REPLICA_MAX_LAG_SECONDS: '30',
    });
    await Promise.all([pair.caughtUp(), second.caughtUp()]);
    await waitFor('both replicas serve', async () => (await ready(t)).replicas?.every((r) => r.serving) === true);
    await second.pauseReplay();
    // Page after page for get_users: the first replica has them all, the second none.
    await insertUsers(pair.primaryUrl('trellis'), { count: 1_000, prefix: 'paged', width: 4 });
    await pair.caughtUp();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await pair?.stop();
  });

  it('reads every page of one get_users from one of them, never the first page from one and the rest from the other', async () => {
    const answered = new Set<number>();
    // Each call chooses a replica in turn, so these calls start on both of them.
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${t.url}/api/public/get_users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: API_KEY, api_key_secret: API_KEY_SECRET }),
      });
      const body = (await res.json()) as { users: unknown[]; total: number };
      expect(body.total).toBe(body.users.length);
      answered.add(body.total);
    }
    // Both states, each whole: the second replica's, without the thousand, and the first's, with them.
    const [without, withThem, ...more] = [...answered].sort((a, b) => a - b);
    expect(more).toEqual([]);
    expect(withThem - without).toBe(1_000);
  }, 60_000);
});

describe('replica configuration', () => {
  it('exits 2 at start-up naming every bad variable, each unparsable replica URL by its place and never its text', async () => {
    const result = await runMainProcessToExit({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/trellis',
      DATABASE_REPLICA_URLS: 'http://user:secret@replica.example,not a url',
      DATABASE_REPLICA_MAX_LAG_SECONDS: '0',
    });
    expect(result.code, result.output).toBe(2);
    expect(result.output).toContain('DATABASE_REPLICA_URLS: entry 1 must be a postgres:// URL');
    expect(result.output).toContain('DATABASE_REPLICA_URLS: entry 2 must be a postgres:// URL');
    expect(result.output).toMatch(/DATABASE_REPLICA_MAX_LAG_SECONDS: /);
    expect(result.output).not.toContain('secret');
  }, 60_000);
});
