import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices as composeWithApollo } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { defaultParamsSerializer } from '@graphql-hive/gateway-runtime';
import { transformSupergraphToPublicSchema } from '@theguild/federation-composition';
import { buildASTSchema, graphql, lexicographicSortSchema, parse, printSchema, type GraphQLSchema } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Subgraph } from '../../docs/examples/supergraph/compose.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';
import { mergedTypeDefs } from '../../src/server/schema.js';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening } from '../helpers/subscriptions.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../risk/fake-upstream.js';

/**
 * Trellis split in two subgraphs, risk alone and every other module, beside another team's subgraph that extends
 * User, behind Hive Gateway from npm: its CLI, run with the committed docs/examples/supergraph/gateway.config.ts on
 * a supergraph composed by docs/examples/supergraph/compose.ts. The single process, with every module and no
 * federation, answers the same questions for comparison; the risk upstreams are faked at their HTTP boundary.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'router-and-subgraph-share-this-secret-0123456789';
const JULY = new Date('2026-07-15T12:00:00.000Z');

let fake: FakeUpstream;
let monolith: TestApp;
let desk: TestApp;
let risk: TestApp;
let accounts: { url: string; server: Server; authorizations: Array<string | undefined> };
let router: { url: string; process: ChildProcess; output: string[] };
let workDir: string;
let sdl: Record<'desk' | 'risk' | 'accounts', string>;
/** Credentials in each deployment: the single process and the split's help desk each have their own accounts. */
const auth = {
  monolith: {} as Record<'admin' | 'alice' | 'bob', string>,
  split: {} as Record<'admin' | 'alice' | 'bob', string>,
};

/** The other team's subgraph: User by id, with a badge of its own; it notes the credentials each request brings. */
const ACCOUNTS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  type User @key(fields: "id") {
    id: ID!
    badge: String!
  }
`;

async function startAccounts(): Promise<typeof accounts> {
  const schema = buildSubgraphSchema([
    {
      typeDefs: parse(ACCOUNTS_SDL),
      resolvers: {
        User: {
          __resolveReference: (user: { id: string }) => user,
          badge: (user: { id: string }) => `badge-${user.id.slice(0, 4)}`,
        },
      } as never,
    },
  ]);
  const authorizations: Array<string | undefined> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the handler answers the request itself; nothing waits on it
    request.on('end', async () => {
      authorizations.push(request.headers.authorization);
      const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
      const result = await graphql({ schema, source: query, variableValues: variables });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, server, authorizations };
}

/** A subgraph's SDL, asked as the router asks it: signed. */
async function serviceSdl(app: TestApp): Promise<string> {
  const query = '{ _service { sdl } }';
  const signature = createHmac('sha256', SECRET)
    .update(defaultParamsSerializer({ query } as never) ?? '')
    .digest('base64');
  const answer = await app.request('/graphql', {
    method: 'POST',
    json: { query, extensions: { 'hmac-signature': signature } },
  });
  return answer.body.data._service.sdl;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** `npx hive-gateway supergraph` with the committed config, as the README starts it; resolves once it answers. */
async function startRouter(supergraphFile: string): Promise<typeof router> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@graphql-hive/gateway/dist/bin.js'),
      'supergraph',
      supergraphFile,
      '-c',
      path.join(ROOT, 'docs/examples/supergraph/gateway.config.ts'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: workDir,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', FEDERATION_HMAC_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readiness`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, process: child, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`Hive Gateway did not start:\n${output.join('')}`);
}

const RISK_ENV = () => ({
  SEISMIC_API_URL: fake.seismicUrl,
  FIRE_API_URL: fake.fireUrl,
  FIRE_API_TOKEN: FAKE_MAP_KEY,
  UPSTREAM_TIMEOUT_MS: '300',
});
const SUBGRAPH_ENV = { GRAPHQL_FEDERATION: 'subgraph', FEDERATION_HMAC_SECRET: SECRET };

beforeAll(async () => {
  fake = await startFakeUpstream();
  workDir = mkdtempSync(path.join(tmpdir(), 'trellis-supergraph-'));
  [monolith, desk, risk, accounts] = await Promise.all([
    startTestApp(RISK_ENV(), { now: () => JULY }),
    // The help desk's process has no risk configuration at all: it never calls an upstream.
    startTestApp(
      {
        ...SUBGRAPH_ENV,
        // Every module but risk, which the next process serves.
        TRELLIS_MODULES: modules
          .filter((module) => module.name !== 'risk')
          .map((module) => module.name)
          .join(','),
        SEISMIC_API_URL: 'http://127.0.0.1:9/none',
        FIRE_API_URL: 'http://127.0.0.1:9/none',
      },
      { now: () => JULY },
    ),
    startTestApp({ ...SUBGRAPH_ENV, ...RISK_ENV(), TRELLIS_MODULES: 'risk' }, { now: () => JULY }),
    startAccounts(),
  ]);
  sdl = { desk: await serviceSdl(desk), risk: await serviceSdl(risk), accounts: ACCOUNTS_SDL };
  const subgraphs: Subgraph[] = [
    { name: 'desk', url: `${desk.url}/graphql`, sdl: sdl.desk },
    { name: 'risk', url: `${risk.url}/graphql`, sdl: sdl.risk },
    { name: 'accounts', url: accounts.url, sdl: sdl.accounts },
  ];
  writeFileSync(path.join(workDir, 'supergraph.graphql'), compose(subgraphs));
  router = await startRouter('supergraph.graphql');
  auth.monolith = {
    admin: await monolith.login('admin', ADMIN_PASSWORD),
    alice: (await monolith.createUser('alice')).auth,
    bob: (await monolith.createUser('bob')).auth,
  };
  // In the split, every GraphQL request goes through the router, an administrator's too; logging in is REST.
  auth.split.admin = await desk.login('admin', ADMIN_PASSWORD);
  for (const username of ['alice', 'bob'] as const) {
    const created = await throughRouter(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { username, password: DEFAULT_PASSWORD, role: 'USER' } },
      auth.split.admin,
    );
    expect(created.errors).toBeUndefined();
    auth.split[username] = await desk.login(username, DEFAULT_PASSWORD);
  }
}, 120_000);
afterAll(async () => {
  if (router && router.process.exitCode === null) {
    const exited = new Promise((resolve) => router.process.once('exit', resolve));
    router.process.kill();
    await exited;
  }
  await Promise.all([
    monolith?.stop(),
    desk?.stop(),
    risk?.stop(),
    accounts && new Promise((resolve) => accounts.server.close(resolve)),
  ]);
  await fake?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});
afterEach(() => fake.reset());

type Answer = {
  status: number;
  data?: any;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
};

async function throughRouter(
  query: string,
  variables: Record<string, unknown> = {},
  authorization?: string,
): Promise<Answer> {
  // As the test app's own requests do: in the run with replicas, a read sees what another caller committed before.
  await desk.replicasCaughtUp();
  const response = await fetch(`${router.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

const WILDFIRE =
  'zipCode riskScore riskLevel recentFires vegetationRisk weatherRisk lastUpdated coordinates { latitude longitude } components { fireActivity vegetation weather } dataStatus { fire }';
const EARTHQUAKE =
  'zipCode riskScore riskLevel recentEarthquakes maxMagnitude faultDistance lastUpdated components { seismicActivity magnitude faultProximity } dataStatus { seismic }';
const AREA = `areaRisk { zipCode wildfire { ${WILDFIRE} } earthquake { ${EARTHQUAKE} } }`;
const CREATE = 'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }';

/** Files the same request in both deployments (through the router for the split) and returns both numbers. */
async function fileInBoth(
  who: 'alice' | 'bob',
  input: Record<string, unknown>,
): Promise<{ monolith: number; split: number }> {
  const single = await monolith.gql(CREATE, { input }, auth.monolith[who]);
  const routed = await throughRouter(CREATE, { input }, auth.split[who]);
  expect(single.errors).toBeUndefined();
  expect(routed.errors).toBeUndefined();
  return { monolith: single.data.createHelpRequest.id, split: routed.data.createHelpRequest.id };
}

const normalised = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

describe('risk served apart, behind Hive Gateway', () => {
  it('composes, with both composition libraries, into a supergraph whose API schema is the single process’s schema', () => {
    const services = [
      { name: 'desk', url: `${desk.url}/graphql`, typeDefs: parse(sdl.desk) },
      { name: 'risk', url: `${risk.url}/graphql`, typeDefs: parse(sdl.risk) },
    ];
    const expected = normalised(buildASTSchema(mergedTypeDefs(assemble(modules))));
    const apollo = composeWithApollo(services);
    expect(apollo.errors ?? []).toEqual([]);
    expect(normalised(apollo.schema!.toAPISchema().toGraphQLJSSchema())).toBe(expected);
    const guild = compose(services.map(({ name, url }) => ({ name, url, sdl: name === 'desk' ? sdl.desk : sdl.risk })));
    expect(normalised(buildASTSchema(transformSupergraphToPublicSchema(parse(guild))))).toBe(expected);
    // The help desk only names an area; its fields are the risk subgraph's.
    expect(sdl.desk).toContain('type AreaRisk @key(fields: "zipCode", resolvable: false) {');
    expect(sdl.desk).not.toMatch(/^type WildfireRisk\b|^\s+wildfireRisk\(/m);
    expect(sdl.risk).not.toMatch(/^type HelpRequest\b/m);
  });

  it('answers wildfireRisk and earthquakeRisk exactly as the single process does', async () => {
    const query = `query($zip: String!) { wildfireRisk(zip: $zip) { ${WILDFIRE} } earthquakeRisk(zip: $zip) { ${EARTHQUAKE} } }`;
    const single = await monolith.gql(query, { zip: '90210' });
    const routed = await throughRouter(query, { zip: '90210' });
    expect(single.errors).toBeUndefined();
    expect(routed.errors).toBeUndefined();
    expect(routed.data).toEqual(single.data);
    expect(routed.data.wildfireRisk.dataStatus.fire).toBe('LIVE');
    // A refusal reads the same too.
    const bad = await throughRouter('{ wildfireRisk(zip: "9021") { zipCode } }');
    const badSingle = await monolith.gql('{ wildfireRisk(zip: "9021") { zipCode } }');
    expect(bad.errors?.[0]).toMatchObject({
      message: badSingle.errors![0].message,
      extensions: { code: badSingle.errors![0].extensions!.code },
    });
  });

  it('answers helpRequest(id) { areaRisk } exactly as the single process does, the router asking the risk subgraph for the area', async () => {
    const placed = await fileInBoth('alice', { title: 'Smoke', description: 'Ash on cars', zip: '94103' });
    const unplaced = await fileInBoth('alice', {
      title: 'Nowhere',
      description: 'No data set places it',
      zip: '00000',
    });
    const none = await fileInBoth('alice', { title: 'Printer', description: 'Jammed' });
    const query = `query($a: Int!, $b: Int!, $c: Int!) {
      a: helpRequest(id: $a) { title zip ${AREA} }
      b: helpRequest(id: $b) { title zip ${AREA} }
      c: helpRequest(id: $c) { title zip ${AREA} }
    }`;
    const single = await monolith.gql(
      query,
      { a: placed.monolith, b: unplaced.monolith, c: none.monolith },
      auth.monolith.alice,
    );
    const calls = fake.calls('seismic') + fake.calls('fire');
    const routed = await throughRouter(query, { a: placed.split, b: unplaced.split, c: none.split }, auth.split.alice);
    expect(single.errors).toBeUndefined();
    expect(routed.data).toEqual(single.data);
    // The one difference: an area no data set places is a reference the risk subgraph resolves to nothing, which the
    // router reports beside the same null (the single process answers the null alone).
    expect(routed.errors?.map((error) => error.path)).toEqual([['b', 'areaRisk', 'wildfire']]);
    expect(routed.data.a.areaRisk.wildfire.zipCode).toBe('94103');
    expect(routed.data.b.areaRisk).toBeNull();
    expect(routed.data.c.areaRisk).toBeNull();
    // The risk subgraph scored the area from the upstreams, as the single process did before it.
    expect(fake.calls('seismic') + fake.calls('fire')).toBe(2 * calls);
    // Another requester is refused by the help desk before any area is asked for.
    const asBob = await throughRouter(
      `query($a: Int!) { helpRequest(id: $a) { ${AREA} } }`,
      { a: placed.split },
      auth.split.bob,
    );
    expect(asBob.data?.helpRequest ?? null).toBeNull();
    expect([...desk.logs, ...risk.logs].filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('serves a module’s REST routes from the process that has it, and the other answers its documented 404', async () => {
    const filed = await desk.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: auth.split.alice },
      json: { title: 'By REST', description: 'Legacy client' },
    });
    expect(filed.status).toBe(201);
    const scored = await risk.request('/api/risk/wildfire?zip=90210');
    expect(scored.status).toBe(200);
    expect(scored.body).toEqual((await monolith.request('/api/risk/wildfire?zip=90210')).body);
    expect(scored.body.zip_code).toBe('90210');
    for (const [app, foreign] of [
      [desk, '/api/risk/wildfire?zip=90210'],
      [desk, '/api/v1/risk/earthquake?zip=90210'],
      [risk, '/api/help/requests'],
      [risk, '/api/help/faqs'],
    ] as const) {
      const answer = await app.request(foreign, { headers: { authorization: auth.split.alice } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Not found' });
    }
    // Each keeps its own API's error body for its own routes.
    expect(
      (await desk.request('/api/help/requests/999999', { headers: { authorization: auth.split.alice } })).body,
    ).toEqual({ message: 'Resource not found' });
    const badZip = await risk.request('/api/risk/wildfire?zip=9021');
    expect(badZip.status).toBe(400);
    expect(typeof badZip.body.error).toBe('string');
  });
});

describe('subscriptions through the router', () => {
  it('relays helpRequestChanged over graphql-ws to each subscriber as Trellis authorises them: a requester hears their own request only, never an admin note', async () => {
    const subscription =
      'subscription { helpRequestChanged { kind fields request { title adminNotes requester { username } } } }';
    const aliceSocket = connect(router.url, auth.split.alice);
    const adminSocket = connect(router.url, auth.split.admin);
    try {
      const heardByAlice = aliceSocket.subscribe(subscription);
      const heardByAdmin = adminSocket.subscribe(subscription);
      await untilListening(desk.app, 2);
      const bobs = await throughRouter(
        CREATE,
        { input: { title: 'Bob’s', description: 'Not Alice’s business' } },
        auth.split.bob,
      );
      const alices = await throughRouter(
        CREATE,
        { input: { title: 'Alice’s', description: 'Hers' } },
        auth.split.alice,
      );
      const noted = await throughRouter(
        'mutation($id: Int!) { updateHelpRequest(id: $id, input: { adminNotes: "Caller sounded upset" }) { id } }',
        { id: alices.data.createHelpRequest.id },
        auth.split.admin,
      );
      expect(noted.errors).toBeUndefined();
      expect(bobs.errors).toBeUndefined();

      const admin = [await heardByAdmin.nextData(), await heardByAdmin.nextData(), await heardByAdmin.nextData()];
      expect(admin.map((d) => [d.helpRequestChanged.kind, d.helpRequestChanged.request.title])).toEqual([
        ['CREATED', 'Bob’s'],
        ['CREATED', 'Alice’s'],
        ['UPDATED', 'Alice’s'],
      ]);
      expect(admin[2].helpRequestChanged.request.adminNotes).toBe('Caller sounded upset');

      const alice = await heardByAlice.nextData();
      expect(alice.helpRequestChanged).toMatchObject({
        kind: 'CREATED',
        request: { title: 'Alice’s', adminNotes: null, requester: { username: 'alice' } },
      });
      // The admin note is internal: Alice hears nothing of it, and the next thing she hears is her next change.
      await throughRouter(
        'mutation($id: Int!) { updateHelpRequest(id: $id, input: { title: "Alice’s, renamed" }) { id } }',
        { id: alices.data.createHelpRequest.id },
        auth.split.alice,
      );
      const next = await heardByAlice.nextData();
      expect(next.helpRequestChanged).toMatchObject({
        kind: 'UPDATED',
        fields: ['title'],
        request: { title: 'Alice’s, renamed', adminNotes: null },
      });
    } finally {
      await Promise.all([aliceSocket.dispose(), adminSocket.dispose()]);
    }
  });

  it('answers a caller Trellis refuses with the error a query would get, and subscribes nothing', async () => {
    const socket = connect(router.url, 'Bearer not-a-token');
    try {
      const delivery = await socket.subscribe('subscription { helpRequestChanged { kind } }').take();
      const query = await throughRouter('{ me { username } }', {}, 'Bearer not-a-token');
      expect(delivery.type).toBe('next');
      expect(delivery.type === 'next' && delivery.result.errors?.[0]).toMatchObject({
        message: 'Invalid token',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(query.errors?.[0]).toMatchObject({ message: 'Invalid token', extensions: { code: 'UNAUTHENTICATED' } });
      expect(desk.app.services.helpdesk.events.listenerCount).toBe(0);
      // A caller's mistake, not the subgraph's: nothing is logged as an error.
      expect(desk.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      await socket.dispose();
    }
  });
});

describe('another team’s subgraph beside Trellis', () => {
  it('answers its own User field beside Trellis’s, and the caller’s credentials reach Trellis', async () => {
    const answer = await throughRouter('{ me { id username badge } }', {}, auth.split.alice);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.me).toEqual({
      id: expect.any(String),
      username: 'alice',
      badge: `badge-${answer.data.me.id.slice(0, 4)}`,
    });
    const anonymous = await throughRouter('{ me { username badge } }');
    expect(anonymous.data?.me ?? null).toBeNull();
    // The router propagates the Authorization header to every subgraph it calls.
    expect(accounts.authorizations).toContain(auth.split.alice);
  });

  it('keeps hidden what Trellis hides from the caller, next to the other subgraph’s field', async () => {
    const filed = await throughRouter(
      CREATE,
      { input: { title: 'Noted', description: 'An administrator notes it' } },
      auth.split.alice,
    );
    const id = filed.data.createHelpRequest.id as number;
    await throughRouter(
      'mutation($id: Int!) { updateHelpRequest(id: $id, input: { adminNotes: "Internal" }) { id } }',
      { id },
      auth.split.admin,
    );
    const query = 'query($id: Int!) { helpRequest(id: $id) { adminNotes requester { username badge } } }';
    const asAlice = await throughRouter(query, { id }, auth.split.alice);
    expect(asAlice.errors).toBeUndefined();
    expect(asAlice.data.helpRequest).toEqual({
      adminNotes: null,
      requester: { username: 'alice', badge: expect.stringMatching(/^badge-/) },
    });
    const asAdmin = await throughRouter(query, { id }, auth.split.admin);
    expect(asAdmin.data.helpRequest.adminNotes).toBe('Internal');
    // Another user's phone is for that user and administrators only, whichever subgraph adds fields to User.
    const adminId = (await throughRouter('{ me { id } }', {}, auth.split.admin)).data.me.id;
    const assigned = await throughRouter(
      'mutation($id: Int!, $to: ID) { updateHelpRequest(id: $id, input: { assignedToId: $to }) { id } }',
      { id, to: adminId },
      auth.split.admin,
    );
    expect(assigned.errors).toBeUndefined();
    const assignee = await throughRouter(
      'query($id: Int!) { helpRequest(id: $id) { assignee { username phone badge } } }',
      { id },
      auth.split.alice,
    );
    expect(assignee.data.helpRequest.assignee).toEqual({
      username: 'admin',
      phone: null,
      badge: `badge-${adminId.slice(0, 4)}`,
    });
    expect(assignee.errors).toEqual([
      expect.objectContaining({
        path: ['helpRequest', 'assignee', 'phone'],
        extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
      }),
    ]);
  });
});
