import type { FastifyRequest } from 'fastify';
import { actorOf, type Credentials } from '../platform/auth/principal.js';
import { DomainError, ServiceUnavailableError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { isDatabaseUnavailable } from '../platform/db/unavailable.js';
import type { Authentication, Module } from '../platform/module.js';
import type { AppServices } from '../platform/services.js';
import { createLoaders } from './assembly.js';

/**
 * What a context takes from the request it serves: its id, the caller's address, its logger and the client's
 * user agent. An HTTP request is one; a WebSocket connection keeps just these of the upgrade that opened it.
 */
export type RequestFacts = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & {
  readonly headers: { readonly 'user-agent'?: string | undefined };
};

export type ContextFor = (request: RequestFacts, credentials: Credentials) => Promise<Context>;

/**
 * Authenticates a request's credentials and builds its context: /graphql, the REST routes and every subscription
 * message and change all make theirs here. Refused credentials throw their DomainError; a database outage, 503.
 */
export function contextBuilder(
  modules: readonly Module[],
  services: AppServices,
  authentication: Authentication,
): ContextFor {
  return async (request, credentials) => {
    const em = services.orm.em.fork();
    try {
      const principal = await authentication.authenticate(em, credentials);
      const actor = actorOf(principal, request.id, request.ip);
      const userAgent = request.headers['user-agent'];
      return {
        requestId: request.id,
        log: request.log,
        ip: request.ip,
        userAgent,
        principal,
        actor,
        em,
        loaders: createLoaders(modules, em, services),
        services,
      };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (isDatabaseUnavailable(error)) throw new ServiceUnavailableError();
      request.log.error({ err: error }, 'unexpected error while authenticating a request');
      throw error;
    }
  };
}
