import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Pool } from 'pg';

/*
 * How read models reach PostgreSQL: fixed statements with `$1, $2…` parameters, sent on the ORM's own pool as
 * named prepared statements, so each connection parses and plans a statement once rather than on every request.
 * Keys go in as one array parameter (`= any($1)`), so a statement's text, and its plan, are the same whatever
 * the number of keys. Inside a transaction a statement runs on the transaction's connection instead. Every
 * statement is reported to the ORM's query logger, as the ORM's own are.
 */

/** Prepared-statement names by statement text: the texts are built from fixed parts, so there are few of them. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `trellis_read_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** Runs one read statement and returns its rows. */
export async function read<Row>(em: EntityManager, text: string, values: readonly unknown[]): Promise<Row[]> {
  const started = performance.now();
  const transaction = em.getTransactionContext<Transaction<unknown>>();
  let rows: Row[];
  if (transaction) {
    rows = (await transaction.executeQuery(CompiledQuery.raw(text, [...values]))).rows as Row[];
  } else {
    const pool = (await em.getConnection().getNativeClient()) as Pool;
    rows = (await pool.query({ name: nameOf(text), text, values: [...values] })).rows as Row[];
  }
  const logger = em.config.getLogger();
  if (logger.isEnabled('query')) logger.logQuery({ query: text, params: values, took: Math.round(performance.now() - started), results: rows.length });
  return rows;
}

/**
 * Runs a statement whose `$1` takes the given keys as one array and maps each row to a read model; no keys, no
 * statement.
 */
export async function readByKeys<Row, View>(
  em: EntityManager,
  text: string,
  keys: readonly (string | number)[],
  toView: (row: Row) => View,
): Promise<View[]> {
  if (keys.length === 0) return [];
  const rows = await read<Row>(em, text, [keys]);
  return rows.map(toView);
}

const TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(\.\d{1,6})?\+00$/;

/**
 * A `timestamptz` as PostgreSQL writes it in the UTC session the ORM opens (`2026-11-20 10:00:00.123456+00`).
 * Read models get their dates as text; this reads the common shape directly, to the millisecond as a Date
 * holds it, and leaves anything else (another offset, years past 9999, BC) to the ORM's own parser.
 */
export function timestamp(em: EntityManager, text: string): Date {
  const match = TIMESTAMP.exec(text);
  if (!match) return em.getPlatform().parseDate(text);
  const fraction = match[3] === undefined ? '' : match[3].slice(0, 4);
  return new Date(`${match[1]}T${match[2]}${fraction}Z`);
}
