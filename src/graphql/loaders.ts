import type { EntityManager } from '@mikro-orm/postgresql';
import { createHelpdeskLoaders } from '../helpdesk/loaders.js';
import { createUserLoaders } from '../users/loaders.js';

/** One set per request; each domain batches its own relations. */
export function createLoaders(em: EntityManager) {
  return {
    users: createUserLoaders(em),
    helpdesk: createHelpdeskLoaders(em),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
