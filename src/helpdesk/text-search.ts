/**
 * How a search term becomes SQL. Terms of three characters or more use PostgreSQL full-text search on the
 * generated, weighted tsvector (GIN-indexed); shorter terms would match half the dictionary as a prefix, and carry
 * no words a tsquery can hold, so they fall back to a case-insensitive substring match.
 *
 * A full-text term reads as a web search (PostgreSQL's websearch_to_tsquery over the 'simple' configuration):
 * - plain words must all appear, each as a word's beginning: "pass" finds "password", "reset pass" a text with
 *   both words anywhere in it, as the substring search legacy callers knew would;
 * - "quoted words" must appear together and in that order, each whole: "reset password" does not find
 *   "password reset", nor "reset passwords";
 * - a word or a quoted phrase after a minus is excluded, whole: printer -jam finds the printer requests that do
 *   not have the word "jam" (a "jammed" one is still found);
 * - `or` between two words or phrases finds either, and binds looser than the words around it: "vpn slow or
 *   down" finds the texts with vpn and slow, and those with down.
 * Words joined by punctuation ("wi-fi", "O'Brien") are matched as PostgreSQL's parser splits them, as a phrase
 * of their parts, each whole. Anything else a person types (& | ! <-> :* parentheses, backslashes, unbalanced
 * quotes) is punctuation to websearch_to_tsquery, which never rejects its input: no term is an error, and nothing
 * typed is ever read as tsquery syntax. The database's search_tsquery function does the translation (see the
 * help_search_ranking migration for how the prefixes are added safely).
 *
 * The term is split into words by PostgreSQL's own parser, the one that built the tsvector: it keeps "v1.2",
 * "node.js" or "help@example.com" as single words, so splitting them any other way would search for words the
 * text never holds. The 'simple' configuration does no stemming and drops no stop words: product names, tags and
 * short words match as typed, in any language.
 *
 * Ranking: ts_rank_cd (cover density: how many of the query's words appear, how close together, and in which part
 * of the text) with the weights below, so a word in a request's title (an FAQ's question) counts five times one in
 * its description (an FAQ's tags) and ten times one in an FAQ's answer. PostgreSQL's default weights (1.0 and 0.4)
 * would let a description that repeats a word three times outrank a title that holds it once.
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
 * How a statement is planned: with its values at each call (an unnamed statement, as the ORM sends its own, or a
 * read with planEachCall, see platform/db/read.ts), or once for any value (a named one, the read models' default).
 */
export type Planning = 'each call' | 'once';

/**
 * The term's tsquery, computed once per statement either way. search_tsquery is IMMUTABLE: planned with the term's
 * value, PostgreSQL computes it while planning, as the constant it is, and estimates how many rows it matches from
 * the column's statistics. Planned once for any value, it must be a subquery, which runs once when the statement
 * does: written bare there, it would be computed again for every row.
 */
const query = (planning: Planning) => (planning === 'once' ? '(select search_tsquery(?))' : 'search_tsquery(?)');

/** ts_rank_cd's weights for D, C, B and A, in that order (see above). */
const RANK_WEIGHTS = `'{0.05, 0.1, 0.2, 1.0}'`;

/** A searched column, or an expression over the table's alias when the stored text needs reshaping first. */
export type SearchedColumn = string | ((alias: string) => string);

/** SQL over a table's alias, and its parameters in the order its placeholders appear. */
export interface SqlFragment {
  sql: (alias: string) => string;
  params: string[];
}

/**
 * The WHERE fragment (given the table's alias) and its parameters: a match against `vector`, the tsvector
 * column, or, for the substring fallback, against each of `columns`. Names come from code, never from input.
 */
export function matchCondition(
  match: TextMatch,
  vector: string,
  columns: readonly SearchedColumn[],
  planning: Planning = 'each call',
): SqlFragment {
  if (match.kind === 'fulltext') {
    return { sql: (alias) => `${alias}.${vector} @@ ${query(planning)}`, params: [match.text] };
  }
  const expression = (column: SearchedColumn, alias: string) =>
    typeof column === 'string' ? `${alias}.${column}` : column(alias);
  return {
    sql: (alias) => `(${columns.map((c) => `${expression(c, alias)} ilike ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => match.pattern),
  };
}

/** How well a row matches, higher first; null for a substring match, which has no rank (newest first instead). */
export function rankExpression(match: TextMatch, vector: string, planning: Planning = 'each call'): SqlFragment | null {
  if (match.kind !== 'fulltext') return null;
  return {
    sql: (alias) => `ts_rank_cd(${RANK_WEIGHTS}, ${alias}.${vector}, ${query(planning)})`,
    params: [match.text],
  };
}
