/**
 * How a search term becomes SQL. Terms of three characters or more use PostgreSQL full-text search on the
 * generated tsvector (GIN-indexed), each word matching as a prefix so "pass" still finds "password", as the
 * substring search legacy callers know would. Shorter terms would match half the dictionary as a prefix, and
 * carry no words a tsquery can hold, so they fall back to a case-insensitive substring match.
 *
 * The term is split into words by PostgreSQL's own parser, the one that built the tsvector: it keeps
 * "v1.2", "node.js" or "help@example.com" as single words, so splitting them any other way would search for
 * words the text never holds. Each word is quoted into the tsquery, so nothing a user types is read as an
 * operator. The 'simple' configuration does no stemming and drops no stop words: product names, tags and
 * short words match as typed, in any language.
 */
export const FULL_TEXT_MIN_LENGTH = 3;

export type TextMatch = { kind: 'fulltext'; text: string } | { kind: 'substring'; pattern: string };

/** Escapes LIKE's wildcards so a user's % or _ matches itself. The escape character is the backslash. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function textMatch(term: string): TextMatch {
  const trimmed = term.trim();
  // Without a letter or digit the parser finds no word to search for, so only a substring match can find it.
  if (trimmed.length < FULL_TEXT_MIN_LENGTH || !/[\p{L}\p{N}]/u.test(trimmed)) {
    return { kind: 'substring', pattern: `%${escapeLike(trimmed)}%` };
  }
  return { kind: 'fulltext', text: trimmed };
}

/**
 * The term's words as a prefix tsquery, every word required: `'v1.2':* & 'client':*`. Each lexeme is quoted,
 * its quotes and backslashes doubled as tsquery input requires. An uncorrelated subquery, so PostgreSQL
 * computes it once and can still search the GIN index with it.
 */
const PREFIX_QUERY = `(select string_agg('''' || replace(replace(w.lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')::tsquery from unnest(to_tsvector('simple', ?)) as w)`;

/** A searched column, or an expression over the table's alias when the stored text needs reshaping first. */
export type SearchedColumn = string | ((alias: string) => string);

/**
 * The WHERE fragment (given the table's alias) and its parameters: a match against `vector`, the tsvector
 * column, or, for the substring fallback, against each of `columns`. Names come from code, never from input.
 */
export function matchCondition(
  match: TextMatch,
  vector: string,
  columns: readonly SearchedColumn[],
): { sql: (alias: string) => string; params: string[] } {
  if (match.kind === 'fulltext') {
    return { sql: (alias) => `${alias}.${vector} @@ ${PREFIX_QUERY}`, params: [match.text] };
  }
  const expression = (column: SearchedColumn, alias: string) =>
    typeof column === 'string' ? `${alias}.${column}` : column(alias);
  return {
    sql: (alias) => `(${columns.map((c) => `${expression(c, alias)} ilike ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => match.pattern),
  };
}
