import type { EntityManager } from '@mikro-orm/postgresql';
import { read, readByKeys } from '../platform/db/read.js';
import { keyset, type Connection, type PageWindow, type Position } from '../platform/graphql/connections.js';
import type { User } from './user.entity.js';

/*
 * Read models of users, read with fixed, parameterised SQL into plain objects: the people a page of help requests
 * shows, and the account every signed-in request checks.
 */

/** How other domains point at a person: by id, whether they hold an entity or a read model. */
export interface PersonRef {
  readonly id: string;
}

/** What the API shows of a user, as a plain object. Never the password hash. */
export type UserView = Pick<
  User,
  | 'id'
  | 'username'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'locked'
  | 'disabled'
  | 'organization'
  | 'phone'
  | 'lastSession'
  | 'createdAt'
  | 'updatedAt'
>;

/** Who someone is by name alone: all most relation fields show of a person (`requester { id username }`). */
export type PersonName = Pick<UserView, 'id' | 'username'>;

/**
 * What a `User` field resolves to: the read model, or, where the query asks nothing of that person but their id
 * and username, only their name (read without the other columns).
 */
export type UserRecord = UserView | PersonName;

interface UserRow {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  role: User['role'];
  locked: boolean;
  disabled: boolean;
  organization: string | null;
  phone: string | null;
  last_session: string | null;
  created_at: string;
  updated_at: string;
}

const USER_COLUMNS =
  'id, username, first_name, last_name, role, locked, disabled, organization, phone, last_session, created_at, updated_at';

export function readUsers(em: EntityManager, ids: readonly string[]): Promise<UserView[]> {
  return readByKeys<UserRow, UserView>(em, `select ${USER_COLUMNS} from users where id in (?)`, ids, (row) =>
    userView(em, row),
  );
}

function userView(em: EntityManager, row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    locked: row.locked,
    disabled: row.disabled,
    organization: row.organization,
    phone: row.phone,
    lastSession: row.last_session === null ? null : em.getPlatform().parseDate(row.last_session),
    createdAt: em.getPlatform().parseDate(row.created_at),
    updatedAt: em.getPlatform().parseDate(row.updated_at),
  };
}

/** Users by cursor: the read model, and where each sits in the order by username. */
export type UserConnection = Connection<UserRecord>;
export type PositionedUser = UserView & { position: Position };

/** Conditions on users, each value bound as a parameter (the SQL text is the caller's own). */
export interface UserConditions {
  sql: string[];
  params: unknown[];
}

const whereOf = (sql: readonly string[]) => (sql.length > 0 ? ` where ${sql.join(' and ')}` : '');

type PositionedRow = UserRow & { username_key: string };
const positioned = (em: EntityManager, row: PositionedRow): PositionedUser => ({
  ...userView(em, row),
  position: [row.username_key, row.id],
});

/**
 * Up to `window.size + 1` users past the window's position, in the order `users` lists them (username_key, unique
 * and NOT NULL, then id), read in scan order. The unique index on username_key serves every page.
 */
export async function readUsersAfter(
  em: EntityManager,
  conditions: UserConditions,
  window: PageWindow,
): Promise<PositionedUser[]> {
  const seek = keyset('username_key', 'asc', window);
  const sql = [...conditions.sql, ...(seek.condition ? [seek.condition.sql] : [])];
  const rows = await read<PositionedRow>(
    em,
    `select ${USER_COLUMNS}, username_key from users${whereOf(sql)} order by ${seek.orderBy} limit ?`,
    [...conditions.params, ...(seek.condition?.params ?? []), window.size + 1],
  );
  return rows.map((row) => positioned(em, row));
}

/** `limit` users from the `offset`-th on, in the same order: the platform's paging, by offset. */
export async function readUsersAt(
  em: EntityManager,
  conditions: UserConditions,
  page: { limit: number; offset: number },
): Promise<PositionedUser[]> {
  const rows = await read<PositionedRow>(
    em,
    `select ${USER_COLUMNS}, username_key from users${whereOf(conditions.sql)} order by username_key limit ? offset ?`,
    [...conditions.params, page.limit, page.offset],
  );
  return rows.map((row) => positioned(em, row));
}

/** How many users the conditions match (a count over the table: users keep no counts). */
export async function countUsers(em: EntityManager, conditions: UserConditions): Promise<number> {
  const [row] = await read<{ total: number }>(
    em,
    `select count(*)::int as total from users${whereOf(conditions.sql)}`,
    conditions.params,
  );
  return row.total;
}

export function readNames(em: EntityManager, ids: readonly string[]): Promise<PersonName[]> {
  return readByKeys<PersonName, PersonName>(em, `select id, username from users where id in (?)`, ids, (row) => row);
}

/** What deciding whether a token may still act needs of its user. */
export type AccountStatus = Pick<
  User,
  'id' | 'username' | 'role' | 'locked' | 'disabled' | 'tokenVersion' | 'tokensRevokedAt'
>;

/** The users columns an account status is read from, and their row. */
export const ACCOUNT_STATUS_COLUMNS = 'id, username, role, locked, disabled, token_version, tokens_revoked_at';
export interface AccountStatusRow {
  id: string;
  username: string;
  role: User['role'];
  locked: boolean;
  disabled: boolean;
  token_version: number;
  tokens_revoked_at: string | null;
}

export const accountStatusOf = (em: EntityManager, row: AccountStatusRow): AccountStatus => ({
  id: row.id,
  username: row.username,
  role: row.role,
  locked: row.locked,
  disabled: row.disabled,
  tokenVersion: row.token_version,
  tokensRevokedAt: row.tokens_revoked_at === null ? null : em.getPlatform().parseDate(row.tokens_revoked_at),
});

export async function readAccountStatus(em: EntityManager, id: string): Promise<AccountStatus | null> {
  const [row] = await read<AccountStatusRow>(em, `select ${ACCOUNT_STATUS_COLUMNS} from users where id = ?`, [id]);
  return row ? accountStatusOf(em, row) : null;
}
