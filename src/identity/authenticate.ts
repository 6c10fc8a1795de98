import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '../platform/errors.js';
import { readAccountStatus, type AccountStatus } from '../users/views.js';
import type { AccountStatusCache, SessionReads, SessionState } from './account-status-cache.js';
import { isApiKeyPermission } from '../platform/auth/api-key-permissions.js';
import { authenticateApiKey } from './api-keys.js';
import { ANONYMOUS, type Credentials, type Principal } from '../platform/auth/principal.js';
import type { TokenClaims, TokenService } from './tokens.js';

/** What authentication reads besides the token: accounts and sessions (cached), and where uses are noted. */
export interface AuthenticationSources {
  tokens: TokenService;
  accounts?: Pick<AccountStatusCache, 'read' | 'readWithSession'>;
  /** Reads sessions; without it, tokens naming a session are refused. */
  sessions?: SessionReads;
  /** Notes that a session was seen, or an API key used (written later, off the request's path). */
  sessionSeen?: (id: string) => void;
  apiKeyUsed?: (id: string) => void;
}

const uncached: Pick<AccountStatusCache, 'read' | 'readWithSession'> = {
  read: readAccountStatus,
  readWithSession: (em, userId, id, load) => load.both(em, userId, id),
};

/**
 * Turns a request's credentials into a principal. The account is checked on every request (through `accounts`,
 * which caches it only while told of every change) so that locking, disabling, deleting or logging a user out
 * takes effect at once, not when the token expires; so is the session a token names, so that signing out does.
 */
export async function authenticate(
  em: EntityManager,
  sources: AuthenticationSources,
  credentials: Credentials,
): Promise<Principal> {
  if (credentials.apiKey) return apiKeyPrincipal(em, sources, credentials.apiKey.key, credentials.apiKey.secret);
  const header = credentials.authorization?.trim();
  if (!header) return credentials.session ? userPrincipal(em, sources, credentials.session) : ANONYMOUS;
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme === 'bearer' && value) return userPrincipal(em, sources, value);
  if (scheme === 'apikey' && value) {
    const colon = value.indexOf(':');
    return apiKeyPrincipal(
      em,
      sources,
      colon < 0 ? value : value.slice(0, colon),
      colon < 0 ? '' : value.slice(colon + 1),
    );
  }
  throw new UnauthenticatedError('Unsupported authorization scheme', 'invalid');
}

async function apiKeyPrincipal(
  em: EntityManager,
  sources: AuthenticationSources,
  key: string,
  secret: string,
): Promise<Principal> {
  const apiKey = await authenticateApiKey(em, key, secret);
  sources.apiKeyUsed?.(apiKey.id);
  const permissions = new Set(apiKey.permissions.filter(isApiKeyPermission));
  return {
    kind: 'apiKey',
    keyId: apiKey.id,
    key: apiKey.key,
    name: apiKey.name,
    permissions,
    readOnly: apiKey.readOnly,
  };
}

async function userPrincipal(em: EntityManager, sources: AuthenticationSources, token: string): Promise<Principal> {
  const accounts = sources.accounts ?? uncached;
  const claims = await sources.tokens.verify(token);
  let user: AccountStatus | null;
  if (claims.sid !== undefined) {
    const read = sources.sessions
      ? await accounts.readWithSession(em, claims.sub, claims.sid, sources.sessions)
      : { status: null, session: null };
    user = read.status;
    if (user && !isOpen(read.session, user)) throw new UnauthenticatedError('Session has ended', 'expired');
  } else {
    user = await accounts.read(em, claims.sub);
    if (user && isRevoked(claims, user)) throw new UnauthenticatedError('Token has been revoked', 'expired');
  }
  if (!user) throw new UnauthenticatedError('Token has been revoked', 'expired');
  if (user.locked) throw new UnauthenticatedError('Account is locked', 'locked');
  if (user.disabled) throw new UnauthenticatedError('Account is disabled', 'disabled');
  if (claims.sid !== undefined) sources.sessionSeen?.(claims.sid);
  // The role comes from the database, not the token, so a demotion applies to tokens already issued.
  return { kind: 'user', userId: user.id, username: user.username, role: user.role, sessionId: claims.sid };
}

/**
 * A token that names a session holds while that session does: not ended, not expired, of this user, and opened at
 * (or carried over to) the user's current token version, which every revocation of all their tokens bumps.
 */
function isOpen(session: SessionState | null, user: Pick<AccountStatus, 'id' | 'tokenVersion'>): boolean {
  return session !== null && session.open && session.userId === user.id && session.tokenVersion === user.tokenVersion;
}

/**
 * Tokens without a session: Trellis' own from before sessions existed (or from a replica not yet upgraded) carry
 * the user's token version, so a bump revokes exactly the tokens issued before it. A token without one (an
 * external issuer's) is revoked by time: issued at or before the last revocation. `iat` has whole-second
 * precision, so a token issued in the same second as a log-out is refused too.
 */
function isRevoked(claims: TokenClaims, user: Pick<AccountStatus, 'tokenVersion' | 'tokensRevokedAt'>): boolean {
  if (claims.ver !== undefined) return claims.ver !== user.tokenVersion;
  if (!user.tokensRevokedAt) return false;
  return claims.iat === undefined || claims.iat * 1000 <= user.tokensRevokedAt.getTime();
}
