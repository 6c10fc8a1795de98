import { LRUCache } from 'lru-cache';

/*
 * MikroORM may write values into the SQL it sends (a batch insert, an `in (...)` list), and a trace is read by more
 * people than the database is: a statement's text keeps its shape and loses its values before it goes into a span.
 */

const STRING_LITERAL = /(?:\b[eE])?'(?:[^'\\]|''|\\.)*'/g;
const DOLLAR_QUOTED = /\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g;
// A number standing alone: not part of an identifier (t0, "col1"), a parameter ($1) or a qualified name (a.1).
const NUMBER_LITERAL = /(?<![\w$."])-?\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b(?!["\w])/g;

const texts = new LRUCache<string, string>({ max: 2000 });

/** The statement with every literal value replaced by `?`; parameters (`$1`) stay as they are. */
export function parametrisedSql(sql: string): string {
  let text = texts.get(sql);
  if (text === undefined) {
    text = sql.replace(DOLLAR_QUOTED, '?').replace(STRING_LITERAL, '?').replace(NUMBER_LITERAL, '?');
    texts.set(sql, text);
  }
  return text;
}

/** The statement's first keyword (`SELECT`, `INSERT`, `WITH` …), as db.operation.name. */
export function sqlOperationName(sql: string): string | undefined {
  return /^\s*(?:\/\*[\s\S]*?\*\/\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase();
}
