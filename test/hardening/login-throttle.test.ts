import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { hex, reachableRedis, sleep } from './support.js';

/**
 * Password guessing: LOGIN_RATE_LIMIT_MAX attempts per account and per address
 * per window, shared by REST and GraphQL and by every aliased `login` in one document.
 */

const MAX = 3;
const throttled = { LOGIN_RATE_LIMIT_MAX: String(MAX), LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60', TRUST_PROXY: 'true' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const restLogin = (t: TestApp, ip: string, username: string, password: string) =>
  t.request('/api/auth/login', { method: 'POST', json: { username, password }, headers: from(ip) });

const gqlLogin = (t: TestApp, ip: string, query: string) =>
  t.request('/graphql', { method: 'POST', json: { query }, headers: from(ip) });

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(throttled);
    for (const name of ['victim', 'bystander', 'regular', 'aliased', 'hammered', 'neighbour']) await t.createUser(name);
  });
  afterAll(() => t?.stop());

  it('refuses further guesses at one account, from any address and through either API, even with the right password', async () => {
    for (let i = 0; i < MAX; i++) {
      expect(await restLogin(t, `10.3.0.${i + 1}`, 'victim', `Wrong-guess-${i}`)).toMatchObject({ status: 401 });
    }
    const { result: rest, statements } = await t.countQueries(() =>
      restLogin(t, '10.3.0.9', 'VICTIM', DEFAULT_PASSWORD),
    );
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ message: 'Too many requests' });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(rest.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Refused before the account is even looked up: no SQL, no password hashing.
    expect(statements).toEqual([]);

    const gql = await gqlLogin(
      t,
      '10.3.0.10',
      `mutation { login(username: "victim", password: "${DEFAULT_PASSWORD}") { accessToken } }`,
    );
    expect(gql.status).toBe(429);
    expect(gql.body.data).toBeNull();
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(gql.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses further attempts from one address that has guessed at several accounts', async () => {
    const ip = '10.3.1.1';
    for (const name of ['nobody-1', 'nobody-2', 'bystander']) {
      expect((await restLogin(t, ip, name, 'Wrong-guess-1')).status).toBe(401);
    }
    expect((await restLogin(t, ip, 'regular', DEFAULT_PASSWORD)).status).toBe(429);
    // The account itself is not locked: its owner elsewhere logs in.
    expect((await restLogin(t, '10.3.1.2', 'regular', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('counts each aliased login in one document as an attempt of its own', async () => {
    // Mutation fields run one after another and a failed (non-null) login ends the document, so ten
    // aliased guesses buy one check; the throttle sees that one, and refuses the first field once spent.
    const guesses = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(username: "aliased", password: "Wrong-guess-${i}") { accessToken }`).join('\n')} }`;
    for (let i = 0; i < MAX; i++) {
      const { result, statements } = await t.countQueries(() => gqlLogin(t, `10.3.2.${i + 1}`, guesses(10)));
      expect(result.body.data).toBeNull();
      expect(result.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
        'UNAUTHENTICATED',
      ]);
      expect(statements.filter((s) => /from "users"/.test(s))).toHaveLength(1);
    }
    const spent = await gqlLogin(t, '10.3.2.9', guesses(10));
    expect(spent.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['RATE_LIMITED']);
    // The account's budget is spent for the REST door too.
    expect((await restLogin(t, '10.3.2.10', 'aliased', DEFAULT_PASSWORD)).status).toBe(429);
  });

  it('does not count successful log-ins against anyone', async () => {
    for (let i = 0; i < MAX * 3; i++)
      expect((await restLogin(t, '10.3.3.1', 'bystander', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('spends nothing from the address for attempts it refuses', async () => {
    for (let i = 0; i < MAX; i++) await restLogin(t, `10.3.5.${i + 1}`, 'hammered', 'Wrong-guess');
    for (let i = 0; i < MAX * 2; i++)
      expect((await restLogin(t, '10.3.5.9', 'hammered', DEFAULT_PASSWORD)).status).toBe(429);
    // Had the refusals counted, this address would be over its own budget by now.
    expect((await restLogin(t, '10.3.5.9', 'neighbour', DEFAULT_PASSWORD)).status).toBe(200);
  });
});

describe('login throttling over time', () => {
  // A short window, so the tests can wait for it to close; long enough for MAX attempts on a busy machine.
  const WINDOW_SECONDS = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...throttled, LOGIN_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) });
  });
  afterAll(() => t?.stop());

  /**
   * Spends a new account's budget and returns its name and when, by the refusal's Retry-After, the window will have
   * closed. On a machine so loaded that the failures took longer than the window, the first had left it before the
   * last came, so the account was never locked: that try proves nothing either way and is made again, on an account
   * of its own.
   */
  const lockOut = async (base: string, ip: string): Promise<{ name: string; open: number }> => {
    for (let attempt = 1; ; attempt++) {
      const name = `${base}-${attempt}`;
      await t.createUser(name);
      const began = Date.now();
      for (let i = 0; i < MAX; i++) expect((await restLogin(t, `${ip}${i + 1}`, name, 'Wrong-guess')).status).toBe(401);
      const refused = await restLogin(t, `${ip}9`, name, DEFAULT_PASSWORD);
      if (refused.status !== 429 && Date.now() - began > WINDOW_SECONDS * 1000 && attempt < 3) continue;
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      return { name, open: Date.now() + retryAfter * 1000 };
    }
  };

  it('lets attempts through again once the window has passed', async () => {
    const { name, open } = await lockOut('later', '10.3.4.');
    await sleep(open - Date.now() + 50);
    expect((await restLogin(t, '10.3.4.9', name, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('does not extend the lock-out for attempts it refuses', async () => {
    const { name, open } = await lockOut('hammered', '10.3.6.');
    for (let i = 0; i < 5; i++) expect((await restLogin(t, '10.3.6.9', name, DEFAULT_PASSWORD)).status).toBe(429);
    await sleep(open - Date.now() + 50); // the window that began with the first failure has closed
    expect((await restLogin(t, '10.3.6.9', name, DEFAULT_PASSWORD)).status).toBe(200);
  });
});

const redisUrl = await reachableRedis();

describe.skipIf(!redisUrl)('login throttling across replicas (Redis)', () => {
  let redis: Redis;
  let replicas: TestApp[] = [];
  const prefix = `trellis-test:${hex(4)}:`;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    replicas = await Promise.all(
      [0, 1].map(() => startTestApp({ ...throttled, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix })),
    );
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares the per-account count, so spreading guesses over replicas does not multiply them', async () => {
    const [a, b] = replicas as [TestApp, TestApp];
    const name = `spread-${hex(3)}`;
    for (let i = 0; i < MAX; i++) {
      const replica = i % 2 === 0 ? a : b;
      expect((await restLogin(replica, `10.4.0.${i + 1}`, name, 'Wrong-guess')).status).toBe(401);
    }
    expect((await restLogin(a, '10.4.0.9', name, 'Wrong-guess')).status).toBe(429);
    expect((await restLogin(b, '10.4.0.9', name, 'Wrong-guess')).status).toBe(429);
    expect(Number(await redis.get(`${prefix}rl:login:user:${name}`))).toBe(MAX);
  });
});

describe('login throttling while Redis is down', () => {
  it('keeps counting in memory when Redis stops answering, instead of failing log-ins or dropping the limit', async () => {
    // Nothing listens on port 1: the app starts with its Redis unreachable, as in an outage.
    const t = await startTestApp({ ...throttled, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const name = `offline-${hex(3)}`;
      for (let i = 0; i < MAX; i++) expect((await restLogin(t, '10.4.1.1', name, 'Wrong-guess')).status).toBe(401);
      expect((await restLogin(t, '10.4.1.1', name, 'Wrong-guess')).status).toBe(429);
    } finally {
      await t.stop();
    }
  });
});
