import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { createHelpdeskLoaders } from '../../helpdesk/loaders.js';
import type { AppServices } from '../../server/services.js';
import type { createUserLoaders } from '../../users/loaders.js';

/** One set per request; each domain batches its own relations. */
export interface Loaders {
  users: ReturnType<typeof createUserLoaders>;
  helpdesk: ReturnType<typeof createHelpdeskLoaders>;
}

/**
 * What every resolver receives. Everything that caches is per request: a forked EntityManager (its own
 * identity map) and fresh DataLoaders, so nothing one caller loaded is ever served to another.
 * The assembly builds it (src/server/context.ts).
 */
export interface Context {
  requestId: string;
  log: FastifyBaseLogger;
  ip: string;
  principal: Principal;
  em: EntityManager;
  loaders: Loaders;
  services: AppServices;
}
