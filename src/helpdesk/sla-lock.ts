import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Every change of the rules takes this transaction-scoped lock first, exclusively; a change of a request that
 * reads the rules takes it shared, before it locks the request. A request filed or changed under rules that are
 * being changed then waits for the change to commit and reads the new rules, rather than slipping past the recount
 * with the old ones; and as both take the lock before any request row, neither waits for the other in a circle.
 */
export async function lockSlaRules(em: EntityManager, mode: 'exclusive' | 'shared' = 'exclusive'): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await em.execute(`select ${lock}(hashtext('trellis.help_sla_rules'))`, []);
}
