import { describe, expect, it } from 'vitest';
import { parametrisedSql, sqlOperationName } from '../../src/platform/observability/sql-text.js';

/** What a statement's span may show: its shape, never a value MikroORM wrote into it. */
describe('statement text in a span', () => {
  it('replaces string, escaped-string, dollar-quoted and numeric literals with placeholders', () => {
    expect(parametrisedSql(`select * from users where username_key = 'alice' and note = 'it''s' limit 10`)).toBe(
      'select * from users where username_key = ? and note = ? limit ?',
    );
    expect(parametrisedSql(`insert into t (a, b) values (E'line\\'two', -3.5e2), ($tag$secret$tag$, 42)`)).toBe(
      'insert into t (a, b) values (?, ?), (?, ?)',
    );
  });

  it('keeps parameters, identifiers with digits and quoted names as they are', () => {
    const sql =
      'select "u0"."id", t1.col2 from "users" as "u0" join t1 on t1.id = "u0"."id" where "u0"."id" = $1 and "col3" > $12';
    expect(parametrisedSql(sql)).toBe(sql);
  });

  it('names the operation by its first keyword', () => {
    expect(sqlOperationName('  select 1')).toBe('SELECT');
    expect(sqlOperationName('/* batch */ insert into t values ($1)')).toBe('INSERT');
    expect(sqlOperationName('with x as (select 1) select * from x')).toBe('WITH');
  });
});
