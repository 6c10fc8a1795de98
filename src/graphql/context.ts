import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { AppServices } from '../services.js';
import { createLoaders, type Loaders } from './loaders.js';

/**
 * What every resolver receives. Everything that caches is per request: a forked EntityManager (its own
 * identity map) and fresh DataLoaders, so nothing one caller loaded is ever served to another.
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

export function createContext(input: Omit<Context, 'loaders'>): Context {
  return { ...input, loaders: createLoaders(input.em) };
}
