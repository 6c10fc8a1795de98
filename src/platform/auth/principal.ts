import type { ApiKeyPermission } from './api-key-permissions.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a request shows to say who it is; the identity module turns it into a principal. */
export interface Credentials {
  authorization?: string | undefined;
  /** The workspace platform's legacy callers put their key pair in the JSON body instead of a header. */
  apiKey?: { key: string; secret: string } | undefined;
  /** The access token of a browser session cookie: a bearer token that came in a cookie (see session.ts). */
  session?: string | undefined;
}

/** Who is calling. An API key administers the workspace-user domain only, and only within its permissions. */
export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      username: string;
      role: Role;
      /** The sign-in session the token names; absent for tokens that name none (an external issuer's). */
      sessionId?: string | undefined;
    }
  | {
      kind: 'apiKey';
      keyId: string;
      key: string;
      name: string;
      permissions: ReadonlySet<ApiKeyPermission>;
      readOnly: boolean;
    };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/**
 * The principal making a change, with where the request came from: what the audit trail records of the change.
 * Services that record a change take this rather than the bare principal, so no call site can forget the request.
 */
export type Actor = Principal & { requestId: string | null; clientAddress: string | null };

export const actorOf = (principal: Principal, requestId: string | null, clientAddress: string | null): Actor => ({
  ...principal,
  requestId,
  clientAddress,
});

/**
 * The one place a role is compared: a signed-in administrator (an API key is never one). Each module's access.ts
 * builds its named predicates on this.
 */
export const isAdministrator = (p: Principal): p is Extract<Principal, { kind: 'user' }> & { role: 'admin' } =>
  p.kind === 'user' && p.role === 'admin';
export const userIdOf = (p: Principal): string | undefined => (p.kind === 'user' ? p.userId : undefined);

/** Whether the caller is an API key without this permission (an administrator user needs none). */
export const keyLacks = (p: Principal, permission: ApiKeyPermission): boolean =>
  p.kind === 'apiKey' && !p.permissions.has(permission);
