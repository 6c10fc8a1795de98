import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Pool } from 'pg';
import { Timestamp } from '../shared/timestamp.js';

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

/** The number written by the digits of text[from, to), or NaN if one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

const at = (text: string, i: number, char: string) => text.charCodeAt(i) === char.charCodeAt(0);

/**
 * A `timestamptz` as PostgreSQL writes it in the UTC session the ORM opens (`2026-11-20 10:00:00.123456+00`).
 * Read models get their dates as text and read many per request; this reads the common shape directly, to the
 * millisecond a Date holds, keeping its ISO text for the API's answer (see Timestamp), and leaves anything else (another offset, years before 100 or after 9999, BC) to the
 * ORM's own parser.
 */
export function timestamp(em: EntityManager, text: string): Date {
  const end = text.length - 3;
  if (end >= 19 && at(text, 4, '-') && at(text, 7, '-') && at(text, 10, ' ') && at(text, 13, ':') && at(text, 16, ':') && text.endsWith('+00')) {
    let ms = 0;
    let fraction = '000';
    if (end > 19) {
      const fractionEnd = Math.min(end, 23);
      fraction = text.slice(20, fractionEnd).padEnd(3, '0');
      ms = at(text, 19, '.') && end > 20 && end <= 26 ? digits(text, 20, fractionEnd) * 10 ** (23 - fractionEnd) : NaN;
    }
    const year = digits(text, 0, 4);
    const time = Date.UTC(year, digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19), ms);
    if (year >= 100 && !Number.isNaN(time)) return new Timestamp(time, `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`);
  }
  return em.getPlatform().parseDate(text);
}
