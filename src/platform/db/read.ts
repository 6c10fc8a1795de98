import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, QueryResultRow } from 'pg';
import type { ReadReplicas, Replica } from './replicas.js';

/*
 * How read models reach PostgreSQL. Inside a transaction, through the ORM's raw query API (`?` placeholders), which
 * runs on the transaction's connection and so sees what it wrote. Outside one, as named prepared statements on the
 * ORM's own pool (`em.getConnection().getNativeClient()`), or on a read replica's when the request may read from
 * one (readsFromReplicas): PostgreSQL plans each statement once per connection instead of parsing and planning the
 * text with its values inlined on every call; a statement whose best plan depends on its values is sent unnamed
 * instead, and planned with them at each call (planEachCall). The same SQL either way, logged as the ORM logs its
 * own.
 */

export interface ReadOptions {
  /**
   * Plan the statement with each call's values rather than once per connection: for a statement whose best plan
   * depends on them, such as a text search (its words may match a handful of rows or a tenth of the table, and
   * reading the newest matches is cheap for the one and ruinous for the other). PostgreSQL then estimates from
   * the column's statistics for the values given, where a plan kept for any value would use a fixed guess.
   */
  planEachCall?: boolean;
}

/** Runs one read statement and returns its rows. */
export async function read<Row extends object>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  options: ReadOptions = {},
): Promise<Row[]> {
  if (em.getTransactionContext()) return em.execute<Row[]>(sql, [...params]);
  const named = namedStatement(em, sql, params);
  if (!named) return em.execute<Row[]>(sql, [...params]);
  // An unnamed statement is planned at each call with its values.
  const statement = options.planEachCall ? { text: named.text, values: named.values } : named;
  const paths = readPathsOf(em);
  const replica = await paths.replicaFor(em);
  if (replica?.pool) {
    try {
      return await run<Row>(em, paths, replica.pool, replica.name, 'read', sql, statement);
    } catch (error) {
      // A replica that stops mid-request costs the request nothing: the primary answers instead.
      paths.replicas?.failed(replica, error);
    }
  }
  return run<Row>(em, paths, await paths.primaryPool(em), 'primary', 'write', sql, statement);
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

/**
 * Lets a request's reads outside transactions go to a replica that has replayed `caller`'s last commit (any
 * serving replica for a caller with none, such as an anonymous one). Called once a request is known to be a query;
 * every other request (mutations, subscription events, background work) reads from the primary. A request that is
 * one of a call's operations (readsAsOneCall) reads where the call's earlier queries read.
 */
export function readsFromReplicas(em: EntityManager, caller: string | undefined): void {
  const paths = readPathsOf(em);
  if (!paths.replicas) return;
  const call = paths.calls.get(em);
  let choice = call && paths.choices.get(call);
  if (!choice || choice.caller !== caller) {
    choice = { caller, chosen: undefined };
    if (call) paths.choices.set(call, choice);
  }
  paths.requests.set(em, choice);
}

/**
 * Makes `em` one of the operations of `call` (a REST request that runs several, such as get_users reading page
 * after page): its queries read where the call's first query read, so a later page never shows an older state
 * than the one before it, as it could from another replica that has replayed less. A commit in between chooses
 * again, for a replica that has it.
 */
export function readsAsOneCall(em: EntityManager, call: object): void {
  const paths = readPathsOf(em);
  if (paths.replicas) paths.calls.set(em, call);
}

/**
 * Records the primary's position after `caller`'s commits, so its next reads go to a replica that has replayed
 * them or to the primary. Nothing to do without replicas.
 */
export async function rememberCommits(em: EntityManager, caller: string | undefined): Promise<void> {
  const paths = readPathsOf(em);
  const replicas = paths.replicas;
  if (!replicas) return;
  const call = paths.calls.get(em);
  if (call) paths.choices.delete(call);
  if (caller === undefined) return;
  await replicas.positions.advance(caller, await replicas.primaryPosition());
}

/** Where one request's reads go: decided at its first read, from its caller's last commit. */
interface ReadChoice {
  caller: string | undefined;
  chosen: Promise<Replica | undefined> | undefined;
}

/** Where read statements of one ORM go, and how they are counted. */
export interface ReadPaths {
  replicas: ReadReplicas | undefined;
  /** Told which served each read statement outside a transaction: `primary` or a replica's name. */
  onRead: ((target: string) => void) | undefined;
  requests: WeakMap<EntityManager, ReadChoice>;
  /** The call each of a call's operations belongs to, and the choice its queries share. */
  calls: WeakMap<EntityManager, object>;
  choices: WeakMap<object, ReadChoice>;
  primaryPool(em: EntityManager): Promise<Pool>;
  replicaFor(em: EntityManager): Promise<Replica | undefined>;
}

/** Keyed by the ORM's driver, which every EntityManager forked from it shares. */
const pathsByDriver = new WeakMap<object, ReadPaths>();

export function readPathsOf(em: EntityManager): ReadPaths {
  const driver = em.getDriver();
  let paths = pathsByDriver.get(driver);
  if (!paths) {
    let pool: Promise<Pool> | undefined;
    const created: ReadPaths = {
      replicas: undefined,
      onRead: undefined,
      requests: new WeakMap(),
      calls: new WeakMap(),
      choices: new WeakMap(),
      primaryPool: (forEm) => (pool ??= forEm.getConnection('write').getNativeClient()),
      replicaFor(forEm) {
        const request = created.requests.get(forEm);
        if (!request || !created.replicas) return Promise.resolve(undefined);
        const replicas = created.replicas;
        // Decided once per request (or call), so all of its reads see one state.
        request.chosen ??= (
          request.caller === undefined ? Promise.resolve(undefined) : replicas.positions.get(request.caller)
        ).then(
          (position) => replicas.pick(position),
          // Without the caller's position its own writes might not be there: the primary serves.
          () => undefined,
        );
        return request.chosen;
      },
    };
    paths = created;
    pathsByDriver.set(driver, paths);
  }
  return paths;
}

interface Statement {
  /** Absent: unnamed, planned at each call. */
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * Texts by the SQL, then by the shape of its values (which are lists); a statement's name is a hash of its text.
 * Keyed by the SQL string itself, whose hash the engine keeps on it (the domain's statements are constants).
 */
const texts = new Map<string, Map<string, { name: string; text: string } | null>>();
const MAX_TEXTS = 2_000;

/**
 * The `?` statement as PostgreSQL's own `$n` form: a list where `in (?)` takes one becomes `= any($n)` (`not in`:
 * `<> all($n)`), so a batch of any size is one statement; `??` is an identifier, `\?` a question mark, as the ORM
 * reads them. A statement the ORM's inlining would read otherwise (a list anywhere else, an ORM raw fragment)
 * has no named form and goes through the ORM.
 */
function namedStatement(em: EntityManager, sql: string, params: readonly unknown[]): Statement | undefined {
  let shape = '';
  for (const p of params) shape += Array.isArray(p) ? 'a' : 'v';
  const identifiers = sql.includes('??');
  let shapes = identifiers ? undefined : texts.get(sql);
  let found = shapes?.get(shape);
  if (found === undefined) {
    found = compile(em, sql, params);
    if (!identifiers) {
      if (!shapes) {
        if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value!);
        texts.set(sql, (shapes = new Map<string, { name: string; text: string } | null>()));
      }
      shapes.set(shape, found);
    }
  }
  if (!found) return undefined;
  const values = identifiers ? params.filter((_, i) => !identifierAt(sql, i)) : [...params];
  return { ...found, values };
}

function compile(em: EntityManager, sql: string, params: readonly unknown[]): { name: string; text: string } | null {
  let text = '';
  let n = 0;
  let j = 0;
  for (let pos = 0; pos < sql.length;) {
    const at = sql.indexOf('?', pos);
    if (at === -1) {
      text += sql.slice(pos);
      break;
    }
    if (at > 0 && sql[at - 1] === '\\') {
      text += `${sql.slice(pos, at - 1)}?`;
      pos = at + 1;
      continue;
    }
    text += sql.slice(pos, at);
    if (sql[at + 1] === '?') {
      text += em.getPlatform().quoteIdentifier(String(params[j++]));
      pos = at + 2;
      continue;
    }
    const value = params[j++];
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      if (!isPlainJson(value)) return null;
    if (Array.isArray(value)) {
      const list = /\b(not\s+)?in\s*\(\s*$/i.exec(text);
      const close = /^\s*\)/.exec(sql.slice(at + 1));
      if (!list || !close) return null;
      text = `${text.slice(0, list.index)}${list[1] ? '<> all' : '= any'}($${++n})`;
      pos = at + 1 + close[0].length;
      continue;
    }
    text += `$${++n}`;
    pos = at + 1;
  }
  if (j !== params.length) return null;
  return { name: `t${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text };
}

/** Whether the i-th value fills a `??` (an identifier, written into the text) rather than a `?`. */
function identifierAt(sql: string, index: number): boolean {
  let j = 0;
  for (let pos = sql.indexOf('?'); pos !== -1; pos = sql.indexOf('?', pos + 1)) {
    if (pos > 0 && sql[pos - 1] === '\\') continue;
    const identifier = sql[pos + 1] === '?';
    if (j === index) return identifier;
    j++;
    if (identifier) pos++;
  }
  return false;
}

/** A plain object or a Buffer: node-postgres sends the one as JSON and the other as bytes, as the ORM would. */
function isPlainJson(value: object): boolean {
  if (Buffer.isBuffer(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

async function run<Row extends object>(
  em: EntityManager,
  paths: ReadPaths,
  pool: Pool,
  target: string,
  type: 'read' | 'write',
  sql: string,
  statement: Statement,
): Promise<Row[]> {
  const started = Date.now();
  const logger = em.config.getLogger();
  try {
    const { rows } = await pool.query<Row & QueryResultRow>(statement);
    logger.logQuery({
      query: sql,
      took: Date.now() - started,
      results: rows.length,
      connection: { type, name: target },
    });
    paths.onRead?.(target);
    return rows;
  } catch (error) {
    logger.logQuery({ query: sql, took: Date.now() - started, level: 'error', connection: { type, name: target } });
    throw em.getDriver().convertException(error as Error);
  }
}
