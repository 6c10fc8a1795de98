import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { Metrics } from './metrics.js';
import { tracingActive } from './tracing.js';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics port listens (`http://host:port/metrics`), once the app listens with METRICS_PORT set. */
    metricsUrl(): string | undefined;
  }
}

/**
 * Times every HTTP response by route pattern and serves the Prometheus exposition at /metrics (every replica
 * keeps its own counters, so scrape each one, not the load balancer). The exposition names routes, pools and
 * upstreams: on the public port it needs METRICS_TOKEN, and without one it is served there only outside
 * production; METRICS_PORT serves it on a listener of its own, bound to loopback unless METRICS_HOST says otherwise.
 */
export async function registerObservability(
  fastify: FastifyInstance,
  services: { config: Config; orm: Orm; metrics: Metrics },
): Promise<void> {
  const { metrics, config } = services;
  metrics.watchPool(await services.orm.em.getConnection().getNativeClient());
  if (tracingActive()) (await import('./http-route.js')).recordRoutes(fastify);

  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const token = config.metrics.token;
  if (token || !config.isProduction) {
    fastify.get(METRICS_PATH, async (request, reply) => {
      if (token && !authorized(request, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain')
          .send('Unauthorized\n');
      }
      const { contentType, body } = await metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  }
  registerMetricsPort(fastify, config, metrics);
}

/** A listener of its own for the scraper: only GET /metrics, started and stopped with the app. */
function registerMetricsPort(fastify: FastifyInstance, config: Config, metrics: Metrics): void {
  let server: Server | undefined;
  fastify.decorate('metricsUrl', () => {
    const address = server?.address() as AddressInfo | null | undefined;
    if (!address) return undefined;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${METRICS_PATH}`;
  });
  const { port, host } = config.metrics;
  if (port === undefined) return;
  fastify.addHook('onListen', async () => {
    const listener = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      metrics.render().then(
        ({ contentType, body }) =>
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        (error: unknown) => {
          fastify.log.error({ err: error }, 'rendering the metrics failed');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal server error\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, host, () => resolve());
    });
    server = listener;
  });
  fastify.addHook('onClose', async () => {
    const listener = server;
    if (!listener) return;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    listener.closeAllConnections();
    await closed;
  });
}
