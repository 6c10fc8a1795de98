import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { passwordProblem } from '../auth/password-policy.js';
import { hashPassword } from '../auth/passwords.js';
import { ValidationError } from '../errors.js';
import { DEFAULT_GROUP_ID, Group, GroupMembership } from './group.entity.js';
import { User, usernameKey, type Role } from './user.entity.js';

export const USERNAME_PATTERN = /^[\p{L}\p{N}._@+-]{1,64}$/u;

export function assertUsername(username: string): void {
  // The unique key is the lower-cased name, and lower-casing can lengthen a name ("İ" becomes two characters):
  // the key has to fit its column too, or the insert fails inside the database instead of here.
  if (!USERNAME_PATTERN.test(username) || [...usernameKey(username)].length > 64) {
    throw new ValidationError('Username must be 1-64 letters, digits or . _ @ + -', 'username');
  }
}

export function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, 'password');
}

/** A password nobody knows that still satisfies every rule, for accounts created without one. */
export const randomPassword = (): string => `${randomBytes(24).toString('base64url')}aA1!`;

/**
 * Creates an account and its membership of the default group (the caller flushes both in one unit of work),
 * so every path that makes a user (GraphQL, REST, bootstrap, CLI) leaves no user outside the default group.
 * Uniqueness is enforced by the database constraint on usernameKey.
 */
export async function newUserAccount(
  em: EntityManager,
  input: { username: string; password?: string; role?: Role },
): Promise<User> {
  assertUsername(input.username);
  const password = input.password ?? randomPassword();
  assertPassword(password);
  const user = em.create(User, {
    username: input.username,
    usernameKey: usernameKey(input.username),
    role: input.role ?? 'user',
    passwordHash: await hashPassword(password),
  });
  em.create(GroupMembership, { user, group: em.getReference(Group, DEFAULT_GROUP_ID) });
  return user;
}
