import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Principal } from '../auth/principal.js';
import type { AppServices, ModuleLoaders } from '../services.js';

/**
 * What every resolver receives. Everything that caches is per request: a forked EntityManager (its own
 * identity map) and fresh DataLoaders, so nothing one caller loaded is ever served to another.
 * The assembly builds it (src/server/context.ts) from every module's loaders and services.
 */
export interface Context {
  requestId: string;
  log: FastifyBaseLogger;
  ip: string;
  /** The client's User-Agent header, as sent (a sign-in records it on the session it opens). */
  userAgent: string | undefined;
  principal: Principal;
  /** The principal with the request's id and client address: what services that record a change take. */
  actor: Actor;
  em: EntityManager;
  /** Each module's DataLoaders, under its name. */
  loaders: ModuleLoaders;
  services: AppServices;
}
