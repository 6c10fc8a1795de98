import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allow } from 'graphql-shield';
import { z } from 'zod';
import { readPathsOf } from '../platform/db/read.js';
import { BigIntScalar, DateTime, JSONScalar } from '../platform/graphql/scalars.js';
import { defineModule, type RouteDeps } from '../platform/module.js';
import { runOperation } from '../platform/rest/bridge.js';
import { defineRestApi } from '../platform/rest/api.js';
import { defineRoute } from '../platform/rest/catalog.js';
import { graphql } from '../platform/rest/generated/index.js';

export const HEALTH_VERSION = '1.0.0';

const HEALTH = graphql(`
  query Health {
    health {
      status
      timestamp
      version
    }
  }
`);

const HealthBody = z.object({ status: z.literal('healthy'), timestamp: z.string(), version: z.string() });

/**
 * The gateway's own routes, and every path under /api no module's API owns: a path no route serves answers
 * `{error: "Not found"}`, and any other refusal there is `{error}` too.
 */
const gatewayApi = defineRestApi({
  name: 'gateway',
  tag: 'health',
  description: 'Liveness and readiness, for load balancers and orchestrators.',
  paths: ['/api'],
  errorField: 'error',
  errorSchema: {
    id: 'GatewayError',
    description: 'Error body of the health routes and of paths under /api no other API owns',
  },
});

/**
 * What the gateway itself answers, whichever modules it runs: the root types and scalars (common.graphql), liveness
 * and readiness. The assembly puts it before every listed module.
 */
export const gatewayModule = defineModule({
  name: 'gateway',
  typeDefs: ['common.graphql'],
  resolvers: {
    DateTime,
    BigInt: BigIntScalar,
    JSON: JSONScalar,
    Query: {
      health: (_p, _a, ctx) => ({ status: 'healthy', timestamp: ctx.services.now(), version: HEALTH_VERSION }),
    },
  },
  rules: { Query: { health: allow } },
  routes: registerHealthRoutes,
  restApi: gatewayApi,
});

/** Liveness for anyone; readiness, which a load balancer polls, answers 503 while the database does not. */
function registerHealthRoutes(app: FastifyInstance, { runner, orm, readiness }: RouteDeps): void {
  const health = async (request: FastifyRequest) => {
    const result = await runOperation(runner, request, HEALTH, {}, {});
    return result.data!.health;
  };
  for (const path of ['/api/health', '/api/v1/health']) {
    defineRoute(
      app,
      {
        method: 'GET',
        path,
        summary: 'Liveness',
        api: gatewayApi,
        auth: 'none',
        responses: { 200: { description: 'The process is up', schema: HealthBody } },
      },
      health,
    );
  }

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/ready',
      summary: 'Readiness: the database answers',
      api: gatewayApi,
      auth: 'none',
      responses: {
        200: {
          description: 'Ready; with read replicas, whether each serves reads and how far behind it is',
          schema: z.object({
            status: z.literal('ready'),
            replicas: z
              .array(
                z.object({
                  name: z.string(),
                  serving: z.boolean(),
                  lagSeconds: z.number().nullable(),
                  leftOutBecause: z.enum(['unreachable', 'lagging', 'not a standby']).optional(),
                }),
              )
              .optional(),
            mailboxes: z
              .array(
                z.object({
                  name: z.string(),
                  kind: z.enum(['imap', 'lmtp']),
                  state: z.enum(['connecting', 'up', 'down']),
                  error: z.string().optional(),
                  lastMailAt: z.string().optional(),
                }),
              )
              .optional()
              .describe('Mail in: each IMAP mailbox and the LMTP listener, retried on their own while down'),
          }),
        },
        503: {
          description: 'Database unavailable',
          schema: z.object({ status: z.literal('unavailable'), error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await orm.em.getConnection().execute('select 1');
        // A replica that is down leaves the gateway ready: the primary serves its reads.
        const replicas = readPathsOf(orm.em).replicas?.status();
        return { status: 'ready' as const, ...(replicas ? { replicas } : {}), ...readiness() };
      } catch {
        return reply.code(503).send({ status: 'unavailable', error: 'Database unavailable' });
      }
    },
  );
}
