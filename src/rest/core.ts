import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../db/orm.js';
import { runOperation, type Gateway } from './bridge.js';
import { defineRoute } from './catalog.js';
import { toLegacyError } from './errors.js';

const HEALTH = /* GraphQL */ `
  query Health {
    health { status timestamp version }
  }
`;

const LOGIN = /* GraphQL */ `
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) { access_token: accessToken token_type: tokenType expires_in: expiresIn }
  }
`;

const HealthBody = z.object({ status: z.literal('healthy'), timestamp: z.string(), version: z.string() });
const LoginBody = z.object({ username: z.string().min(1), password: z.string().min(1) });
const Message = z.object({ message: z.string() });

/** Health, readiness and log-in: the routes every API shares. */
export function registerCoreRoutes(app: FastifyInstance, gateway: Gateway, orm: Orm): void {
  const health = async (request: FastifyRequest) => {
    const result = await runOperation<{ health: z.infer<typeof HealthBody> }>(gateway, request, HEALTH, {}, {});
    return result.data!.health;
  };
  for (const path of ['/api/health', '/api/v1/health']) {
    defineRoute(
      app,
      { method: 'GET', path, summary: 'Liveness', tag: 'health', auth: 'none', responses: { 200: { description: 'The process is up', schema: HealthBody } } },
      health,
    );
  }

  // Readiness: 503 while the database does not answer, so a load balancer stops sending traffic here.
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/ready',
      summary: 'Readiness: the database answers',
      tag: 'health',
      auth: 'none',
      responses: { 200: { description: 'Ready' }, 503: { description: 'Database unavailable' } },
    },
    async (_request, reply) => {
      try {
        await orm.em.getConnection().execute('select 1');
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'unavailable', error: 'Database unavailable' });
      }
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/auth/login',
      summary: 'Exchange a username and password for a bearer token',
      tag: 'auth',
      auth: 'none',
      body: LoginBody,
      responses: {
        200: { description: 'A bearer token', schema: z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int() }) },
        400: { description: 'Missing username or password', schema: Message },
        401: { description: 'Invalid username or password', schema: Message },
        403: { description: 'Account is locked or disabled', schema: Message },
        429: { description: 'Too many attempts', schema: Message },
      },
    },
    async (request, reply) => {
      const parsed = LoginBody.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send({ message: 'username and password are required' });
      const result = await runOperation(gateway, request, LOGIN, parsed.data, {});
      if (result.errors?.length) {
        const { status, body } = toLegacyError('auth', result.errors[0]);
        const retryAfter = result.errors[0]?.extensions?.retryAfter;
        if (status === 429 && retryAfter) reply.header('retry-after', String(retryAfter));
        return reply.code(status).send(body);
      }
      return (result.data as { login: unknown }).login;
    },
  );
}
