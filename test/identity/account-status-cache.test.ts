import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { AccountStatusCache } from '../../src/identity/account-status-cache.js';

/*
 * Account status is cached per process to spare each authenticated request a read of the user row. Two
 * replicas on one database: whatever one changes, both stop honouring, on tokens both had already accepted
 * (and so cached), as soon as PostgreSQL's notification of the commit reaches them (it is sent at commit, so
 * the wait below is for the loopback delivery, never for a timer).
 */

let a: TestApp;
let b: TestApp;
let admin: string;

beforeAll(async () => {
  a = await startTestApp({ NODE_ENV: 'production' });
  b = await startTestApp({ NODE_ENV: 'production' }, { replicaOf: a });
  admin = await a.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const ME = '{ helpRequests(perPage: 1) { requests { id } } }';

/** Whether a token is honoured: the query answers with data, not an authentication error. */
async function honoured(app: TestApp, auth: string): Promise<boolean> {
  const res = await app.gql(ME, {}, auth);
  return res.status === 200 && res.errors === undefined;
}

/** Whether a token is refused once the change's notification has been delivered (a few tries, for delivery). */
async function refused(app: TestApp, auth: string): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (!(await honoured(app, auth))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const CHANGES = {
  locked: (id: string) =>
    a.gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }', { id }, admin),
  disabled: (id: string) =>
    a.gql('mutation($id: ID!) { updateUser(id: $id, input: { disabled: true }) { id } }', { id }, admin),
  'logged out': (id: string) => a.gql('mutation($id: ID!) { logoutUser(id: $id) { id } }', { id }, admin),
  deleted: (id: string) => a.gql('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id }, admin),
};

describe('account status on two replicas', () => {
  for (const [change, apply] of Object.entries(CHANGES)) {
    it(`stops a ${change} user's token at once on both replicas, after both had accepted it`, async () => {
      const user = await a.createUser(`cached-${change.replace(' ', '-')}`);
      for (const app of [a, b, a, b]) expect(await honoured(app, user.auth)).toBe(true);
      const res = await apply(user.id);
      expect(res.errors).toBeUndefined();
      expect(await refused(b, user.auth)).toBe(true);
      expect(await refused(a, user.auth)).toBe(true);
    });
  }

  it('applies a demotion at once on the other replica: a former administrator loses administrator fields', async () => {
    const helper = await a.createUser('cached-helper', { role: 'admin' });
    const statistics = '{ helpStatistics { requests { total } } }';
    expect((await b.gql(statistics, {}, helper.auth)).errors).toBeUndefined();
    expect(
      (
        await a.gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { role: USER }) { id } }',
          { id: helper.id },
          admin,
        )
      ).errors,
    ).toBeUndefined();
    await refused(b, helper.auth);
    const after = await b.gql(statistics, {}, helper.auth);
    expect(after.data?.helpStatistics ?? null).toBeNull();
    expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(after.errors?.[0]?.extensions?.code);
  });

  it('reads an account once while nothing about it changes, not on every request', async () => {
    const user = await a.createUser('cached-reader');
    const accountReads = (statements: string[]) => statements.filter((s) => /from users where id = \?/.test(s)).length;
    const first = await b.countQueries(() => b.gql('{ __typename }', {}, user.auth));
    const second = await b.countQueries(() => b.gql('{ __typename }', {}, user.auth));
    expect(first.result.data).toEqual({ __typename: 'Query' });
    expect(second.result.data).toEqual({ __typename: 'Query' });
    expect(accountReads(first.statements)).toBe(1);
    expect(accountReads(second.statements)).toBe(0);
  });

  it('keeps honouring a token when only a name changes, on both replicas', async () => {
    const user = await a.createUser('cached-renamed');
    expect(await honoured(b, user.auth)).toBe(true);
    expect(
      (
        await a.gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Renamed" }) { id } }',
          { id: user.id },
          admin,
        )
      ).errors,
    ).toBeUndefined();
    expect(await honoured(b, user.auth)).toBe(true);
    expect(await honoured(a, user.auth)).toBe(true);
  });
});

describe('the account status listener', () => {
  it('stops when the app stops before it has connected, so a start-up that fails can exit', async () => {
    const log = { warn: () => undefined };
    // Each closes at a different point of its first connection; none may wait forever.
    for (const delayMs of [0, 0, 1, 2, 5]) {
      const cache = new AccountStatusCache(a.databaseUrl, log);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await expect(cache.close()).resolves.toBeUndefined();
    }
  });
});

describe('the account status cache', () => {
  it('keeps 10,000 accounts, forgetting the least recently used first', async () => {
    const reads: string[] = [];
    // An EntityManager inside a transaction: a read goes through its execute, which counts the database's reads.
    const em = {
      getTransactionContext: () => ({}),
      execute: async (_sql: string, [id]: [string]) => {
        reads.push(id);
        return [
          { id, username: id, role: 'user', locked: false, disabled: false, token_version: 0, tokens_revoked_at: null },
        ];
      },
    } as unknown as EntityManager;
    const cache = new AccountStatusCache(a.databaseUrl, { warn: () => undefined });
    try {
      // Nothing is kept until the listener is up: wait until a second read is answered from memory.
      for (;;) {
        const before = reads.length;
        await cache.read(em, 'probe');
        await cache.read(em, 'probe');
        if (reads.length < before + 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      cache.forgetAll();
      for (let i = 0; i < 10_000; i++) await cache.read(em, `u${i}`);
      await cache.read(em, 'u0'); // used again: u1 is now the least recently used
      await cache.read(em, 'u10000');
      reads.length = 0;
      await cache.read(em, 'u0');
      await cache.read(em, 'u1');
      expect(reads).toEqual(['u1']);
    } finally {
      await cache.close();
    }
  });
});
