import type { EntityManager } from '@mikro-orm/postgresql';

type Platform = ReturnType<EntityManager['getPlatform']>;

/**
 * Runs a fixed statement whose one `in (?)` takes the given keys (bound as parameters) and maps each row to a
 * read model; no keys, no statement. Dates come back as PostgreSQL writes them: `platform.parseDate` reads them.
 */
export async function readByKeys<Row, View>(
  em: EntityManager,
  sql: string,
  keys: readonly (string | number)[],
  toView: (row: Row, platform: Platform) => View,
): Promise<View[]> {
  if (keys.length === 0) return [];
  const rows = await em.execute<Row[]>(sql, [[...keys]]);
  const platform = em.getPlatform();
  return rows.map((row) => toView(row, platform));
}
