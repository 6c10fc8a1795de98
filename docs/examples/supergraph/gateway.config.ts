// Hive Gateway in front of Trellis's subgraphs (docs/federation.md):
//   npx hive-gateway supergraph supergraph.graphql -c docs/examples/supergraph/gateway.config.ts --port 4000
import { defineConfig } from '@graphql-hive/gateway';

/** The secret Trellis's subgraphs were started with (FEDERATION_HMAC_SECRET); unset when they were not. */
const secret = process.env.FEDERATION_HMAC_SECRET;

export const gatewayConfig = defineConfig({
  // Every subgraph request the gateway sends, subscriptions included, signed as Trellis checks it.
  ...(secret ? { hmacSignature: { secret } } : {}),
  // The caller's credentials reach each subgraph, which authorises the request as it would a direct one.
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') ?? undefined }),
  },
  // Subscriptions reach Trellis over graphql-ws at the subgraph's own /graphql, one connection per caller, carrying
  // the caller's credentials as Trellis's clients send them: from the client's Authorization header, or from the
  // Authorization its graphql-ws connectionParams carried to the gateway.
  transportEntries: {
    '*.http': {
      options: {
        subscriptions: {
          kind: 'ws',
          location: '/graphql',
          options: {
            connectionParams: {
              Authorization: '{context.headers.authorization}',
              authorization: '{context.connectionParams.Authorization}',
            },
          },
        },
      },
    },
  },
});
