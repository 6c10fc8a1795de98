import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { hex, reachableRedis, signToken } from './support.js';

/**
 * The global request budget: RATE_LIMIT_MAX requests per window, per signed-in
 * principal, else per address; 429 with Retry-After in the error shape of each API.
 */

const MAX = 5;
// A browser origin is allowed, as a deployment serving a web page allows it, so refusals can be checked for CORS headers.
const limited = {
  RATE_LIMIT_MAX: String(MAX),
  RATE_LIMIT_WINDOW_SECONDS: '60',
  TRUST_PROXY: 'true',
  CORS_ORIGINS: 'http://localhost:5173',
};
const from = (ip: string, headers: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': ip, ...headers } });

describe('the global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(limited);
  });
  afterAll(() => t?.stop());

  it('refuses the request after the budget with 429, Retry-After and RATE_LIMITED on /graphql', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < MAX; i++) {
      const res = await t.request('/graphql', {
        method: 'POST',
        json: { query: '{ health { status } }' },
        ...from(ip),
      });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(MAX - i - 1);
    }
    const { result: refused, statements } = await t.countQueries(() =>
      t.request('/graphql', {
        method: 'POST',
        json: { query: 'mutation { login(username: "admin", password: "x") { accessToken } }' },
        ...from(ip),
      }),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }] });
    expect(statements).toEqual([]);
  });

  it('answers each legacy API in its own error shape once the budget is spent', async () => {
    const ip = '10.1.0.2';
    for (let i = 0; i < MAX; i++) await t.request('/api/nowhere', from(ip));
    const expectations: Array<[string, RequestInit & { json?: unknown }, unknown]> = [
      ['/api/help/requests', {}, { message: 'Too many requests' }],
      ['/api/public/get_users', { method: 'POST', json: {} }, { error_message: 'Too many requests' }],
      ['/api/risk/earthquake?zip=94103', {}, { error: 'Too many requests' }],
      [
        '/api/auth/login',
        { method: 'POST', json: { username: 'admin', password: 'x' } },
        { message: 'Too many requests' },
      ],
      ['/api/no-such-route', {}, { error: 'Too many requests' }],
    ];
    for (const [path, init, body] of expectations) {
      const res = await t.request(path, { ...init, ...from(ip) });
      expect(res.status, path).toBe(429);
      expect(res.body, path).toEqual(body);
      expect(res.headers.get('retry-after'), path).toMatch(/^\d+$/);
    }
  });

  it('lets a browser read the refusal: a 429 carries the CORS headers of any other answer', async () => {
    const ip = '10.1.0.9';
    const origin = { origin: 'http://localhost:5173' };
    for (let i = 0; i < MAX; i++) await t.request('/api/nowhere', from(ip, origin));
    const refused = await t.request('/graphql', {
      method: 'POST',
      json: { query: '{ health { status } }' },
      ...from(ip, origin),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
  });

  it('keeps health and readiness probes out of the budget', async () => {
    const ip = '10.1.0.3';
    for (let i = 0; i < MAX; i++) await t.request('/api/nowhere', from(ip));
    expect((await t.request('/api/nowhere', from(ip))).status).toBe(429);
    for (const path of ['/api/health', '/api/v1/health', '/api/ready'])
      expect((await t.request(path, from(ip))).status, path).toBe(200);
    expect((await t.request('/api/health?verbose=1', from(ip))).status).toBe(200);
    // A probe's path in the query string is no way past the limit.
    expect((await t.request('/api/nowhere?/api/health', from(ip))).status).toBe(429);
  });

  it('limits a signed-in caller as themselves, apart from their address and from other users', async () => {
    const ip = '10.1.0.4';
    const alice = `Bearer ${await signToken(hex())}`;
    const bob = `Bearer ${await signToken(hex())}`;
    const asAlice = () =>
      t.request('/graphql', {
        method: 'POST',
        json: { query: '{ __typename }' },
        ...from(ip, { authorization: alice }),
      });
    for (let i = 0; i < MAX; i++) expect((await asAlice()).status).not.toBe(429);
    expect((await asAlice()).status).toBe(429);
    // Same address, another principal; and the anonymous budget of the address is untouched.
    const asBob = await t.request('/graphql', {
      method: 'POST',
      json: { query: '{ __typename }' },
      ...from(ip, { authorization: bob }),
    });
    expect(asBob.status).not.toBe(429);
    expect((await t.request('/api/nowhere', from(ip))).status).toBe(404);
    // Alice from another address is still Alice.
    const elsewhere = await t.request('/graphql', {
      method: 'POST',
      json: { query: '{ __typename }' },
      ...from('10.1.0.5', { authorization: alice }),
    });
    expect(elsewhere.status).toBe(429);
  });

  it('counts a caller with forged tokens by address, so inventing tokens buys no budget', async () => {
    const ip = '10.1.0.6';
    for (let i = 0; i < MAX; i++) {
      const res = await t.request('/api/nowhere', from(ip, { authorization: `Bearer forged.${hex()}.token` }));
      expect(res.status).toBe(404);
    }
    expect((await t.request('/api/nowhere', from(ip, { authorization: `Bearer forged.${hex()}.token` }))).status).toBe(
      429,
    );
    expect((await t.request('/api/nowhere', from(ip))).status).toBe(429);
  });
});

const redisUrl = await reachableRedis();

describe.skipIf(!redisUrl)('the global rate limit in Redis', () => {
  let redis: Redis;
  let apps: TestApp[] = [];
  const prefix = `trellis-test:${hex(4)}:`;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    // Two replicas of one deployment: separate processes' worth of state, one Redis.
    apps = await Promise.all(
      [0, 1].map(() => startTestApp({ ...limited, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix })),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares one budget between replicas', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < MAX; i++) expect((await apps[i % 2].request('/api/nowhere', from(ip))).status).toBe(404);
    for (const app of apps) expect((await app.request('/api/nowhere', from(ip))).status).toBe(429);
    expect(Number(await redis.get(`${prefix}rl:http:ip:${ip}`))).toBeGreaterThanOrEqual(MAX);
  });

  it('uses Redis by itself when REDIS_URL is set', async () => {
    const t = await startTestApp({ ...limited, REDIS_URL: redisUrl });
    try {
      const ip = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      await redis.del(`trellis:rl:http:ip:${ip}`);
      await t.request('/api/nowhere', from(ip));
      expect(Number(await redis.get(`trellis:rl:http:ip:${ip}`))).toBe(1);
      expect(await redis.pttl(`trellis:rl:http:ip:${ip}`)).toBeGreaterThan(0);
      await redis.del(`trellis:rl:http:ip:${ip}`);
    } finally {
      await t.stop();
    }
  });
});

describe('the global rate limit while Redis is down', () => {
  it('keeps counting in memory instead of failing requests or dropping the limit', async () => {
    // Nothing listens on port 1: the app starts with its Redis unreachable, as in an outage.
    const t = await startTestApp({ ...limited, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ip = '10.2.1.1';
      for (let i = 0; i < MAX; i++) {
        const res = await t.request('/api/nowhere', from(ip));
        expect(res.status).toBe(404);
        expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(MAX - i - 1);
      }
      const refused = await t.request('/api/nowhere', from(ip));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many requests' });
      expect(t.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
