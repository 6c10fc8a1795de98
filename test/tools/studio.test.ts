import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginUsageReportingDisabled } from '@apollo/server/plugin/disabled';
import { buildSchema as parseSdl, lexicographicSortSchema, printSchema } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { buildSchema } from '../../src/server/schema.js';
import { studioPlugins } from '../../src/platform/observability/graphql.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

const GRAPH_REF = 'trellis-test@current';
const APOLLO_KEY = 'service:trellis-test:not-a-real-key-0123456789';
const html = { accept: 'text/html' };
const normalised = (sdl: string) => printSchema(lexicographicSortSchema(parseSdl(sdl)));
/** Types, fields and arguments without descriptions: the running schema loses the SDL's scalar descriptions. */
const shape = (sdl: string) => {
  const schema = lexicographicSortSchema(parseSdl(sdl));
  for (const type of Object.values(schema.getTypeMap())) {
    type.description = undefined;
    if ('getFields' in type) for (const field of Object.values(type.getFields())) field.description = undefined;
  }
  return printSchema(schema);
};

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.stop());

  it('serves no IDE (neither GraphiQL nor the Sandbox) to a browser opening /graphql', async () => {
    const res = await t.request('/graphql', { headers: html });
    expect(res.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect(String(res.body)).not.toMatch(/sandbox|apollographql|graphiql/i);
  });

  it('does not publish the SDL over HTTP (introspection is off too)', async () => {
    expect((await t.request('/graphql/schema.graphql')).status).toBe(404);
  });
});

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => t.stop());

  it('serves GraphiQL at /graphql to a browser in development, loading nothing from another host', async () => {
    const res = await t.request('/graphql', { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = String(res.body);
    expect(page).toContain('renderYogaGraphiQL');
    expect(page).not.toMatch(/embeddable-sandbox|apollographql\.com|unpkg\.com|cdn\.jsdelivr/);
    // Nothing the page loads names another host: no external script, stylesheet, icon or import.
    expect(page).not.toMatch(/<(script|link)[^>]+(src|href)=["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/import\s*\(\s*["']https?:/);
    // API clients asking for JSON still get GraphQL.
    expect(
      (await t.request('/graphql?query=%7B__typename%7D', { headers: { 'apollo-require-preflight': 'true' } })).body,
    ).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves the merged SDL at /graphql/schema.graphql, the same schema as the generated file frontends use', async () => {
    const res = await t.request('/graphql/schema.graphql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const generated = readFileSync(
      new URL('../../src/platform/graphql/generated/schema.graphql', import.meta.url),
      'utf8',
    );
    expect(normalised(res.body as string)).toBe(normalised(generated));
    expect(shape(generated)).toBe(shape(printSchema(buildSchema(assemble(modules)))));
    expect(shape(generated)).toContain('type Query');
  });
});

describe('Apollo Studio reporting', () => {
  const realFetch = globalThis.fetch;
  /** Calls that left for Apollo's hosts; everything else (the tests' own requests) goes through. */
  let toApollo: Array<{ url: string; headers: Record<string, string>; body: Buffer }> = [];
  beforeAll(() => {
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!/apollographql\.com/.test(url)) return realFetch(input, init);
      const body = init?.body instanceof Uint8Array ? Buffer.from(init.body) : Buffer.from(String(init?.body ?? ''));
      toApollo.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()), body });
      return new Response('', { status: 204 });
    });
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => {
    toApollo = [];
  });

  // First: an app started with a key keeps its Apollo reporting timers after app.stop(), which would pollute this one.
  it('sends nothing to Apollo without APOLLO_KEY and APOLLO_GRAPH_REF', async () => {
    const t = await startTestApp();
    await t.gql('query StudioProbe { health { status } }');
    await t.stop();
    expect(toApollo).toEqual([]);
  });

  it(
    'sends usage reports for the graph when APOLLO_KEY and APOLLO_GRAPH_REF are set',
    { timeout: 30_000 },
    async () => {
      const t = await startTestApp({ APOLLO_KEY, APOLLO_GRAPH_REF: GRAPH_REF });
      await t.gql('query StudioProbe { health { status } }');
      const reportsSent = () =>
        toApollo.filter((c) => c.url.startsWith('https://usage-reporting.api.apollographql.com'));
      // Apollo sends what it holds every 10 s; app.stop() does not stop Apollo, so its flush on stop never runs.
      await vi.waitFor(() => expect(reportsSent().length).toBeGreaterThan(0), { timeout: 15_000, interval: 200 });
      await t.stop();
      const reports = reportsSent();
      expect(reports[0].headers['x-api-key']).toBe(APOLLO_KEY);
      const report = gunzipSync(reports[0].body).toString('latin1');
      expect(report).toContain(GRAPH_REF);
      expect(report).toContain('StudioProbe');
    },
  );

  it('reports the schema when configured, so Studio follows every deploy', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      APOLLO_KEY,
      APOLLO_GRAPH_REF: GRAPH_REF,
    });
    const sent: Array<{ variables: { report: { graphRef: string }; coreSchema: string | null } }> = [];
    const fetcher = async (_url: string, init: { body?: string }) => {
      sent.push(JSON.parse(String(init.body)));
      // Apollo asks for the full schema on the next report when it has not seen this one.
      return new Response(
        JSON.stringify({
          data: {
            reportSchema: { __typename: 'ReportSchemaResponse', inSeconds: 0, withCoreSchema: sent.length === 1 },
          },
        }),
      );
    };
    const server = new ApolloServer({
      schema: buildSchema(assemble(modules)),
      apollo: { key: APOLLO_KEY, graphRef: GRAPH_REF },
      plugins: [
        ...studioPlugins(config, { fetcher: fetcher as never, initialDelayMaxMs: 1 }),
        ApolloServerPluginUsageReportingDisabled(),
      ],
    });
    await server.start();
    await vi.waitFor(() => expect(sent.some((s) => s.variables.coreSchema)).toBe(true), { timeout: 5_000 });
    await server.stop();
    const withSchema = sent.find((s) => s.variables.coreSchema)!;
    expect(withSchema.variables.report.graphRef).toBe(GRAPH_REF);
    expect(shape(withSchema.variables.coreSchema!)).toBe(shape(printSchema(buildSchema(assemble(modules)))));

    expect(studioPlugins(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    expect(studioPlugins(loadConfig({ NODE_ENV: 'test', APOLLO_KEY }))).toEqual([]);
  });
});
