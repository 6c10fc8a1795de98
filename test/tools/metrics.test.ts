import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { createMetrics, registerObservability } from '../../src/platform/observability/index.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { parseExposition, valueOf, type Sample } from './prometheus.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  // Outside production the public port serves /metrics without a token, which these scrapes rely on; production is below.
  t = await startTestApp({ NODE_ENV: 'development', DB_POOL_MAX: '7' });
});
afterAll(() => t.stop());

async function scrape(app: Pick<TestApp, 'request'> = t, auth?: string): Promise<Sample[]> {
  const res = await app.request('/metrics', auth ? { headers: { authorization: auth } } : {});
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body as string);
}

const gqlOps = (samples: Sample[], labels: Record<string, string>) =>
  valueOf(samples, 'trellis_graphql_operations_total', labels);
const httpCount = (samples: Sample[], labels: Record<string, string>) =>
  valueOf(samples, 'trellis_http_requests_total', labels);

describe('HTTP request metrics', () => {
  it('count each response by method, route pattern and status, and time it', async () => {
    const before = await scrape();
    await t.request('/api/health');
    await t.request('/api/health');
    await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'wrong' } });
    const after = await scrape();
    const labels = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(httpCount(after, labels) - httpCount(before, labels)).toBe(2);
    expect(
      httpCount(after, { method: 'POST', route: '/api/auth/login', status_code: '401' }) -
        httpCount(before, { method: 'POST', route: '/api/auth/login', status_code: '401' }),
    ).toBe(1);
    const histogramCount = (s: Sample[]) => valueOf(s, 'trellis_http_request_duration_seconds_count', labels);
    expect(histogramCount(after) - histogramCount(before)).toBe(2);
    expect(valueOf(after, 'trellis_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('never puts a raw URL, query string or unknown path into a label', async () => {
    await t.request('/api/health?probe=q7c1d9e2');
    await t.request('/api/no-such-thing/5f3a9b2c7d');
    await t.request('/definitely/not/here/e8d1c0ffee');
    const res = await t.request('/metrics');
    const text = res.body as string;
    for (const raw of ['q7c1d9e2', '5f3a9b2c7d', 'e8d1c0ffee', 'no-such-thing']) expect(text).not.toContain(raw);
    const samples = parseExposition(text);
    expect(httpCount(samples, { method: 'GET', route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(2);
  });

  it('labels a parameterised route with its pattern, not with the ids callers send', async () => {
    // A route with a path parameter, instrumented exactly as the gateway instruments its own.
    const metrics = createMetrics();
    const app = Fastify();
    await registerObservability(app, { config: loadConfig({ NODE_ENV: 'test' }), orm: t.app.orm, metrics });
    app.get('/things/:id', async () => ({ ok: true }));
    await app.ready();
    for (const id of ['a1b2c3d4e5f60718293a4b5c6d7e8f90', 'someone-elses-id']) await app.inject(`/things/${id}`);
    const text = (await app.inject('/metrics')).body;
    await app.close();
    expect(text).not.toContain('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    expect(text).not.toContain('someone-elses-id');
    expect(httpCount(parseExposition(text), { method: 'GET', route: '/things/:id', status_code: '200' })).toBe(2);
  });
});

describe('the exposition', () => {
  it('declares each metric with its help and type, and gives a histogram every bucket bound, cumulative', async () => {
    await t.request('/api/health');
    const text = (await t.request('/metrics')).body as string;
    for (const [name, type] of [
      ['trellis_http_requests_total', 'counter'],
      ['trellis_http_request_duration_seconds', 'histogram'],
      ['trellis_graphql_operations_total', 'counter'],
      ['trellis_graphql_operation_duration_seconds', 'histogram'],
      ['trellis_upstream_calls_total', 'counter'],
      ['trellis_upstream_call_duration_seconds', 'histogram'],
      ['trellis_cache_lookups_total', 'counter'],
      ['trellis_db_pool_connections', 'gauge'],
    ]) {
      expect(text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(text).toContain(`\n# TYPE ${name} ${type}\n`);
    }
    const labels = { method: 'GET', route: '/api/health', status_code: '200' };
    const buckets = parseExposition(text).filter(
      (s) =>
        s.name === 'trellis_http_request_duration_seconds_bucket' &&
        Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    expect(buckets.map((s) => s.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
    expect(buckets.at(-1)!.value).toBe(
      valueOf(parseExposition(text), 'trellis_http_request_duration_seconds_count', labels),
    );
  });

  it('counts an observation in the bucket of its bound and in every bucket above, and sums the seconds', async () => {
    const { metrics } = t.app.services;
    metrics.upstreamCall('bucket-probe', 'ok', 0.1);
    metrics.upstreamCall('bucket-probe', 'ok', 0.3);
    metrics.upstreamCall('bucket-probe', 'error', 12);
    metrics.upstreamCall('bucket-probe', 'error', Number.NaN); // counted as a call, not timed
    const samples = await scrape();
    const bucket = (le: string) =>
      valueOf(samples, 'trellis_upstream_call_duration_seconds_bucket', { service: 'bucket-probe', le });
    expect([bucket('0.05'), bucket('0.1'), bucket('0.25'), bucket('0.5'), bucket('10'), bucket('+Inf')]).toEqual([
      0, 1, 1, 2, 2, 3,
    ]);
    expect(valueOf(samples, 'trellis_upstream_call_duration_seconds_count', { service: 'bucket-probe' })).toBe(3);
    expect(valueOf(samples, 'trellis_upstream_call_duration_seconds_sum', { service: 'bucket-probe' })).toBeCloseTo(
      12.4,
    );
    expect(valueOf(samples, 'trellis_upstream_calls_total', { service: 'bucket-probe', outcome: 'error' })).toBe(2);
  });

  it('escapes quotes, backslashes and newlines in a label value', async () => {
    const metrics = createMetrics();
    const app = Fastify();
    await registerObservability(app, { config: loadConfig({ NODE_ENV: 'test' }), orm: t.app.orm, metrics });
    app.get('/say/"hi"\\there\nnow', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/say/%22hi%22%5Cthere%0Anow')).statusCode).toBe(200);
    const text = (await app.inject('/metrics')).body;
    await app.close();
    expect(text).toContain(
      'trellis_http_requests_total{method="GET",route="/say/\\"hi\\"\\\\there\\nnow",status_code="200"} 1\n',
    );
  });
});

describe('GraphQL operation metrics', () => {
  it('count operations by name, type and outcome, whether sent to /graphql or run by a REST route', async () => {
    const before = await scrape();
    await t.gql('query MetricsProbe { health { status } }');
    await t.gql('query MetricsProbe { health { status } }');
    await t.gql('{ health { status } }');
    await t.gql('query MetricsMe { me { id } }'); // anonymous: UNAUTHENTICATED
    await t.gql('query MetricsBroken { noSuchField }'); // fails validation: never executed
    await t.login('admin', ADMIN_PASSWORD); // POST /api/auth/login runs the stored Login mutation
    const after = await scrape();
    const delta = (labels: Record<string, string>) => gqlOps(after, labels) - gqlOps(before, labels);
    expect(delta({ operation: 'MetricsProbe', type: 'query', outcome: 'ok' })).toBe(2);
    expect(delta({ operation: '(anonymous)', type: 'query', outcome: 'ok' })).toBe(1);
    expect(delta({ operation: 'MetricsMe', type: 'query', outcome: 'error' })).toBe(1);
    expect(delta({ operation: 'MetricsMe', type: 'query', outcome: 'ok' })).toBe(0);
    expect(delta({ operation: '(unresolved)', type: 'unknown', outcome: 'invalid' })).toBe(1);
    expect(delta({ operation: 'Login', type: 'mutation', outcome: 'ok' })).toBe(1);
    expect(
      valueOf(after, 'trellis_graphql_operation_duration_seconds_count', { operation: 'MetricsProbe', type: 'query' }),
    ).toBe(2);
  });

  it('stop adding operation names after a fixed number, so clients cannot create series without end', () => {
    const metrics = createMetrics();
    for (let i = 0; i < 500; i++) metrics.graphqlOperation(`Flood${i}`, 'query', 'ok', 0.001);
    metrics.graphqlOperation('x'.repeat(200), 'query', 'ok', 0.001);
    return metrics.render().then(({ body }) => {
      const names = new Set(
        parseExposition(body)
          .filter((s) => s.name === 'trellis_graphql_operations_total')
          .map((s) => s.labels.operation),
      );
      expect(names.size).toBeLessThanOrEqual(201);
      expect(names.has('(other)')).toBe(true);
      expect(names.has('Flood499')).toBe(false);
    });
  });
});

describe('database pool, upstream and cache metrics', () => {
  it('report the pool: open, idle and waiting connections and the configured maximum', async () => {
    await t.request('/api/ready');
    const samples = await scrape();
    expect(valueOf(samples, 'trellis_db_pool_max_connections')).toBe(7);
    expect(valueOf(samples, 'trellis_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'trellis_db_pool_connections')).toBeLessThanOrEqual(7);
    expect(valueOf(samples, 'trellis_db_pool_waiting_requests')).toBe(0);
    expect(samples.some((s) => s.name === 'trellis_db_pool_idle_connections')).toBe(true);
  });

  it('count upstream calls and cache lookups that domain code reports through services.metrics', async () => {
    const { metrics } = t.app.services;
    const before = await scrape();
    metrics.upstreamCall('usgs', 'ok', 0.12);
    metrics.upstreamCall('usgs', 'timeout', 5);
    metrics.upstreamCall('firms', 'quota_exceeded');
    metrics.cacheLookup('seismic', true);
    metrics.cacheLookup('seismic', true);
    metrics.cacheLookup('seismic', false);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('trellis_upstream_calls_total', { service: 'usgs', outcome: 'ok' })).toBe(1);
    expect(delta('trellis_upstream_calls_total', { service: 'usgs', outcome: 'timeout' })).toBe(1);
    expect(delta('trellis_upstream_calls_total', { service: 'firms', outcome: 'quota_exceeded' })).toBe(1);
    expect(delta('trellis_upstream_call_duration_seconds_count', { service: 'usgs' })).toBe(2);
    expect(delta('trellis_cache_lookups_total', { cache: 'seismic', result: 'hit' })).toBe(2);
    expect(delta('trellis_cache_lookups_total', { cache: 'seismic', result: 'miss' })).toBe(1);
  });

  it('fold a malformed service or cache name into "other" instead of a new series', async () => {
    t.app.services.metrics.cacheLookup('zip 90210 lookup', false);
    const text = (await t.request('/metrics')).body as string;
    // No label value names it (a sample's number may hold those digits by chance: 11.549021…).
    expect(text).not.toMatch(/"[^"]*90210[^"]*"/);
    expect(
      valueOf(parseExposition(text), 'trellis_cache_lookups_total', { cache: 'other', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('keep two apps in one process apart, each with the process metrics too', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.upstreamCall('usgs', 'ok');
    a.upstreamCall('usgs', 'ok');
    b.upstreamCall('usgs', 'ok');
    const [sa, sb] = await Promise.all([a.render(), b.render()]).then((r) => r.map((x) => parseExposition(x.body)));
    expect(valueOf(sa, 'trellis_upstream_calls_total', { service: 'usgs', outcome: 'ok' })).toBe(2);
    expect(valueOf(sb, 'trellis_upstream_calls_total', { service: 'usgs', outcome: 'ok' })).toBe(1);
    expect(sa.some((s) => s.name === 'process_resident_memory_bytes' || s.name === 'nodejs_heap_size_used_bytes')).toBe(
      true,
    );
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let secured: TestApp;
  beforeAll(async () => {
    secured = await startTestApp({ METRICS_TOKEN });
  });
  afterAll(() => secured.stop());

  it('refuses a scrape without the token, or with a wrong one, and reveals no metric', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const res = await secured.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(String(res.body)).not.toContain('trellis_');
    }
  });

  it('serves the metrics with the bearer token', async () => {
    const samples = await scrape(secured, `Bearer ${METRICS_TOKEN}`);
    expect(samples.some((s) => s.name === 'trellis_http_requests_total')).toBe(true);
  });

  it('is open on the public port without METRICS_TOKEN outside production only', async () => {
    expect(t.app.services.config.isProduction).toBe(false);
    expect((await t.request('/metrics')).status).toBe(200);
  });
});

describe('/metrics in production', () => {
  let prod: TestApp;
  let scraped: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({ NODE_ENV: 'production' });
    scraped = await startTestApp({ NODE_ENV: 'production', METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await prod.stop();
    await scraped.stop();
  });

  it('is not served on the public port without METRICS_TOKEN, with or without a metrics port', async () => {
    for (const app of [prod, scraped]) {
      await app.request('/api/health');
      const res = await app.request('/metrics');
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('trellis_');
    }
    expect(prod.app.fastify.metricsUrl()).toBeUndefined();
  });

  it('is served on METRICS_PORT, bound to loopback by default, and nothing else is', async () => {
    const url = scraped.app.fastify.metricsUrl()!;
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(new URL(scraped.url).port);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await res.text());
    expect(httpCount(samples, { method: 'GET', route: '/api/health', status_code: '200' })).toBe(1);
    expect((await fetch(new URL('/graphql', url))).status).toBe(404);
  });
});
