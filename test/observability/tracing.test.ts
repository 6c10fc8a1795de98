import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, loadTracingConfig } from '../../src/platform/config.js';
import { startTracing, type RunningTracing } from '../../src/platform/observability/sdk.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../risk/fake-upstream.js';

/*
 * Tracing as an operator sees it: spans exported from a real app (real PostgreSQL, Redis, HTTP and WebSocket), read
 * here from memory. The SDK starts before the app's modules are imported, as `--import` starts it in production,
 * so pg, ioredis and the HTTP server are instrumented the way they are in a deployed process.
 */

const exporter = new InMemorySpanExporter();
const tracing: RunningTracing = await startTracing(
  { ...loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' }), urlSecrets: [FAKE_MAP_KEY] },
  { esmHook: true, spanProcessors: [new SimpleSpanProcessor(exporter)] },
);
// Vitest's module runner hands ioredis's CommonJS build to Node by a path the ESM hook does not see; requiring it
// once lets the require hook instrument the class every import shares. The process test below checks the loader
// path production takes, Redis included.
createRequire(import.meta.url)('ioredis');
const { ADMIN_PASSWORD, startTestApp } = await import('../helpers/app.js');
const { connect, untilListening } = await import('../helpers/subscriptions.js');
type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const INCOMING_SPAN = '00f067aa0ba902b7';
const traceparent = `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01`;

let t: TestApp;
let fake: FakeUpstream;
let admin: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestApp({
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `trellis-test-tracing-${randomBytes(4).toString('hex')}:`,
    SEISMIC_API_URL: fake.seismicUrl,
    FIRE_API_URL: fake.fireUrl,
    FIRE_API_TOKEN: FAKE_MAP_KEY,
    ZIP_GEOCODER_URL: fake.geocoderUrl,
  });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.stop();
  await fake?.close();
  await tracing.shutdown();
});
beforeEach(() => exporter.reset());

const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const byId = (spans: ReadableSpan[]) => new Map(spans.map((s) => [s.spanContext().spanId, s]));

/** Whether `span` sits under `ancestor` in its trace. */
function descends(span: ReadableSpan, ancestor: ReadableSpan, spans: ReadableSpan[]): boolean {
  const index = byId(spans);
  for (let at = parentOf(span); at; at = index.get(at) && parentOf(index.get(at)!)) {
    if (at === ancestor.spanContext().spanId) return true;
  }
  return false;
}

/** Spans end when the response is finished; the HTTP span may end just after the client has its answer. */
async function settled(find: () => ReadableSpan | undefined): Promise<ReadableSpan> {
  for (let i = 0; i < 100; i++) {
    const span = find();
    if (span) return span;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `span never finished; finished: ${exporter
      .getFinishedSpans()
      .map((s) => s.name)
      .join(', ')}`,
  );
}

const isSql = (s: ReadableSpan) => s.attributes['db.system.name'] === 'postgresql';
const isRedis = (s: ReadableSpan) => s.attributes['db.system.name'] === 'redis';

describe('whether the process traces', () => {
  const base = { NODE_ENV: 'development' };
  it('traces when an exporter is named or an OTLP endpoint is set, and never when the SDK is disabled', () => {
    expect(loadConfig(base).tracing.enabled).toBe(false);
    expect(loadConfig({ ...base, OTEL_TRACES_EXPORTER: 'console' }).tracing.enabled).toBe(true);
    expect(loadConfig({ ...base, OTEL_TRACES_EXPORTER: 'none' }).tracing.enabled).toBe(false);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing.enabled).toBe(true);
    expect(
      loadConfig({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).tracing.enabled,
    ).toBe(true);
    expect(
      loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing
        .enabled,
    ).toBe(false);
  });

  it('names the service trellis unless the operator names it', () => {
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing.serviceName).toBe('trellis');
    expect(
      loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'gateway-eu' }).tracing.serviceName,
    ).toBeUndefined();
    expect(
      loadConfig({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_RESOURCE_ATTRIBUTES: 'service.name=gw,deployment.environment=prod',
      }).tracing.serviceName,
    ).toBeUndefined();
  });

  it('refuses a protocol or an exporter it cannot use, with the variable named', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL: must be one of http\/protobuf, http\/json/,
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER/);
  });
});

describe('one trace per request', () => {
  it('follows a GraphQL list query from the HTTP span through its operation to each SQL statement', async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin, traceparent },
      body: JSON.stringify({
        query:
          'query Requests { helpRequests(status: OPEN, perPage: 5) { pagination { total } requests { id title } } }',
      }),
    });
    expect(response.status).toBe(200);
    const http = await settled(() => spansOf(INCOMING_TRACE).find((s) => s.kind === SpanKind.SERVER));
    const spans = spansOf(INCOMING_TRACE);

    expect(parentOf(http)).toBe(INCOMING_SPAN);
    expect(http.name).toBe('POST /graphql');
    expect(http.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/graphql',
      'url.path': '/graphql',
      'http.response.status_code': 200,
    });

    const operation = spans.find((s) => s.name === 'query Requests')!;
    expect(parentOf(operation)).toBe(http.spanContext().spanId);
    expect(operation.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'Requests',
    });
    // The literal page size is blanked; the enum stays, as it names no one's data.
    expect(operation.attributes['graphql.document']).toBe(
      'query Requests{helpRequests(status:OPEN perPage:0){pagination{total}requests{id title}}}',
    );

    const statements = spans.filter((s) => isSql(s) && descends(s, operation, spans));
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.attributes['db.namespace']).toBe(new URL(t.databaseUrl).pathname.slice(1));
      expect(['SELECT', 'BEGIN', 'COMMIT', 'WITH']).toContain(statement.attributes['db.operation.name']);
    }
    expect(statements.some((s) => /from "?help_requests/.test(String(s.attributes['db.query.text'])))).toBe(true);
    // The rate limiter counts the request in Redis, under the same HTTP span.
    expect(spans.some((s) => isRedis(s) && descends(s, http, spans) && s.kind === SpanKind.CLIENT)).toBe(true);
  });

  it('puts a Redis command and the upstream call under the operation that needed them, carrying traceparent upstream', async () => {
    fake.reset();
    const response = await t.gql<{ wildfireRisk: { zipCode: string } }>(
      'query Fire { wildfireRisk(zip: "94103") { zipCode riskLevel } }',
    );
    expect(response.data?.wildfireRisk.zipCode).toBe('94103');
    const operation = await settled(() => exporter.getFinishedSpans().find((s) => s.name === 'query Fire'));
    const traceId = operation.spanContext().traceId;
    await settled(() => spansOf(traceId).find((s) => s.kind === SpanKind.SERVER));
    const spans = spansOf(traceId);

    expect(operation.attributes['graphql.document']).toBe('query Fire{wildfireRisk(zip:""){zipCode riskLevel}}');
    expect(spans.some((s) => isRedis(s) && descends(s, operation, spans))).toBe(true);
    const upstream = spans.filter(
      (s) => s.kind === SpanKind.CLIENT && s.attributes['url.full'] !== undefined && descends(s, operation, spans),
    );
    const fire = upstream.find((s) => String(s.attributes['url.path']).startsWith('/api/area/csv/'))!;
    expect(fire).toBeDefined();
    expect(JSON.stringify(fire.attributes)).not.toContain(FAKE_MAP_KEY);
    expect(String(fire.attributes['url.full'])).toContain('/api/area/csv/[redacted]/');

    // The upstream heard of the trace: its request carried this trace's id, naming the client span as its parent.
    const sent = fake.headers('fire').at(-1)!.traceparent;
    expect(sent).toBe(`00-${traceId}-${fire.spanContext().spanId}-01`);
  });

  it('follows a REST route through the stored operation it runs', async () => {
    const response = await t.request('/api/help/requests?per_page=5', {
      headers: { authorization: admin, traceparent },
    });
    expect(response.status).toBe(200);
    const http = await settled(() => spansOf(INCOMING_TRACE).find((s) => s.kind === SpanKind.SERVER));
    const spans = spansOf(INCOMING_TRACE);
    expect(http.name).toBe('GET /api/help/requests');
    expect(http.attributes['http.route']).toBe('/api/help/requests');
    const operation = spans.find((s) => s.attributes['graphql.operation.name'] === 'LegacyHelpRequests')!;
    expect(descends(operation, http, spans)).toBe(true);
    expect(spans.filter((s) => isSql(s) && descends(s, operation, spans)).length).toBeGreaterThan(0);
  });

  it("does not mark a client's mistake as a failed span", async () => {
    const bad = await t.request('/graphql', { method: 'POST', json: { query: '{ nope }' }, headers: { traceparent } });
    expect(bad.status).toBe(400);
    const http = await settled(() => spansOf(INCOMING_TRACE).find((s) => s.kind === SpanKind.SERVER));
    expect(http.attributes['http.response.status_code']).toBe(400);
    expect(http.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('never puts a literal a caller wrote into the trace', async () => {
    const password = ADMIN_PASSWORD;
    const response = await t.gql(
      `mutation SignIn { login(username: "admin", password: "${password}") { accessToken } }`,
    );
    expect(response.errors).toBeUndefined();
    const operation = await settled(() => exporter.getFinishedSpans().find((s) => s.name === 'mutation SignIn'));
    const traceId = operation.spanContext().traceId;
    await settled(() => spansOf(traceId).find((s) => s.kind === SpanKind.SERVER));
    const everything = JSON.stringify(spansOf(traceId).map((s) => s.attributes));
    expect(everything).not.toContain(password);
    expect(operation.attributes['graphql.document']).toBe(
      'mutation SignIn{login(username:"" password:""){accessToken}}',
    );
    // Statements carry placeholders, never the values MikroORM may have written into them.
    const statements = spansOf(traceId)
      .filter(isSql)
      .map((s) => String(s.attributes['db.query.text']));
    expect(statements.length).toBeGreaterThan(0);
    for (const text of statements) expect(text).not.toMatch(/'admin'|\$argon2/);
  });

  it("masks a GET request's document and variables in the HTTP span", async () => {
    const query = encodeURIComponent('query Zip($zip: String!) { wildfireRisk(zip: $zip) { zipCode } }');
    const variables = encodeURIComponent(JSON.stringify({ zip: '94103' }));
    await t.request(`/graphql?query=${query}&variables=${variables}&operationName=Zip`, {
      headers: { traceparent, 'apollo-require-preflight': 'true' },
    });
    const http = await settled(() => spansOf(INCOMING_TRACE).find((s) => s.kind === SpanKind.SERVER));
    expect(http.attributes['url.query']).toBe('query=[redacted]&variables=[redacted]&operationName=Zip');
  });

  it('writes the trace and span ids on a log line written inside the request', async () => {
    const requestId = `trace-log-${randomBytes(4).toString('hex')}`;
    await t.request('/graphql', {
      method: 'POST',
      json: { query: '{ nope }' },
      headers: { traceparent, 'x-request-id': requestId },
    });
    await settled(() => spansOf(INCOMING_TRACE).find((s) => s.kind === SpanKind.SERVER));
    const lines = t.logs.filter((line) => line.requestId === requestId && line.trace_id !== undefined);
    expect(lines.length).toBeGreaterThan(0);
    const ids = new Set(spansOf(INCOMING_TRACE).map((s) => s.spanContext().spanId));
    for (const line of lines) {
      expect(line.trace_id).toBe(INCOMING_TRACE);
      expect(ids.has(String(line.span_id))).toBe(true);
    }
  });
});

describe('work outside a request', () => {
  it('links each subscription delivery to the span of the mutation that caused it, through Redis', async () => {
    const connection = connect(t.url, admin);
    try {
      const before = t.app.services.helpdesk.events.listenerCount;
      const changes = connection.subscribe(
        'subscription Watch { helpRequestChanged { kind requestId request { id title } } }',
      );
      await untilListening(t.app, before + 1);
      const created = await t.gql<{ createHelpRequest: { id: number } }>(
        'mutation File($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
        { input: { title: 'Printer on fire', description: 'Smoke from tray 2' } },
        admin,
      );
      const { helpRequestChanged } = (await changes.nextData()) as { helpRequestChanged: { requestId: number } };
      expect(helpRequestChanged.requestId).toBe(created.data?.createHelpRequest.id);

      const mutation = await settled(() => exporter.getFinishedSpans().find((s) => s.name === 'mutation File'));
      const delivery = await settled(() => exporter.getFinishedSpans().find((s) => s.name === 'subscription Watch'));
      expect(delivery.attributes['graphql.operation.type']).toBe('subscription');
      expect(delivery.links.map((l) => l.context.spanId)).toContain(mutation.spanContext().spanId);
      expect(delivery.links[0].context.traceId).toBe(mutation.spanContext().traceId);
      // The change crossed Redis: the mutation's trace holds the PUBLISH.
      const published = await settled(() =>
        spansOf(mutation.spanContext().traceId).find((s) => isRedis(s) && s.attributes['db.query.text'] === 'publish'),
      );
      expect(published.kind).toBe(SpanKind.CLIENT);
      // The delivery's statements are its own, under its span.
      const own = spansOf(delivery.spanContext().traceId);
      expect(own.some((s) => isSql(s) && descends(s, delivery, own))).toBe(true);
    } finally {
      await connection.dispose();
    }
  });

  it('gives timed work a trace of its own, with its statements under it', async () => {
    await t.app.services.helpdesk.slaMonitor.check();
    const look = await settled(() =>
      exporter.getFinishedSpans().find((s) => s.name === 'look for service-level breaches'),
    );
    expect(look.parentSpanContext).toBeUndefined();
    const spans = spansOf(look.spanContext().traceId);
    expect(spans.some((s) => isSql(s) && parentOf(s) === look.spanContext().spanId)).toBe(true);
    expect(spans.some((s) => s.kind === SpanKind.SERVER)).toBe(false);
  });
});
