import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { routePattern } from '../shared/route-pattern.js';
import type { Metrics } from './metrics.js';
import { registerSchemaDownload } from './sdl.js';

export { createMetrics, type Metrics, type OperationOutcome, type UpstreamOutcome } from './metrics.js';
export { observabilityPlugins } from './graphql.js';

/** Paths the gateway serves for operators and tooling rather than for API callers. */
export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time: comparing digests keeps the token's length and prefix from leaking through timing. */
function authorized(request: FastifyRequest, token: string): boolean {
  const given = request.headers.authorization ?? '';
  return timingSafeEqual(digest(given), digest(`Bearer ${token}`));
}

/**
 * Times every HTTP response by route pattern and serves the Prometheus exposition at /metrics (behind
 * METRICS_TOKEN when set; every replica keeps its own counters, so scrape each one, not the load balancer),
 * and, outside production, the merged SDL at /graphql/schema.graphql.
 */
export async function registerObservability(
  fastify: FastifyInstance,
  services: { config: Config; orm: Orm; metrics: Metrics },
): Promise<void> {
  const { metrics, config } = services;
  metrics.watchPool(await services.orm.em.getConnection().getNativeClient());

  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(request.method, routePattern(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  fastify.get(METRICS_PATH, async (request, reply) => {
    const token = config.metrics.token;
    if (token && !authorized(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
    }
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  registerSchemaDownload(fastify, config);
}
