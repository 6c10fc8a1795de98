import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The matched route's pattern once read ('' for an unknown path); null until then. Read it with routePattern(). */
    routePattern: string | null;
  }
}

/** Declares the property on every request up front, so all requests keep one shape. */
export function declareRoutePattern(fastify: FastifyInstance): void {
  fastify.decorateRequest('routePattern', null);
}

/**
 * The pattern of the route a request matched (`/api/help/requests/:id`); undefined for an unknown path. Read once
 * per request for the hooks that need it (`request.routeOptions` builds a new object on every read).
 */
export function routePattern(request: FastifyRequest): string | undefined {
  request.routePattern ??= request.routeOptions.url ?? '';
  return request.routePattern || undefined;
}
