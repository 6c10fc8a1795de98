import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection } from '../helpers/subscriptions.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../risk/fake-upstream.js';

// Runs where the test run has a Redis (REDIS_URL), as CI's second pass does; a fresh machine has none.
const REDIS_URL = process.env.REDIS_URL ?? '';

/**
 * Two gateway replicas on one PostgreSQL and one Redis, as a deployment runs them behind a load balancer:
 * what one spends, caches or publishes, the other sees. Keys live under a prefix of this run's own.
 */
describe.skipIf(!REDIS_URL)('two replicas on one PostgreSQL and one Redis', () => {
  const prefix = `trellis-test:${randomUUID()}:`;
  let fake: FakeUpstream;
  let redis: Redis;
  let a: TestApp;
  let b: TestApp;
  const connections: Connection[] = [];

  beforeAll(async () => {
    fake = await startFakeUpstream();
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SEISMIC_API_URL: fake.seismicUrl,
      FIRE_API_URL: fake.fireUrl,
      FIRE_API_TOKEN: FAKE_MAP_KEY,
      // One five-day FIRMS call a day: 5 transactions.
      FIRE_DAILY_QUOTA: '5',
      UPSTREAM_TIMEOUT_MS: '5000',
      // Clients are told apart by X-Forwarded-For, so the rate-limit case has an address of its own.
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '200',
    };
    a = await startTestApp(env);
    b = await startTestApp(env, { replicaOf: a });
  });
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((c) => c.dispose()));
    fake.reset();
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await fake?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('spend one FIRMS daily quota: once A has spent it, B reports the fire source unavailable without calling FIRMS', async () => {
    const spent = await a.request('/api/risk/wildfire?zip=90210');
    expect(spent.status).toBe(200);
    expect(spent.body.data_status).toEqual({ fire: 'live' });
    expect(fake.calls('fire')).toBe(1);

    // Another ZIP in another grid cell: nothing cached to fall back on, so only the quota stands in the way.
    const refused = await b.request('/api/risk/wildfire?zip=10001');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ recent_fires: null, data_status: { fire: 'unavailable' } });
    expect(fake.calls('fire')).toBe(1);
    const [counter] = await redis.keys(`${prefix}quota:firms:transactions:*`);
    expect(await redis.get(counter)).toBe('5');
  });

  it('share one cache: B answers what A looked up without calling USGS', async () => {
    const first = await a.request('/api/risk/earthquake?zip=94103');
    expect(first.body.data_status).toEqual({ seismic: 'live' });
    const second = await b.request('/api/risk/earthquake?zip=94103');
    expect(second.status).toBe(200);
    expect(second.body.data_status).toEqual({ seismic: 'cached' });
    expect({ ...second.body, data_status: undefined, last_updated: undefined }).toEqual({
      ...first.body,
      data_status: undefined,
      last_updated: undefined,
    });
    expect(fake.calls('seismic')).toBe(1);
  });

  it('share one upstream call when both ask for the same place while it is in flight', async () => {
    fake.set('seismic', { kind: 'normal' }, { delayMs: 1500 });
    const onA = a.request('/api/risk/earthquake?zip=98101');
    for (let i = 0; fake.calls('seismic') === 0 && i < 500; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // A's call is now waiting on USGS; B asks for the same grid cell meanwhile.
    const onB = b.request('/api/risk/earthquake?zip=98101');
    const [fromA, fromB] = await Promise.all([onA, onB]);
    expect(fake.calls('seismic')).toBe(1);
    // Both answers are the one live call's: B waited for it rather than reading a cache it filled later.
    expect(fromA.body.data_status).toEqual({ seismic: 'live' });
    expect(fromB.body.data_status).toEqual({ seismic: 'live' });
    expect(fromB.body.recent_earthquakes).toBe(fromA.body.recent_earthquakes);
  });

  it('share one rate-limit budget per client', async () => {
    const from = { headers: { 'x-forwarded-for': '10.9.0.1' } };
    for (let i = 0; i < 200; i++) expect((await (i % 2 ? b : a).request('/api/nowhere', from)).status).toBe(404);
    expect((await a.request('/api/nowhere', from)).status).toBe(429);
    expect((await b.request('/api/nowhere', from)).status).toBe(429);
  });

  it('deliver a help-request change made on A to subscribers of both replicas, once each', async () => {
    const alice = await a.createUser(`alice-${randomUUID().slice(0, 8)}`);
    const adminOnB = await b.login('admin', ADMIN_PASSWORD);
    const query = 'subscription { helpRequestChanged { kind requestId fields request { title status } } }';
    const onB = connect(b.url, adminOnB);
    const onA = connect(a.url, alice.auth);
    connections.push(onB, onA);
    const heardOnB = onB.subscribe(query);
    const heardOnA = onA.subscribe(query);
    await untilListening(b.app, 1);
    await untilListening(a.app, 1);

    const filed = await a.request('/api/help/requests', {
      method: 'POST',
      json: { title: 'Filed on A', description: 'Heard on B' },
      headers: { authorization: alice.auth },
    });
    expect(filed.status).toBe(201);
    const id = filed.body.request_id;
    const moved = await b.request(`/api/help/requests/${id}`, {
      method: 'PUT',
      json: { status: 'in_progress' },
      headers: { authorization: adminOnB },
    });
    expect(moved.status).toBe(200);

    for (const heard of [heardOnB, heardOnA]) {
      expect(await heard.nextData()).toEqual({
        helpRequestChanged: {
          kind: 'CREATED',
          requestId: id,
          fields: [],
          request: { title: 'Filed on A', status: 'OPEN' },
        },
      });
      // The next thing heard is the second change, not the first one again.
      expect(await heard.nextData()).toEqual({
        helpRequestChanged: {
          kind: 'UPDATED',
          requestId: id,
          fields: ['status'],
          request: { title: 'Filed on A', status: 'IN_PROGRESS' },
        },
      });
    }
  });
});
