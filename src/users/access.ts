import type { ApiKeyPermission } from '../platform/auth/api-key-permissions.js';
import {
  holdsAdministratorRole,
  isAdministrator,
  isUser,
  keyLacks,
  type Principal,
  type Role,
} from '../platform/auth/principal.js';

/**
 * Who may do what with the workspace platform's people, groups, registry and settings: the one seam its shield
 * rules (permissions.ts) and its services (directory.ts, attributes.ts) both decide by.
 */

/** The workspace platform is administered by administrator users and by API keys (within their permissions). */
export const administersWorkspace = (p: Principal): boolean => p.kind === 'apiKey' || isAdministrator(p);

/** Whether an API key carries one of these permissions (an administrator user needs none). */
export const keyHasAny = (p: Principal, permissions: readonly ApiKeyPermission[]): boolean =>
  p.kind === 'apiKey' && permissions.some((permission) => p.permissions.has(permission));

/**
 * Who sees the rest of someone's account beyond their public profile: administrators, API keys (which administer
 * the workspace platform's people) and the person themselves.
 */
export const seesAccountOf = (p: Principal, userId: string): boolean => administersWorkspace(p) || isUser(p, userId);

/** Whether a change is the caller's to their own account (whose role and flags they may not change). */
export const changesOwnAccount = (p: Principal, userId: string): boolean => isUser(p, userId);

/**
 * An administrator's account (password, names, flags, groups, sessions, the account itself) is changed only by an
 * administrator user or by a key with users:modify-admin: otherwise a key that provisions ordinary users could set
 * an administrator's password and sign in as them.
 */
export const mayChangeAccountOf = (p: Principal, target: { role: Role }): boolean =>
  !(holdsAdministratorRole(target) && keyLacks(p, 'users:modify-admin'));

/** Only an administrator user grants or withdraws administration; an API key administers this domain only. */
export const mayGrantRoles = (p: Principal): boolean => isAdministrator(p);

/** Someone who can administer the platform now: an administrator whose account is neither locked nor disabled. */
export const isActiveAdministrator = (account: { role: Role; locked: boolean; disabled: boolean }): boolean =>
  holdsAdministratorRole(account) && !account.locked && !account.disabled;

/** Deleting an administrator's account is the one deletion that asks for force: it is the hardest to undo. */
export const deletionNeedsForce = (target: { role: Role }): boolean => holdsAdministratorRole(target);
