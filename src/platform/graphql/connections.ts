import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors.js';

/*
 * Cursor connections (the Relay connection spec), paged by keyset: a page is the rows past a position in the
 * list's order, so the millionth row costs what the first does, and a row added or removed meanwhile neither
 * shifts nor repeats the rows after it. A module's service reads `size + 1` rows in the scan order that
 * `pageWindow` gives, and `connectionOf` turns them into edges and pageInfo.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** Where a row sits in a list's order: its sort key (when the list sorts by more than id), then its id. */
export type Position = readonly (string | number)[];

/** What to read: `size` rows past `from` (none: from the start), forward or, for `last`/`before`, backward. */
export interface PageWindow {
  size: number;
  backward: boolean;
  from?: Position;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/** `totalCount` is present when the query selected it (it is read only then). */
export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount?: number;
}

/** What a cursor is bound to: the list, and everything that decides its order and contents (filters, sort, parent). */
export interface ListIdentity {
  list: string;
  fingerprint: Record<string, unknown>;
}

const BAD_CURSOR = (arg: string) =>
  new ValidationError(
    `${arg} is not a cursor of this list: it may come from another list, filter or sort, or have been altered`,
    arg,
  );

/**
 * Cursors are signed (HMAC-SHA256 over the list, its filter and sort, and the position), keyed from the JWT
 * secret so every replica accepts another's. The position is bound as a parameter against typed columns (a
 * date, an enum): an unsigned, forged one would reach PostgreSQL as an invalid value and answer a 500 instead
 * of a clear BAD_USER_INPUT, and one taken from another list or another order would page silently wrong. Only
 * positions this service wrote, for this very list, are read back. A cursor reveals no more than the row it
 * points at, which its holder was shown. With JWKS and no JWT_SECRET the key is per process, so cursors do not
 * survive a restart or cross replicas; they are then refused with the same clear error.
 */
export class Cursors {
  readonly #key: Buffer;

  constructor(secret: Uint8Array) {
    this.#key = createHmac('sha256', secret).update('trellis connection cursors v1').digest();
  }

  encode(identity: ListIdentity, position: Position): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.#sign(identity, payload)}`;
  }

  /** The position a cursor holds, or BAD_USER_INPUT naming `arg` when it is not one this list wrote. */
  decode(identity: ListIdentity, cursor: string, arg: string): Position {
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length > 0 || cursor.length > 1000) throw BAD_CURSOR(arg);
    const expected = Buffer.from(this.#sign(identity, payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw BAD_CURSOR(arg);
    let position: unknown;
    try {
      position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw BAD_CURSOR(arg);
    }
    if (
      !Array.isArray(position) ||
      position.length === 0 ||
      !position.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      throw BAD_CURSOR(arg);
    }
    return position;
  }

  #sign(identity: ListIdentity, payload: string): string {
    const fingerprint = JSON.stringify(
      Object.entries(identity.fingerprint)
        .filter(([, v]) => v !== undefined && v !== null)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    return createHmac('sha256', this.#key)
      .update(`${identity.list}\n${fingerprint}\n${payload}`)
      .digest('base64url')
      .slice(0, 22);
  }
}

function pageSize(value: number | null | undefined, arg: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE)
    throw new ValidationError(`${arg} must be from 1 to ${MAX_PAGE_SIZE}`, arg);
  return value;
}

/**
 * Checks a connection's arguments and says what to read. `first` pages forward from `after`, `last` backward
 * from `before`; neither means the first DEFAULT_PAGE_SIZE rows. Mixing the directions (`first` with `last` or
 * `before`, `last` with `after`) is refused: the spec allows it but discourages it, and no client needs it.
 */
export function pageWindow(args: ConnectionArgs, cursors: Cursors, identity: ListIdentity): PageWindow {
  const first = pageSize(args.first, 'first');
  const last = pageSize(args.last, 'last');
  const after = args.after ?? undefined;
  const before = args.before ?? undefined;
  if (first !== undefined && last !== undefined) throw new ValidationError('Give first or last, not both', 'last');
  if (after !== undefined && before !== undefined)
    throw new ValidationError('Give after or before, not both', 'before');
  if (first !== undefined && before !== undefined)
    throw new ValidationError('first pages forward: use it with after, or last with before', 'before');
  if (last !== undefined && after !== undefined)
    throw new ValidationError('last pages backward: use it with before, or first with after', 'after');
  if (last !== undefined || before !== undefined) {
    return {
      size: last ?? DEFAULT_PAGE_SIZE,
      backward: true,
      from: before === undefined ? undefined : cursors.decode(identity, before, 'before'),
    };
  }
  return {
    size: first ?? DEFAULT_PAGE_SIZE,
    backward: false,
    from: after === undefined ? undefined : cursors.decode(identity, after, 'after'),
  };
}

/**
 * Edges and pageInfo from the rows read for `window` (up to `size + 1`, in scan order: backward pages come
 * newest-to-oldest of the list's order and are turned round here). Past the first page, the side the caller
 * came from is reported as having rows (a cursor was given); the far side is known from the extra row.
 */
export function connectionOf<T>(
  rows: readonly T[],
  window: PageWindow,
  cursors: Cursors,
  identity: ListIdentity,
  positionOf: (row: T) => Position,
): Connection<T> {
  const more = rows.length > window.size;
  const page = rows.slice(0, window.size);
  if (window.backward) page.reverse();
  const edges = page.map((node) => ({ cursor: cursors.encode(identity, positionOf(node)), node }));
  const cameFrom = window.from !== undefined;
  return {
    edges,
    pageInfo: {
      hasNextPage: window.backward ? cameFrom : more,
      hasPreviousPage: window.backward ? more : cameFrom,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A connection with nothing in it: what a caller sees of a list that is not theirs to read. */
export const emptyConnection = <T>(): Connection<T> => ({
  edges: [],
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  totalCount: 0,
});

/**
 * The keyset condition and order for a list sorted by `column` (then id) in `order`, read in `window`'s
 * direction: `("column", "id") > (?, ?)` past a position, flipped for descending order and for backward pages.
 * Both identifiers come from the caller's own fixed tables, never from a request. Columns must be NOT NULL: a
 * row comparison with a NULL is neither true nor false, and the row would drop out of every page.
 */
export function keyset(
  column: string | undefined,
  order: 'asc' | 'desc',
  window: PageWindow,
  idColumn = '"id"',
): { condition?: { sql: string; params: unknown[] }; orderBy: string } {
  const scanAscending = (order === 'asc') !== window.backward;
  const direction = scanAscending ? 'asc' : 'desc';
  const orderBy =
    column === undefined ? `${idColumn} ${direction}` : `${column} ${direction}, ${idColumn} ${direction}`;
  if (window.from === undefined) return { orderBy };
  const op = scanAscending ? '>' : '<';
  const width = column === undefined ? 1 : 2;
  if (window.from.length !== width)
    throw new ValidationError(
      `${window.backward ? 'before' : 'after'} is not a cursor of this list`,
      window.backward ? 'before' : 'after',
    );
  const sql = column === undefined ? `${idColumn} ${op} ?` : `(${column}, ${idColumn}) ${op} (?, ?)`;
  return { condition: { sql, params: [...window.from] }, orderBy };
}
