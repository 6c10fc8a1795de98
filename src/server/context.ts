import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { authenticate, type Credentials } from '../identity/authenticate.js';
import type { Orm } from '../platform/db/orm.js';
import { DomainError, ServiceUnavailableError } from '../platform/errors.js';
import type { Context, Loaders } from '../platform/graphql/context.js';
import { isDatabaseUnavailable } from '../platform/graphql/errors.js';
import { createHelpdeskLoaders } from '../helpdesk/loaders.js';
import type { AppServices } from './services.js';
import { createUserLoaders } from '../users/loaders.js';

export type ContextFor = (request: FastifyRequest, credentials: Credentials) => Promise<Context>;

export function createLoaders(em: EntityManager): Loaders {
  return { users: createUserLoaders(em), helpdesk: createHelpdeskLoaders(em) };
}

/**
 * Authenticates a request's credentials and builds its context: /graphql, the REST routes and every subscription
 * message and change all make theirs here. Refused credentials throw their DomainError; a database outage, 503.
 */
export function contextBuilder(orm: Orm, services: AppServices): ContextFor {
  return async (request, credentials) => {
    const em = orm.em.fork();
    try {
      const principal = await authenticate(em, services.tokens, credentials, services.accounts);
      return { requestId: request.id, log: request.log, ip: request.ip, principal, em, loaders: createLoaders(em), services };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (isDatabaseUnavailable(error)) throw new ServiceUnavailableError();
      request.log.error({ err: error }, 'unexpected error while authenticating a request');
      throw error;
    }
  };
}
