import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMINISTRATOR_ROLE, type Actor, type Principal } from '../platform/auth/principal.js';
import {
  changesOwnAccount,
  deletionNeedsForce,
  isActiveAdministrator,
  mayChangeAccountOf,
  mayGrantRoles,
} from './access.js';
import { fieldsOf, type AuditRecorder } from '../audit/recorder.js';
import { auditedFields, recordUserUpdate, userTarget } from './audit-events.js';
import { hashPassword } from './passwords.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import {
  connectionOf,
  pageWindow,
  type ConnectionArgs,
  type Cursors,
  type ListIdentity,
} from '../platform/graphql/connections.js';
import {
  countUsers,
  readUsersAfter,
  readUsersAt,
  type UserConditions,
  type UserConnection,
  type UserView,
} from './views.js';
import { assertPassword, assertUsername, newUserAccount } from './accounts.js';
import { DEFAULT_GROUP_ID, Group, GroupMembership } from './group.entity.js';
import type { Role } from '../platform/auth/principal.js';
import { User, usernameKey } from './user.entity.js';
import { containsPattern, notNull, optionalText, phoneNumber } from './validation.js';

/**
 * Administration of workspace-platform users: listing, creating, updating, deleting, signing out, and group
 * membership. Shield lets only administrators (admin users and API keys) in; the rules about *whose* role or
 * flags may change live here, so GraphQL and the REST routes obey them alike.
 */

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  organization?: string | null;
  phone?: string | null;
}

export interface CreateUserInput extends ProfileInput {
  username: string;
  password?: string | null;
  role?: Role | null;
  locked?: boolean | null;
  disabled?: boolean | null;
}

export interface UpdateUserInput extends ProfileInput {
  username?: string | null;
  password?: string | null;
  role?: Role | null;
  locked?: boolean | null;
  disabled?: boolean | null;
}

export interface UserFilter {
  search?: string | null;
  role?: Role | null;
  locked?: boolean | null;
  disabled?: boolean | null;
  groupId?: string | null;
}

export const MAX_PAGE_SIZE = 500;

export const unknownUser = () => new NotFoundError('Unknown User');
export const unknownGroup = () => new NotFoundError('Unknown Group');

/**
 * The platform's wording, which legacy callers match on. A taken username is a bad input (400), as the platform
 * answers it, not a conflict (409): the caller fixes it by choosing another name.
 */
const duplicateOnCreate = (username: string) =>
  new ValidationError(`Error creating user (${username}): (User already exists)`, 'username');
const duplicateOnUpdate = (username: string) =>
  new ValidationError(`Error updating user (${username}): (User already exists)`, 'username');

/**
 * Spares one session of a user whose tokens were all just revoked, carrying it over to their new token version,
 * inside the change's transaction. The module that keeps sign-in sessions provides it (see keepOwnSession).
 */
export type SessionCarryOver = (
  tx: EntityManager,
  userId: string,
  sessionId: string,
  tokenVersion: number,
) => Promise<void>;

/** The users a filter keeps, as conditions on the users table: one list by cursor and by offset alike. */
function conditionsOf(filter: UserFilter, search: string | null | undefined): UserConditions {
  const conditions: UserConditions = { sql: [], params: [] };
  const where = (sql: string, ...params: unknown[]) => {
    conditions.sql.push(sql);
    conditions.params.push(...params);
  };
  if (filter.role) where('role = ?', filter.role);
  if (typeof filter.locked === 'boolean') where('locked = ?', filter.locked);
  if (typeof filter.disabled === 'boolean') where('disabled = ?', filter.disabled);
  if (search) {
    const like = containsPattern(search);
    where('(username ilike ? or first_name ilike ? or last_name ilike ?)', like, like, like);
  }
  if (filter.groupId !== undefined && filter.groupId !== null) {
    // Not an id at all: nobody is a member.
    if (!isHexId(filter.groupId)) where('false');
    else
      where('exists (select 1 from group_memberships m where m.user_id = users.id and m.group_id = ?)', filter.groupId);
  }
  return conditions;
}

/** Users and their group memberships, for administrators (GraphQL and the REST routes alike). */
export class UserDirectory {
  #carryOver: SessionCarryOver | undefined;

  constructor(
    private readonly cursors: Cursors,
    private readonly audit: AuditRecorder,
  ) {}

  /**
   * A password change ends every session of the user, except, when they change their own, the one they changed it
   * from: being signed out by one's own password change would only make one sign in again with the new password.
   */
  keepOwnSession(carryOver: SessionCarryOver): void {
    this.#carryOver = carryOver;
  }

  /**
   * Users by cursor, in the order `list` gives them (by username), with its filter. `list` names the list the
   * cursors belong to (`usersConnection`, or one group's members). totalCount is counted only when `want.total`.
   */
  async connection(
    em: EntityManager,
    filter: UserFilter,
    args: ConnectionArgs,
    want: { total: boolean },
    list = 'usersConnection',
  ): Promise<UserConnection> {
    const search = optionalText(filter.search, 'search', 'Search', 100);
    const identity = this.#identity(list, filter, search);
    const window = pageWindow(args, this.cursors, identity);
    const conditions = conditionsOf(filter, search);
    const [rows, total] = await Promise.all([
      readUsersAfter(em, conditions, window),
      want.total ? countUsers(em, conditions) : undefined,
    ]);
    const connection = connectionOf(rows, window, this.cursors, identity, (row) => row.position);
    if (total !== undefined) connection.totalCount = total;
    return connection;
  }

  /** What a users cursor is bound to: the list, and the filter that decides which users it holds. */
  #identity(list: string, filter: UserFilter, search: string | null | undefined): ListIdentity {
    return {
      list,
      fingerprint: {
        search,
        role: filter.role,
        locked: filter.locked,
        disabled: filter.disabled,
        groupId: filter.groupId,
      },
    };
  }

  /** A group's members by cursor: usersConnection narrowed to the group, with cursors of that group's list only. */
  members(em: EntityManager, groupId: string, args: ConnectionArgs, want: { total: boolean }): Promise<UserConnection> {
    return this.connection(em, { groupId }, args, want, `Group.members:${groupId}`);
  }

  async list(
    em: EntityManager,
    filter: UserFilter = {},
    paging: { limit?: number | null; offset?: number | null } = {},
  ): Promise<{ users: UserView[]; total: number; endCursor: string | null }> {
    const limit = paging.limit ?? 50;
    const offset = paging.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new ValidationError(`limit must be from 1 to ${MAX_PAGE_SIZE}`, 'limit');
    }
    if (!Number.isInteger(offset) || offset < 0) throw new ValidationError('offset must be 0 or more', 'offset');

    const search = optionalText(filter.search, 'search', 'Search', 100);
    const conditions = conditionsOf(filter, search);
    const [users, total] = await Promise.all([
      readUsersAt(em, conditions, { limit, offset }),
      countUsers(em, conditions),
    ]);
    const last = users.at(-1);
    const endCursor = last
      ? this.cursors.encode(this.#identity('usersConnection', filter, search), last.position)
      : null;
    return { users, total, endCursor };
  }

  async find(em: EntityManager, by: { id?: string | null; username?: string | null }): Promise<User | null> {
    const hasId = by.id !== undefined && by.id !== null;
    const hasName = by.username !== undefined && by.username !== null;
    if (hasId === hasName) throw new ValidationError('Give exactly one of id and username', hasId ? 'username' : 'id');
    if (hasId) return isHexId(by.id) ? em.findOne(User, { id: by.id }) : null;
    const key = usernameKey(by.username!);
    return key.length <= 64 ? em.findOne(User, { usernameKey: key }) : null;
  }

  async create(em: EntityManager, actor: Actor, input: CreateUserInput, withGroups = false): Promise<WrittenUser> {
    const role = input.role ?? 'user';
    assertMayGrantRole(actor, role, 'user');
    const profile = profileFields(input);
    try {
      return await em.transactional(async (tx) => {
        const name = assertUsername(input.username);
        if (await tx.count(User, { $or: [{ usernameKey: name.key }, { usernameSkeleton: name.skeleton }] }))
          throw duplicateOnCreate(input.username);
        const user = await newUserAccount(tx, {
          username: input.username,
          password: input.password ?? undefined,
          role,
        });
        tx.assign(user, { ...profile, locked: input.locked ?? false, disabled: input.disabled ?? false });
        await tx.flush(); // the event names the user by id
        this.audit.record(tx, actor, {
          action: 'user.create',
          target: userTarget(user),
          changes: fieldsOf(auditedFields(user), CREATED_FIELDS, 'created'),
        });
        return written(tx, user, withGroups);
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateOnCreate(input.username) : error;
    }
  }

  /**
   * Changes only the fields present in `input`, all in one transaction: a rejected field leaves the user as it was.
   * Locking, disabling, a new password or a new role also revoke the user's tokens (revokeTokens), on top of
   * authenticate() re-reading the account on every request.
   */
  async update(
    em: EntityManager,
    actor: Actor,
    id: string,
    input: UpdateUserInput,
    withGroups = false,
  ): Promise<WrittenUser> {
    const changes: Partial<
      Pick<User, 'username' | 'usernameKey' | 'usernameSkeleton' | 'role' | 'locked' | 'disabled' | 'passwordHash'>
    > = {};
    if (input.username !== undefined) {
      const name = assertUsername(notNull(input.username, 'username'));
      changes.username = name.display;
      changes.usernameKey = name.key;
      changes.usernameSkeleton = name.skeleton;
    }
    if (input.password !== undefined) assertPassword(notNull(input.password, 'password'));
    if (input.role !== undefined) changes.role = notNull(input.role, 'role');
    if (input.locked !== undefined) changes.locked = notNull(input.locked, 'locked');
    if (input.disabled !== undefined) changes.disabled = notNull(input.disabled, 'disabled');
    const profile = profileFields(input);

    try {
      return await em.transactional(async (tx) => {
        const user = isHexId(id) ? await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (!user) throw unknownUser();
        assertMayChange(actor, user);
        const selfChange = changesOwnAccount(actor, user.id);
        const flagsChange =
          (changes.role !== undefined && changes.role !== user.role) ||
          (changes.locked !== undefined && changes.locked !== user.locked) ||
          (changes.disabled !== undefined && changes.disabled !== user.disabled);
        if (selfChange && flagsChange)
          throw new ForbiddenError('You cannot change your own role, lock or disable yourself');
        if (changes.role !== undefined) assertMayGrantRole(actor, changes.role, user.role);
        const wasActiveAdmin = isActiveAdministrator(user);
        const becomesActiveAdmin = isActiveAdministrator({
          role: changes.role ?? user.role,
          locked: changes.locked ?? user.locked,
          disabled: changes.disabled ?? user.disabled,
        });
        if (wasActiveAdmin && !becomesActiveAdmin)
          await assertAnotherActiveAdmin(tx, user.id, 'demoted, locked or disabled');
        if (changes.usernameKey !== undefined) {
          const taken = {
            $or: [{ usernameKey: changes.usernameKey }, { usernameSkeleton: changes.usernameSkeleton }],
            id: { $ne: user.id },
          };
          if (await tx.count(User, taken)) throw duplicateOnUpdate(input.username!);
        }
        const revokesTokens =
          input.password !== undefined ||
          (changes.role !== undefined && changes.role !== user.role) ||
          (changes.locked === true && !user.locked) ||
          (changes.disabled === true && !user.disabled);
        if (input.password) changes.passwordHash = await hashPassword(input.password);
        const before = auditedFields(user);
        tx.assign(user, { ...changes, ...profile });
        if (revokesTokens) revokeTokens(user);
        recordUserUpdate(this.audit, tx, actor, user, before, input.password !== undefined);
        // Only a password change can revoke one's own tokens: one's own role and flags are refused above.
        if (revokesTokens && selfChange && actor.kind === 'user' && actor.sessionId && this.#carryOver) {
          await this.#carryOver(tx, user.id, actor.sessionId, user.tokenVersion);
        }
        return written(tx, user, withGroups);
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateOnUpdate(input.username ?? '') : error;
    }
  }

  /**
   * Deletes a user. Their group memberships go with them (foreign keys cascade); the help-request domain keeps
   * their requests and history with the person set to null, so nothing anyone else wrote disappears.
   *
   * `force` comes from the platform helper, where it deletes a user who still has live sessions. Here a user's
   * only live state is their tokens, which stop working as soon as the row is gone, so `force` guards the one
   * deletion that is hard to undo: an administrator's account needs force: true. The last active administrator
   * is never deleted, with or without force, so the platform can always be administered.
   */
  async delete(em: EntityManager, actor: Actor, id: string, force = false): Promise<string> {
    return em.transactional(async (tx) => {
      const user = isHexId(id) ? await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!user) throw unknownUser();
      assertMayChange(actor, user);
      if (deletionNeedsForce(user) && !force) {
        throw new ConflictError('Deleting an administrator requires force', { field: 'force' });
      }
      if (isActiveAdministrator(user)) await assertAnotherActiveAdmin(tx, user.id, 'deleted');
      await tx.nativeDelete(User, { id: user.id });
      this.audit.record(tx, actor, {
        action: 'user.delete',
        target: userTarget(user),
        changes: fieldsOf(auditedFields(user), CREATED_FIELDS, 'deleted'),
      });
      return user.id;
    });
  }

  /** Revokes every token the user holds; their next request must sign in again. */
  async logout(em: EntityManager, actor: Actor, id: string): Promise<User> {
    return em.transactional(async (tx) => {
      const user = isHexId(id) ? await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!user) throw unknownUser();
      assertMayChange(actor, user);
      revokeTokens(user);
      this.audit.record(tx, actor, { action: 'user.logout', target: userTarget(user) });
      return user;
    });
  }

  async addToGroup(em: EntityManager, actor: Actor, userId: string, groupId: string): Promise<User> {
    return em.transactional(async (tx) => {
      const [user, group] = await findMember(tx, userId, groupId);
      assertMayChange(actor, user);
      // Idempotent, and safe against a concurrent identical request. A plain INSERT … ON CONFLICT DO NOTHING: an
      // upsert would read the existing row back, and a removal committing in between left it nothing to read.
      const added = await tx
        .createQueryBuilder(GroupMembership)
        .insert({ user: user.id, group: group.id, createdAt: new Date() })
        .onConflict(['user', 'group'])
        .ignore()
        .execute<{ affectedRows: number }>('run');
      if (added.affectedRows > 0)
        this.audit.record(tx, actor, {
          action: 'user.group_add',
          target: userTarget(user),
          changes: [membership(group, 'added')],
        });
      return user;
    });
  }

  async removeFromGroup(em: EntityManager, actor: Actor, userId: string, groupId: string): Promise<User> {
    return em.transactional(async (tx) => {
      const [user, group] = await findMember(tx, userId, groupId);
      assertMayChange(actor, user);
      if (group.id === DEFAULT_GROUP_ID)
        throw new ValidationError('Every user belongs to the default group', 'groupId');
      const removed = await tx.nativeDelete(GroupMembership, { user: user.id, group: group.id });
      if (removed > 0)
        this.audit.record(tx, actor, {
          action: 'user.group_remove',
          target: userTarget(user),
          changes: [membership(group, 'removed')],
        });
      return user;
    });
  }
}

/** What the trail keeps of an account created or deleted (never its password). */
const CREATED_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'organization',
  'phone',
  'role',
  'locked',
  'disabled',
] as const;

/** A membership change as the trail shows it: the group, by id and name, joined or left. */
const membership = (group: Group, change: 'added' | 'removed') => {
  const value = { id: group.id, name: group.name };
  return { field: 'group', oldValue: change === 'added' ? null : value, newValue: change === 'added' ? value : null };
};

/** Only an administrator user grants or withdraws administration; an API key administers this domain only. */
function assertMayGrantRole(actor: Principal, role: Role, current: Role): void {
  if (role !== current && !mayGrantRoles(actor)) {
    throw new ForbiddenError("Only an administrator user can change a user's role");
  }
}

/** Refuses a change to an administrator's account by a key without users:modify-admin (see mayChangeAccountOf). */
export function assertMayChange(actor: Principal, target: Pick<User, 'role'>): void {
  if (!mayChangeAccountOf(actor, target)) {
    throw new ForbiddenError('This API key lacks the users:modify-admin permission', {
      permission: 'users:modify-admin',
    });
  }
}

/**
 * A user just written, and, when the caller answers with them, their groups read in the same transaction. Read
 * after the commit, the groups would need a second connection, and a request shed while waiting for one would
 * answer 503 for a change that was in fact made.
 */
export interface WrittenUser {
  user: User;
  groups?: Group[];
}

/** The memberships of these users with their groups, in one joined statement, groups by name. */
export function membershipsOf(em: EntityManager, userIds: readonly string[]): Promise<GroupMembership[]> {
  return em.find(
    GroupMembership,
    { user: { $in: [...userIds] } },
    { populate: ['group'], orderBy: { group: { nameKey: 'asc' } } },
  );
}

async function written(tx: EntityManager, user: User, withGroups: boolean): Promise<WrittenUser> {
  if (!withGroups) return { user };
  await tx.flush();
  return { user, groups: (await membershipsOf(tx, [user.id])).map((m) => m.group) };
}

/** Every token issued to the user so far stops working: Trellis' own by version, an external issuer's by time. */
function revokeTokens(user: User): void {
  user.tokenVersion += 1;
  user.tokensRevokedAt = new Date();
}

/**
 * Both rows are read FOR SHARE: a user or group deleted at the same moment then either waits for the membership
 * to commit (and takes it along) or is gone by the time it is read, never in between (a membership of nobody).
 */
async function findMember(em: EntityManager, userId: string, groupId: string): Promise<[User, Group]> {
  const user = isHexId(userId) ? await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_READ }) : null;
  if (!user) throw unknownUser();
  const group = isHexId(groupId)
    ? await em.findOne(Group, { id: groupId }, { lockMode: LockMode.PESSIMISTIC_READ })
    : null;
  if (!group) throw unknownGroup();
  return [user, group];
}

function profileFields(input: ProfileInput): ProfileInput {
  const out: ProfileInput = {};
  if (input.firstName !== undefined) out.firstName = optionalText(input.firstName, 'firstName', 'First name', 100);
  if (input.lastName !== undefined) out.lastName = optionalText(input.lastName, 'lastName', 'Last name', 100);
  if (input.organization !== undefined)
    out.organization = optionalText(input.organization, 'organization', 'Organization', 200);
  if (input.phone !== undefined) out.phone = phoneNumber(input.phone);
  return out;
}

/** An arbitrary constant naming the advisory lock that serialises changes which could remove an administrator. */
const ADMINISTRATORS_LOCK = 7_472_656_108;

/**
 * Someone must still be able to administer the platform. Changes that could remove an active administrator take
 * one transaction-scoped advisory lock and then count the others, so two administrators removing each other at
 * the same moment cannot both succeed (the second sees the first's commit), and no row locks are taken in an
 * order that could deadlock.
 */
async function assertAnotherActiveAdmin(em: EntityManager, exceptId: string, what: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?)', [ADMINISTRATORS_LOCK]);
  const others = await em.count(User, {
    role: ADMINISTRATOR_ROLE,
    locked: false,
    disabled: false,
    id: { $ne: exceptId },
  });
  if (others === 0) throw new ConflictError(`The last active administrator cannot be ${what}`);
}
