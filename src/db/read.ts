import type { EntityManager } from '@mikro-orm/postgresql';
import { Timestamp } from '../shared/timestamp.js';

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
