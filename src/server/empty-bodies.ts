import type { FastifyInstance } from 'fastify';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Pages send their JSON headers on every call, a bodiless DELETE included: an empty body is no body, not malformed
 * JSON. Fastify reads the content type after onRequest, so dropping it here lets the request through as bodiless.
 */
export function treatEmptyJsonBodiesAsNone(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    const empty = headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0';
    if (empty && JSON_TYPE.test(headers['content-type'] ?? '')) delete headers['content-type'];
    done();
  });
}
