import { createHmac } from 'node:crypto';
import { defaultParamsSerializer } from '@graphql-hive/gateway-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening } from '../helpers/subscriptions.js';

/** FEDERATION_HMAC_SECRET: the subgraph answers only what Hive Gateway's `hmacSignature` signed. */
const SECRET = 'router-and-subgraph-share-this-secret-0123456789';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_FEDERATION: 'subgraph', FEDERATION_HMAC_SECRET: SECRET });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t?.stop());

/** The signature as Hive Gateway computes it, with its own serialiser of the parameters. */
const sign = (query: string, variables?: Record<string, unknown>, secret = SECRET) =>
  createHmac('sha256', secret)
    .update(defaultParamsSerializer({ query, variables } as never) ?? '')
    .digest('base64');

const post = (body: Record<string, unknown>, auth?: string) =>
  t.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    json: body,
  });

describe('a subgraph behind a signing router', () => {
  it('answers a request the router signed, with or without variables', async () => {
    const plain = '{ _service { sdl } }';
    const answer = await post({ query: plain, extensions: { 'hmac-signature': sign(plain) } });
    expect(answer.status).toBe(200);
    expect(answer.body.data._service.sdl).toContain('@key');
    const withVariables = 'query($r: [_Any!]!) { _entities(representations: $r) { __typename } health { status } }';
    const variables = { r: [{ __typename: 'Faq', id: 424242 }] };
    const signed = await post({
      query: withVariables,
      variables,
      extensions: { 'hmac-signature': sign(withVariables, variables) },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toEqual({ _entities: [null], health: { status: 'healthy' } });
  });

  it('refuses an unsigned request with 401 before running anything', async () => {
    const mutation =
      'mutation { createHelpRequest(input: {title: "Direct", description: "Around the router"}) { id } }';
    const { result, statements } = await t.countQueries(() => post({ query: mutation }, admin));
    expect(result.status).toBe(401);
    expect(result.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(statements).toEqual([]);
  });

  it('refuses with 403 a signature made with another secret, or for other variables', async () => {
    const query = 'query($zip: String!) { wildfireRisk(zip: $zip) { zipCode } }';
    const wrongSecret = await post({
      query,
      variables: { zip: '90210' },
      extensions: { 'hmac-signature': sign(query, { zip: '90210' }, 'x'.repeat(40)) },
    });
    expect(wrongSecret.status).toBe(403);
    expect(wrongSecret.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const otherVariables = await post({
      query,
      variables: { zip: '10001' },
      extensions: { 'hmac-signature': sign(query, { zip: '90210' }) },
    });
    expect(otherVariables.status).toBe(403);
  });

  it('refuses an unsigned GET query too, and leaves the REST routes alone', async () => {
    const get = await t.request(`/graphql?query=${encodeURIComponent('{ health { status } }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(401);
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('healthy');
  });

  it('serves a WebSocket subscription the router signed, and refuses an unsigned or missigned subscribe before running it', async () => {
    const connection = connect(t.url, admin);
    const deliveries = (payload: { query: string; extensions?: Record<string, unknown> }) =>
      new Promise<unknown>((resolve) => {
        const stop = connection.client.subscribe(payload, {
          next: (value) => {
            stop();
            resolve(value);
          },
          error: resolve,
          complete: () => resolve('complete'),
        });
      });
    try {
      const query = 'subscription { helpRequestChanged { kind request { title } } }';
      const unsigned = (await deliveries({ query })) as Array<{ message: string; extensions: { code: string } }>;
      expect(unsigned[0]).toMatchObject({
        message: expect.stringMatching(/no router signature/),
        extensions: { code: 'UNAUTHENTICATED' },
      });
      const missigned = (await deliveries({
        query,
        extensions: { 'hmac-signature': sign(query, undefined, 'x'.repeat(40)) },
      })) as typeof unsigned;
      expect(missigned[0].extensions.code).toBe('FORBIDDEN');
      expect(t.app.services.helpdesk.events.listenerCount).toBe(0);
      const heard = deliveries({ query, extensions: { 'hmac-signature': sign(query) } });
      await untilListening(t.app, 1);
      const signedMutation =
        'mutation { createHelpRequest(input: {title: "Signed", description: "Through the router"}) { id } }';
      expect(
        (await post({ query: signedMutation, extensions: { 'hmac-signature': sign(signedMutation) } }, admin)).status,
      ).toBe(200);
      expect(await heard).toEqual({ data: { helpRequestChanged: { kind: 'CREATED', request: { title: 'Signed' } } } });
    } finally {
      await connection.dispose();
    }
  });
});

describe('FEDERATION_HMAC_SECRET', () => {
  it('is refused outside subgraph mode and when short', async () => {
    const { loadConfig } = await import('../../src/platform/config.js');
    expect(() => loadConfig({ FEDERATION_HMAC_SECRET: SECRET })).toThrow(
      /applies only with GRAPHQL_FEDERATION=subgraph/,
    );
    expect(() => loadConfig({ GRAPHQL_FEDERATION: 'subgraph', FEDERATION_HMAC_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
  });
});
