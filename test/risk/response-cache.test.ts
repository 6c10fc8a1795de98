import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { parseExposition, valueOf } from '../tools/prometheus.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from './fake-upstream.js';

/** The public response cache in front of GraphQL, seen from outside: headers, bodies, metrics and upstream calls. */
let fake: FakeUpstream;
let t: TestApp;

const upstream = (fakeUpstream: FakeUpstream) => ({
  SEISMIC_API_URL: fakeUpstream.seismicUrl,
  FIRE_API_URL: fakeUpstream.fireUrl,
  FIRE_API_TOKEN: FAKE_MAP_KEY,
  UPSTREAM_TIMEOUT_MS: '300',
});

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestApp({ ...upstream(fake), RESPONSE_CACHE_TTL_SECONDS: '60', METRICS_TOKEN });
});
afterAll(async () => {
  await t.stop();
  await fake.close();
});

// Production serves /metrics on the public port only to a holder of this token.
const METRICS_TOKEN = 'response-cache-metrics-token';

const WILDFIRE = `query Wildfire($zip: String!) { wildfireRisk(zip: $zip) { zipCode riskScore dataStatus { fire } } }`;
const EARTHQUAKE = `query Quake($zip: String!) { earthquakeRisk(zip: $zip) { zipCode riskScore dataStatus { seismic } } }`;

async function post(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    text: await res.text(),
    cacheControl: res.headers.get('cache-control'),
    contentType: res.headers.get('content-type'),
  };
}

async function replays(app: TestApp): Promise<{ hits: number; misses: number }> {
  const samples = parseExposition(
    (await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body as string,
  );
  const of = (result: string) => valueOf(samples, 'trellis_cache_lookups_total', { cache: 'graphql_response', result });
  return { hits: of('hit'), misses: of('miss') };
}

async function operationsNamed(app: TestApp, operation: string): Promise<number> {
  const samples = parseExposition(
    (await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body as string,
  );
  return valueOf(samples, 'trellis_graphql_operations_total', { operation, type: 'query', outcome: 'ok' });
}

describe('the public response cache', () => {
  it('replays an anonymous risk answer built from cached data, byte for byte, without running GraphQL or calling upstream', async () => {
    const body = { query: WILDFIRE, variables: { zip: '90210' }, operationName: 'Wildfire' };
    const live = await post(t, body);
    expect(JSON.parse(live.text).data.wildfireRisk.dataStatus.fire).toBe('LIVE');
    expect(live.cacheControl).toBeNull(); // a live answer is not stored: replaying it would claim `live` for old data

    const cached = await post(t, body);
    expect(JSON.parse(cached.text).data.wildfireRisk.dataStatus.fire).toBe('CACHED');
    expect(cached.cacheControl).toBe('public, max-age=60');

    const before = await replays(t);
    const operationsBefore = await operationsNamed(t, 'Wildfire');
    const fireCalls = fake.requests('fire').length;
    const replayed = await post(t, body);
    expect(replayed.status).toBe(200);
    expect(replayed.text).toBe(cached.text);
    expect(replayed.cacheControl).toMatch(/^public, max-age=(59|60)$/);
    expect(await replays(t)).toEqual({ hits: before.hits + 1, misses: before.misses });
    expect(await operationsNamed(t, 'Wildfire')).toBe(operationsBefore + 1); // counted once: GraphQL did not run as well
    expect(fake.requests('fire')).toHaveLength(fireCalls);
  });

  it('budgets and identifies a replay like any request: it carries its own request id and spends from the rate limit', async () => {
    const body = JSON.stringify({ query: WILDFIRE, variables: { zip: '73301' } });
    const send = () =>
      fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await send();
    await send(); // stored now
    const first = await send();
    const second = await send();
    for (const res of [first, second]) {
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=/);
      expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]+$/);
      expect(Number(res.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
    }
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(
      Number(first.headers.get('x-ratelimit-remaining')) - 1,
    );
    expect(await second.text()).toBe(await first.text());
  });

  it('keeps answers apart by variables and operation: another ZIP is its own entry', async () => {
    await post(t, { query: EARTHQUAKE, variables: { zip: '94103' } });
    await post(t, { query: EARTHQUAKE, variables: { zip: '94103' } });
    const other = await post(t, { query: EARTHQUAKE, variables: { zip: '10001' } });
    expect(JSON.parse(other.text).data.earthquakeRisk.zipCode).toBe('10001');
    const replayed = await post(t, { query: EARTHQUAKE, variables: { zip: '94103' } });
    expect(JSON.parse(replayed.text).data.earthquakeRisk.zipCode).toBe('94103');
  });

  it('keeps answers apart by Accept header: each format is stored and replayed as Apollo chose it', async () => {
    const body = { query: WILDFIRE, variables: { zip: '02108' } };
    const graphqlResponse = { accept: 'application/graphql-response+json' };
    await post(t, body); // fills the risk cache: the next answers are built from cached data
    const json = await post(t, body, { accept: 'application/json' });
    const typed = await post(t, body, graphqlResponse);
    expect(json.contentType).toMatch(/^application\/json/);
    expect(typed.contentType).toMatch(/^application\/graphql-response\+json/);
    const before = await replays(t);
    const replayedTyped = await post(t, body, graphqlResponse);
    const replayedJson = await post(t, body, { accept: 'application/json' });
    expect(await replays(t)).toEqual({ hits: before.hits + 2, misses: before.misses });
    expect(replayedTyped.contentType).toBe(typed.contentType);
    expect(replayedTyped.text).toBe(typed.text);
    expect(replayedJson.contentType).toBe(json.contentType);
  });

  it('never answers a caller who sends credentials from the cache, nor stores what they were told', async () => {
    const body = { query: WILDFIRE, variables: { zip: '30301' } };
    await post(t, body);
    await post(t, body); // stored now, for anonymous callers
    const before = await replays(t);
    const signedIn = await post(t, body, { authorization: await t.login('admin', ADMIN_PASSWORD) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cacheControl).toBeNull();
    expect(await replays(t)).toEqual(before);
  });

  it('leaves CSRF prevention to Apollo: the same body as text/plain is refused even while it is stored', async () => {
    const body = { query: WILDFIRE, variables: { zip: '60601' } };
    await post(t, body);
    await post(t, body);
    const res = await post(t, JSON.stringify(body), { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/Cross-Site Request Forgery/);
  });

  it('stores no answer with errors, and none that mixes in a field the policy does not name', async () => {
    const invalid = { query: WILDFIRE, variables: { zip: '00000' } };
    await post(t, invalid);
    const again = await post(t, invalid);
    expect(JSON.parse(again.text).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(again.cacheControl).toBeNull();

    const mixed = {
      query: `query($zip: String!) { wildfireRisk(zip: $zip) { riskScore } faqs { totalCount } }`,
      variables: { zip: '90210' },
    };
    await post(t, mixed);
    const mixedAgain = await post(t, mixed);
    expect(JSON.parse(mixedAgain.text).errors).toBeUndefined();
    expect(mixedAgain.cacheControl).toBeNull();
  });

  it('stores no answer while a source is unavailable, so the score is recomputed once the source is back', async () => {
    fake.set('fire', { kind: 'status', status: 500 });
    const body = { query: WILDFIRE, variables: { zip: '85001' } };
    const first = await post(t, body);
    expect(JSON.parse(first.text).data.wildfireRisk.dataStatus.fire).toBe('UNAVAILABLE');
    const second = await post(t, body);
    expect(second.cacheControl).toBeNull();
    fake.reset();
    const recovered = await post(t, body);
    expect(JSON.parse(recovered.text).data.wildfireRisk.dataStatus.fire).toBe('LIVE');
  });
});

describe('RESPONSE_CACHE_TTL_SECONDS', () => {
  it('bounds how long an answer is replayed', async () => {
    const short = await startTestApp({ ...upstream(fake), RESPONSE_CACHE_TTL_SECONDS: '1', METRICS_TOKEN });
    try {
      const body = { query: WILDFIRE, variables: { zip: '02108' } };
      await post(short, body);
      expect((await post(short, body)).cacheControl).toBe('public, max-age=1');
      expect((await replays(short)).hits).toBe(0);
      await post(short, body);
      expect((await replays(short)).hits).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const afterExpiry = await post(short, body);
      expect(afterExpiry.cacheControl).toBe('public, max-age=1'); // answered by GraphQL again, and stored afresh
      expect((await replays(short)).hits).toBe(1);
    } finally {
      await short.stop();
    }
  });

  it('0 turns the cache off', async () => {
    const off = await startTestApp({ ...upstream(fake), RESPONSE_CACHE_TTL_SECONDS: '0', METRICS_TOKEN });
    try {
      const body = { query: WILDFIRE, variables: { zip: '02108' } };
      for (let i = 0; i < 3; i++) expect((await post(off, body)).cacheControl).toBeNull();
      expect(await replays(off)).toEqual({ hits: 0, misses: 0 });
    } finally {
      await off.stop();
    }
  });
});
