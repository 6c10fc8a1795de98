import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/** Trellis as a subgraph behind Hive Gateway from npm, run in this process, signing its requests. */
const SECRET = 'router-and-subgraph-share-this-secret-0123456789';
let t: TestApp;
let gateway: ReturnType<typeof createGatewayRuntime>;
let admin: string;
let supergraph: string;
let alice: { auth: string };
beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_FEDERATION: 'subgraph', FEDERATION_HMAC_SECRET: SECRET });
  admin = await t.login('admin', ADMIN_PASSWORD);
  const sdl = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ _service { sdl } }',
      extensions: { 'hmac-signature': await signed('{ _service { sdl } }') },
    }),
  }).then((r) => r.json() as Promise<{ data: { _service: { sdl: string } } }>);
  const composed = composeServices([
    { name: 'trellis', url: `${t.url}/graphql`, typeDefs: parse(sdl.data._service.sdl) },
  ]);
  expect(composed.errors ?? []).toEqual([]);
  supergraph = composed.supergraphSdl!;
  gateway = createGatewayRuntime({
    supergraph,
    hmacSignature: { secret: SECRET },
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') ?? undefined }),
    },
    logging: false,
    // A subgraph's refusal reaches the test as its message, not as the gateway's masked "Unexpected error.".
    maskedErrors: false,
  });
  // Every GraphQL request reaches the subgraph through the gateway, the administrator's too.
  const created = await throughGateway(
    'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
    { input: { username: 'alice', password: DEFAULT_PASSWORD, role: 'USER' } },
    admin,
  );
  expect(created.body.errors).toBeUndefined();
  alice = { auth: await t.login('alice', DEFAULT_PASSWORD) };
});
afterAll(async () => {
  await gateway?.dispose();
  await t?.stop();
});

async function signed(query: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const { defaultParamsSerializer } = await import('@graphql-hive/gateway-runtime');
  return createHmac('sha256', SECRET)
    .update(defaultParamsSerializer({ query } as never) ?? '')
    .digest('base64');
}

async function throughGateway(query: string, variables: Record<string, unknown> = {}, auth?: string) {
  const response = await gateway.fetch('http://gateway/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: any;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    },
  };
}

describe('Hive Gateway in front of Trellis', () => {
  it('answers a query, forwarding the caller’s credentials to the subgraph', async () => {
    const asAdmin = await throughGateway('{ me { username role } health { status } }', {}, admin);
    expect(asAdmin.body.errors).toBeUndefined();
    expect(asAdmin.body.data).toEqual({ me: { username: 'admin', role: 'ADMIN' }, health: { status: 'healthy' } });
    const asAlice = await throughGateway('{ me { username } }', {}, alice.auth);
    expect(asAlice.body.data).toEqual({ me: { username: 'alice' } });
  });

  it('runs a mutation as the caller, and the requester reads back only their own request', async () => {
    const created = await throughGateway(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id title requester { username } } }',
      { input: { title: 'Through the router', description: 'Signed on the way' } },
      alice.auth,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createHelpRequest).toMatchObject({
      title: 'Through the router',
      requester: { username: 'alice' },
    });
    const id = created.body.data.createHelpRequest.id as number;
    const read = await throughGateway('query($id: Int!) { helpRequest(id: $id) { id title } }', { id }, alice.auth);
    expect(read.body.data.helpRequest).toEqual({ id, title: 'Through the router' });
    const anonymous = await throughGateway('query($id: Int!) { helpRequest(id: $id) { id } }', { id });
    expect(anonymous.body.data?.helpRequest ?? null).toBeNull();
    expect(anonymous.body.errors?.length).toBeGreaterThan(0);
  });

  it('is refused by the subgraph when it signs with another secret, and the subgraph runs nothing', async () => {
    const impostor = createGatewayRuntime({
      supergraph,
      hmacSignature: { secret: 'x'.repeat(48) },
      logging: false,
      maskedErrors: false,
    });
    try {
      const { result, statements } = await t.countQueries(async () =>
        impostor.fetch('http://gateway/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ health { status } }' }),
        }),
      );
      const body = (await result.json()) as { data?: unknown; errors?: Array<{ message: string }> };
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.message).toMatch(/router signature does not match/);
      expect(statements).toEqual([]);
    } finally {
      await impostor.dispose();
    }
  });
});
