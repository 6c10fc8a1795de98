import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { passwordProblem } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { ValidationError } from '../platform/errors.js';
import { DEFAULT_GROUP_ID, Group, GroupMembership } from './group.entity.js';
import type { Role } from '../platform/auth/principal.js';
import { User } from './user.entity.js';
import { prepareUsername, type PreparedUsername } from './usernames.js';

/** A username prepared per RFC 8265, or a ValidationError saying which character is refused. */
export const assertUsername = (username: string): PreparedUsername => prepareUsername(username);

export function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, 'password');
}

/** A password nobody knows that still satisfies every rule, for accounts created without one. */
export const randomPassword = (): string => `${randomBytes(24).toString('base64url')}aA1!`;

/**
 * Creates an account and its membership of the default group (the caller flushes both in one unit of work),
 * so every path that makes a user (GraphQL, REST, bootstrap, CLI) leaves no user outside the default group.
 * Uniqueness is enforced by the database constraints on usernameKey and usernameSkeleton.
 */
export async function newUserAccount(
  em: EntityManager,
  input: { username: string; password?: string; role?: Role },
): Promise<User> {
  const name = assertUsername(input.username);
  const password = input.password ?? randomPassword();
  assertPassword(password);
  const user = em.create(User, {
    username: name.display,
    usernameKey: name.key,
    usernameSkeleton: name.skeleton,
    role: input.role ?? 'user',
    passwordHash: await hashPassword(password),
  });
  em.create(GroupMembership, { user, group: em.getReference(Group, DEFAULT_GROUP_ID) });
  return user;
}
