import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestDatabase } from '../helpers/app.js';
import { startMainProcess, type MainProcess } from '../helpers/main-process.js';

/*
 * The gateway as an operator starts it (`npm start`, which imports the tracing module before the app), exporting
 * over OTLP/HTTP to a plain HTTP receiver started here: what a collector would receive, in each protocol.
 */

interface Export {
  path: string;
  contentType: string;
  body: Buffer;
}

let receiver: Server;
let endpoint: string;
const received: Export[] = [];
let database: { url: string; drop: () => Promise<void> };
let running: MainProcess | undefined;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: String(request.headers['content-type']),
        body: Buffer.concat(chunks),
      });
      const json = String(request.headers['content-type']).includes('json');
      response
        .writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' })
        .end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  database = await createTestDatabase();
});
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  running = undefined;
  received.length = 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await database?.drop();
});

const INCOMING_TRACE = randomBytes(16).toString('hex');
const INCOMING_SPAN = randomBytes(8).toString('hex');
const LIST = 'query Requests { helpRequests(perPage: 5) { requests { id title } } }';

async function start(env: Record<string, string>): Promise<MainProcess> {
  running = await startMainProcess({
    DATABASE_URL: database.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `trellis-test-otlp-${randomBytes(4).toString('hex')}:`,
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    ...env,
  });
  return running;
}

/** Signs in and asks for a page of help requests as a traced caller would, with its own traceparent. */
async function listRequests(app: MainProcess): Promise<number> {
  const login = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await fetch(`${app.base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01`,
    },
    body: JSON.stringify({ query: LIST }),
  });
  expect(response.status).toBe(200);
  return Date.now();
}

async function until<T>(find: () => T | undefined, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(`nothing arrived within ${withinMs} ms (${received.length} exports received)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

function jsonSpans(): { spans: JsonSpan[]; serviceNames: string[] } {
  const spans: JsonSpan[] = [];
  const serviceNames: string[] = [];
  for (const e of received.filter((x) => x.contentType.includes('json'))) {
    const body = JSON.parse(e.body.toString('utf8')) as {
      resourceSpans: Array<{
        resource: { attributes: JsonSpan['attributes'] };
        scopeSpans: Array<{ spans: JsonSpan[] }>;
      }>;
    };
    for (const resourceSpans of body.resourceSpans) {
      const name = resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
      if (typeof name === 'string') serviceNames.push(name);
      for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans);
    }
  }
  return { spans, serviceNames };
}

const attribute = (span: JsonSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('traces exported over OTLP/HTTP by the running gateway', () => {
  it('delivers within two seconds, as http/json, a GraphQL list query from the caller’s span down to its PostgreSQL statements', async () => {
    const app = await start({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    const answered = await listRequests(app);
    const trace = () => jsonSpans().spans.filter((s) => s.traceId === INCOMING_TRACE);
    const operation = await until(() => trace().find((s) => s.name === 'query Requests'), 2000);
    const http = await until(() => trace().find((s) => s.name === 'POST /graphql'), 2000);
    expect(Date.now() - answered).toBeLessThan(2500);

    expect(received.every((e) => e.path === '/v1/traces')).toBe(true);
    expect(http.parentSpanId).toBe(INCOMING_SPAN);
    expect(attribute(http, 'http.route')).toBe('/graphql');
    expect(attribute(http, 'http.response.status_code')).toBe(200);
    expect(operation.parentSpanId).toBe(http.spanId);
    expect(attribute(operation, 'graphql.operation.type')).toBe('query');
    expect(attribute(operation, 'graphql.document')).toBe(
      'query Requests{helpRequests(perPage:0){requests{id title}}}',
    );
    const statements = await until(() => {
      const found = trace().filter(
        (s) => s.parentSpanId === operation.spanId && attribute(s, 'db.system.name') === 'postgresql',
      );
      return found.length > 0 ? found : undefined;
    }, 2000);
    expect(statements.some((s) => String(attribute(s, 'db.query.text')).includes('help_requests'))).toBe(true);
    expect(statements.every((s) => attribute(s, 'db.namespace') === new URL(database.url).pathname.slice(1))).toBe(
      true,
    );
    // The loader hook reached ioredis too: the rate limiter's Redis call is in the request's trace.
    expect(trace().some((s) => attribute(s, 'db.system.name') === 'redis')).toBe(true);
    expect(jsonSpans().serviceNames).toContain('trellis');
  }, 90_000);

  it('exports as http/protobuf', async () => {
    const app = await start({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
    await listRequests(app);
    const traceId = Buffer.from(INCOMING_TRACE, 'hex');
    const exported = await until(() => {
      const body = Buffer.concat(received.map((e) => e.body));
      return body.includes(traceId) && body.includes('query Requests') && body.includes('POST /graphql')
        ? body
        : undefined;
    }, 2000);
    expect(received.every((e) => e.contentType === 'application/x-protobuf')).toBe(true);
    // Protobuf carries ids as raw bytes and names as UTF-8: the caller's span id is there as the HTTP span's parent.
    expect(exported.includes(Buffer.from(INCOMING_SPAN, 'hex'))).toBe(true);
  }, 90_000);

  it('exports nothing when OTEL_SDK_DISABLED=true, though an endpoint is set', async () => {
    const app = await start({
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SDK_DISABLED: 'true',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await listRequests(app);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toEqual([]);
    expect(app.output()).not.toMatch(/trace_id|tracing module was not loaded/);
  }, 90_000);
});
