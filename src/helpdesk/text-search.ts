/**
 * How a search term becomes SQL. Terms of three characters or more use PostgreSQL full-text search on the
 * generated tsvector (GIN-indexed), each word matching as a prefix so "pass" still finds "password", as the
 * substring search legacy callers know would. Shorter terms would match half the dictionary as a prefix, and
 * carry no words a tsquery can hold, so they fall back to a case-insensitive substring match.
 *
 * The 'simple' configuration does no stemming and drops no stop words: product names, tags and short words
 * match as typed, in any language.
 */
export const FULL_TEXT_MIN_LENGTH = 3;

export type TextMatch =
  | { kind: 'fulltext'; tsquery: string }
  | { kind: 'substring'; pattern: string };

/** Escapes LIKE's wildcards so a user's % or _ matches itself. The escape character is the backslash. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function textMatch(term: string): TextMatch {
  const trimmed = term.trim();
  // Letters and digits only: nothing in the tsquery can be read as an operator, so no user input is parsed as syntax.
  const words = trimmed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (trimmed.length < FULL_TEXT_MIN_LENGTH || words.length === 0) {
    return { kind: 'substring', pattern: `%${escapeLike(trimmed)}%` };
  }
  return { kind: 'fulltext', tsquery: words.map((w) => `${w}:*`).join(' & ') };
}

/**
 * The WHERE fragment (given the table's alias) and its parameters: a match against `vector`, the tsvector
 * column, or, for the substring fallback, against each of `columns`. Names come from code, never from input.
 */
export function matchCondition(
  match: TextMatch,
  vector: string,
  columns: readonly string[],
): { sql: (alias: string) => string; params: string[] } {
  if (match.kind === 'fulltext') {
    return { sql: (alias) => `${alias}.${vector} @@ to_tsquery('simple', ?)`, params: [match.tsquery] };
  }
  return {
    sql: (alias) => `(${columns.map((c) => `${alias}.${c} ilike ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => match.pattern),
  };
}
