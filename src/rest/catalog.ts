import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';

/**
 * Every legacy REST route is declared through `defineRoute`, which registers it with Fastify and records
 * its request and response schemas. The catalog is the single source for the OpenAPI document.
 */
export interface RestRoute {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  /** Fastify path syntax, e.g. /api/help/requests/:id */
  path: string;
  summary: string;
  tag: 'workspace users' | 'help desk' | 'risk' | 'auth' | 'health';
  /** How a caller authenticates: nothing, a bearer token, or the platform's api_key/api_key_secret body fields. */
  auth: 'none' | 'bearer' | 'optional-bearer' | 'body-api-key';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Documented statuses and, for JSON bodies, their shape. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export const restCatalog: RestRoute[] = [];

export function defineRoute(
  app: FastifyInstance,
  route: RestRoute,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  if (!restCatalog.some((r) => r.method === route.method && r.path === route.path)) restCatalog.push(route);
  app.route({ method: route.method, url: route.path, preValidation: jsonBodiesOnly, handler });
}

/**
 * The legacy APIs take JSON. Fastify reads a text/plain body as a string, which a route would then find empty and
 * answer with a misleading "required" message: it gets 415, as a form body or any other type without a parser does.
 * (/graphql keeps text/plain for Apollo, whose CSRF prevention refuses it with its own 400.)
 */
function jsonBodiesOnly(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (typeof request.body === 'string') return done(Object.assign(new Error('Unsupported content type'), { statusCode: 415 }));
  done();
}
