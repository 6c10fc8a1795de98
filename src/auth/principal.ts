import type { Role } from '../users/user.entity.js';

/** Who is calling. An API key is an administrator of the workspace-user domain only. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; username: string; role: Role }
  | { kind: 'apiKey'; keyId: string; key: string };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

export const isAdminUser = (p: Principal): boolean => p.kind === 'user' && p.role === 'admin';
export const userIdOf = (p: Principal): string | undefined => (p.kind === 'user' ? p.userId : undefined);
