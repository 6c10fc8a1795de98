import type { EntityManager } from '@mikro-orm/postgresql';
import { changesBetween, type AuditRecorder } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import type { User } from './user.entity.js';

/*
 * What the audit trail records of changes to users, in the audit module's words. An update is split by what an
 * administrator looks for later: a lock, a password set by someone, a role change each get their own event, the
 * rest of the account (names, profile, disabled) one user.update.
 */

type UserFields = Pick<
  User,
  'username' | 'firstName' | 'lastName' | 'organization' | 'phone' | 'role' | 'locked' | 'disabled'
>;

const PROFILE_FIELDS = ['username', 'firstName', 'lastName', 'organization', 'phone', 'disabled'] as const;

export const userTarget = (user: Pick<User, 'id' | 'username'>) =>
  ({ type: 'user', id: user.id, name: user.username }) as const;

/** The account's audited fields now, to compare with after a change. */
export const auditedFields = (user: User): UserFields => ({
  username: user.username,
  firstName: user.firstName ?? null,
  lastName: user.lastName ?? null,
  organization: user.organization ?? null,
  phone: user.phone ?? null,
  role: user.role,
  locked: user.locked,
  disabled: user.disabled,
});

/** Records one event per kind of change an update made: user.update, user.lock or unlock, user.role_change, user.password_set. */
export function recordUserUpdate(
  audit: AuditRecorder,
  em: EntityManager,
  actor: Actor,
  user: User,
  before: UserFields,
  passwordSet: boolean,
): void {
  const after = auditedFields(user);
  const target = userTarget(user);
  const profile = changesBetween(before, after, PROFILE_FIELDS);
  if (profile.length) audit.record(em, actor, { action: 'user.update', target, changes: profile });
  if (before.locked !== after.locked) {
    audit.record(em, actor, {
      action: after.locked ? 'user.lock' : 'user.unlock',
      target,
      changes: changesBetween(before, after, ['locked']),
    });
  }
  if (before.role !== after.role)
    audit.record(em, actor, { action: 'user.role_change', target, changes: changesBetween(before, after, ['role']) });
  if (passwordSet)
    audit.record(em, actor, {
      action: 'user.password_set',
      target,
      changes: [{ field: 'password', oldValue: null, newValue: null }],
    });
}
