import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';

/**
 * PostgreSQL text cannot hold a NUL character, and the wire protocol rejects a parameter that contains one,
 * so a NUL anywhere in a JSON string would reach the database as a protocol error instead of a client
 * mistake. Every operation (a client's, or a REST route's stored one) is checked before it runs: its
 * variables, however deep, and the string literals of its document.
 */
export function containsNul(value: unknown): boolean {
  // Iterative: a hostile body may nest thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Apollo hands every request for the same text the same parsed document: each is walked once. */
const documentsWithNul = new WeakMap<DocumentNode, boolean>();

export function documentContainsNul(document: DocumentNode): boolean {
  const known = documentsWithNul.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  documentsWithNul.set(document, found);
  return found;
}

/** The refusal of an operation with a NUL in its text or variables: the client's mistake, 400. */
export const nulTextRefused = () =>
  new GraphQLError('Text must not contain NUL characters', {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
