import type { ApiKeyPermission } from './api-key-permissions.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Parsing, not authorising: whether a value (a token's claim, say) names one of the roles. */
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

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

/** The role that administers the whole gateway, as a user row and a token claim spell it. */
export const ADMINISTRATOR_ROLE = 'admin' satisfies Role;

/** A signed-in person: the only principal that has a role, an account and sessions of its own. */
export type SignedInUser = Extract<Principal, { kind: 'user' }>;

/**
 * The one place a role is compared: whether an account (a user row, a signed-in principal) holds the administrator
 * role. Who may do what is decided from this in each module's access.ts, never by comparing roles elsewhere.
 */
export const holdsAdministratorRole = (account: { role: Role }): boolean => account.role === 'admin';

/** A signed-in administrator (an API key is never one). Each module's access.ts builds its predicates on this. */
export const isAdministrator = (p: Principal): p is SignedInUser & { role: 'admin' } =>
  p.kind === 'user' && holdsAdministratorRole(p);

/** Whether the caller is this person, signed in. */
export const isUser = (p: Principal, userId: string): p is SignedInUser => p.kind === 'user' && p.userId === userId;
export const userIdOf = (p: Principal): string | undefined => (p.kind === 'user' ? p.userId : undefined);

/** Whether the caller is an API key without this permission (an administrator user needs none). */
export const keyLacks = (p: Principal, permission: ApiKeyPermission): boolean =>
  p.kind === 'apiKey' && !p.permissions.has(permission);
