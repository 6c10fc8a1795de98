import { ApolloServer } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import { makeExecutableSchema } from '@graphql-tools/schema';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metrics } from '../../src/platform/observability/metrics.js';
import { createResponseCache } from '../../src/server/response-cache.js';

/** The response cache's bound, on a one-field schema whose every answer may be replayed. */
let app: FastifyInstance;
let apollo: ApolloServer;
const answered: string[] = [];

beforeAll(async () => {
  const metrics = { cacheLookup: () => undefined, graphqlOperation: () => undefined } as unknown as Metrics;
  const cache = createResponseCache({ ttlSeconds: 60, policy: { echo: () => true }, metrics });
  const schema = makeExecutableSchema({
    typeDefs: 'type Echo { key: String! } type Query { echo(key: String!): Echo! }',
    resolvers: {
      Query: {
        echo: (_source: unknown, { key }: { key: string }) => {
          answered.push(key);
          return { key };
        },
      },
    },
  });
  apollo = new ApolloServer({ schema: cache.track(schema), plugins: [cache.apolloPlugin()] });
  await apollo.start();
  app = Fastify();
  await app.register(cache.plugin, { path: '/graphql' });
  app.post('/graphql', fastifyApolloHandler(apollo));
});
afterAll(async () => {
  await app?.close();
  await apollo?.stop();
});

const ask = (key: string) =>
  app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: 'query($k: String!) { echo(key: $k) { key } }', variables: { k: key } },
  });

describe('the public response cache', () => {
  it('keeps 10,000 answers, dropping the least recently used first', async () => {
    for (let i = 0; i < 10_000; i++) await ask(`k${i}`);
    await ask('k0'); // replayed: k1 is now the least recently used
    await ask('k10000');
    answered.length = 0;
    const replayed = await ask('k0');
    expect(replayed.headers['cache-control']).toMatch(/^public, max-age=/);
    await ask('k1');
    expect(answered).toEqual(['k1']);
  });
});
