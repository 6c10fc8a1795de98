import type { GraphQLResolveInfo } from 'graphql';
import { selectedFields } from './look-ahead.js';

/** What a relation is preloaded through: a loader that keeps what it settled (SettledLoader). */
export interface Preloadable<K> {
  preload(keys: Iterable<K>): Promise<void>;
}

/** A relation field of a list's rows, as preloadSelected reads it ahead. */
export interface Relation<T> {
  /** The field's name on each row. */
  field: string;
  /** The loader the field reads through, chosen by what the query asks of it at `path` (its path below the list's field). */
  loader(info: GraphQLResolveInfo, path: readonly string[]): Preloadable<unknown>;
  /** The row's key in that loader; none, nothing to read. */
  key(row: T): unknown;
  /** The rows the loaded value holds (a request's responses), once loaded, and their own relations. */
  below?: { rows(row: T): readonly unknown[]; relations: readonly Relation<never>[] };
}

/**
 * Reads ahead, before a list is returned, the relations its query selects of each row (along `at`: a page's
 * `requests`, a connection's `edges.node`), in as many batches as the fields would have taken, so the relation
 * fields then answer at once (SettledLoader.get) rather than each through a promise. What is not selected is not
 * read. A relation with relations below is read first; then every other, at every depth, in one batch per loader
 * (a page's requesters and its responses' responders are one statement).
 */
export async function preloadSelected<T>(
  info: GraphQLResolveInfo,
  at: readonly string[],
  rows: readonly T[],
  relations: readonly Relation<T>[],
): Promise<void> {
  const batches = new Map<Preloadable<unknown>, unknown[]>();
  const want = (loader: Preloadable<unknown>, key: unknown) => {
    if (key === null || key === undefined) return;
    const keys = batches.get(loader);
    if (keys) keys.push(key);
    else batches.set(loader, [key]);
  };
  await collect(info, at, rows, relations, want);
  await Promise.all([...batches].map(([loader, keys]) => loader.preload(keys)));
}

async function collect(
  info: GraphQLResolveInfo,
  at: readonly string[],
  rows: readonly unknown[],
  relations: readonly Relation<unknown>[],
  want: (loader: Preloadable<unknown>, key: unknown) => void,
): Promise<void> {
  const fields = selectedFields(info, at);
  for (const relation of relations) {
    if (!fields.has(relation.field)) continue;
    const path = [...at, relation.field];
    const loader = relation.loader(info, path);
    const below = relation.below;
    const deeper = below && [...selectedFields(info, path)].some((f) => below.relations.some((r) => r.field === f));
    if (!below || !deeper) {
      for (const row of rows) want(loader, relation.key(row));
      continue;
    }
    await loader.preload(rows.map((row) => relation.key(row)).filter((key) => key !== null && key !== undefined));
    const children = rows.flatMap((row) => below.rows(row));
    await collect(info, path, children, below.relations, want);
  }
}
