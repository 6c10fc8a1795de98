import type pg from 'pg';
import { expect } from 'vitest';

/**
 * Helpers for the suites that prove a page is read off an index: they take the statement the app sent, write its
 * parameters in, and ask PostgreSQL (EXPLAIN ANALYZE) what answering it cost.
 */

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

/** The first recorded statement `matches` picks, with its parameters written in; fails unless every one is used. */
export function statementWith(
  statements: string[],
  params: unknown[],
  matches: (statement: string) => boolean,
): string {
  const found = statements.find(matches);
  expect(found, statements.join('\n')).toBeDefined();
  let i = 0;
  const sql = found!
    .replace(/^\[query\] /, '')
    .replace(/ \[took .*$/s, '')
    .replace(/\?/g, () => literal(params[i++]));
  expect(i, sql).toBe(params.length);
  return sql;
}

/** The help-request page statement the app sent (the one with a limit), with its parameters written in. */
export const pageStatement = (statements: string[], params: unknown[]): string =>
  statementWith(statements, params, (s) => s.includes('from "help_requests"') && / limit \?/.test(s));

/** What PostgreSQL did: the rows every scan read (returned plus thrown away by filters), the plan and its node types. */
export async function rowsRead(db: pg.Client, sql: string): Promise<{ rows: number; plan: string; nodes: string[] }> {
  const [{ 'QUERY PLAN': plan }] = (await db.query(`explain (analyze, format json) ${sql}`)).rows;
  let rows = 0;
  const nodes: string[] = [];
  const walk = (node: Record<string, any>) => {
    nodes.push(node['Node Type']);
    if (/Scan/.test(node['Node Type']))
      rows +=
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return { rows, plan: JSON.stringify(plan[0].Plan), nodes };
}

/** The position a cursor holds (its first part is the position, as JSON; the rest is the signature). */
export const positionOf = (cursor: string) =>
  JSON.parse(Buffer.from(cursor.split('.')[0], 'base64url').toString('utf8')) as unknown[];
