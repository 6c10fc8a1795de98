import type { EntityManager } from '@mikro-orm/postgresql';
import { read, readByKeys } from '../platform/db/read.js';
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
  'id' | 'username' | 'firstName' | 'lastName' | 'role' | 'locked' | 'disabled' | 'organization' | 'phone' | 'lastSession' | 'createdAt' | 'updatedAt'
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

export function readUsers(em: EntityManager, ids: readonly string[]): Promise<UserView[]> {
  return readByKeys<UserRow, UserView>(
    em,
    `select id, username, first_name, last_name, role, locked, disabled, organization, phone, last_session, created_at, updated_at
       from users where id in (?)`,
    ids,
    (row) => ({
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
    }),
  );
}

export function readNames(em: EntityManager, ids: readonly string[]): Promise<PersonName[]> {
  return readByKeys<PersonName, PersonName>(em, `select id, username from users where id in (?)`, ids, (row) => row);
}

/** What deciding whether a token may still act needs of its user. */
export type AccountStatus = Pick<User, 'id' | 'username' | 'role' | 'locked' | 'disabled' | 'tokenVersion' | 'tokensRevokedAt'>;

export async function readAccountStatus(em: EntityManager, id: string): Promise<AccountStatus | null> {
  const [row] = await read<{
    id: string;
    username: string;
    role: User['role'];
    locked: boolean;
    disabled: boolean;
    token_version: number;
    tokens_revoked_at: string | null;
  }>(em, `select id, username, role, locked, disabled, token_version, tokens_revoked_at from users where id = ?`, [id]);
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    locked: row.locked,
    disabled: row.disabled,
    tokenVersion: row.token_version,
    tokensRevokedAt: row.tokens_revoked_at === null ? null : em.getPlatform().parseDate(row.tokens_revoked_at),
  };
}
