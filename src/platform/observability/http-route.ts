import { context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import type { FastifyInstance } from 'fastify';

/**
 * Tells the HTTP server span which route answered (`http.route`, and the span's name `POST /graphql`): the HTTP
 * instrumentation sees only the raw URL, Fastify knows the pattern. Loaded only when the process traces.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const metadata = getRPCMetadata(context.active());
    if (route && metadata?.type === RPCType.HTTP) metadata.route = route;
    done();
  });
}
