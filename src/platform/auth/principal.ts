import type { Role } from '../../users/user.entity.js';
import type { ApiKeyPermission } from './api-key-permissions.js';

/** Who is calling. An API key administers the workspace-user domain only, and only within its permissions. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; username: string; role: Role }
  | { kind: 'apiKey'; keyId: string; key: string; permissions: ReadonlySet<ApiKeyPermission>; readOnly: boolean };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

export const isAdminUser = (p: Principal): boolean => p.kind === 'user' && p.role === 'admin';
export const userIdOf = (p: Principal): string | undefined => (p.kind === 'user' ? p.userId : undefined);

/** Whether the caller is an API key without this permission (an administrator user needs none). */
export const keyLacks = (p: Principal, permission: ApiKeyPermission): boolean =>
  p.kind === 'apiKey' && !p.permissions.has(permission);
