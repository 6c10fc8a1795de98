import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * How read models reach PostgreSQL: fixed statements through the ORM's raw query API (`?` placeholders), which
 * runs on the current transaction's connection inside one, on the pool outside, and logs each statement as it
 * logs its own.
 */

/** Runs one read statement and returns its rows. */
export function read<Row extends object>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  return em.execute<Row[]>(sql, [...params]);
}

/**
 * Runs a statement whose one `?` takes the given keys as a list (`in (?)`), so a batch of any size is one
 * statement, and maps each row to a read model; no keys, no statement.
 */
export async function readByKeys<Row extends object, View>(
  em: EntityManager,
  sql: string,
  keys: readonly (string | number)[],
  toView: (row: Row) => View,
): Promise<View[]> {
  if (keys.length === 0) return [];
  const rows = await read<Row>(em, sql, [keys]);
  return rows.map(toView);
}

/** Hands each of a batch's keys its own rows, in the order the keys were asked for (none: an empty list). */
export function groupByKeys<K, V>(keys: readonly K[], rows: readonly V[], keyOf: (row: V) => K): V[][] {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return keys.map((key) => groups.get(key) ?? []);
}
