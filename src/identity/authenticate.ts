import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '../platform/errors.js';
import { readAccountStatus, type AccountStatus } from '../users/views.js';
import type { AccountStatusCache } from './account-status-cache.js';
import { isApiKeyPermission } from '../platform/auth/api-key-permissions.js';
import { authenticateApiKey } from './api-keys.js';
import { ANONYMOUS, type Credentials, type Principal } from '../platform/auth/principal.js';
import type { TokenClaims, TokenService } from './tokens.js';

/**
 * Turns a request's credentials into a principal. The account is checked on every request (through `accounts`,
 * which caches it only while told of every change) so that locking, disabling, deleting or logging a user out
 * takes effect at once, not when the token expires.
 */
export async function authenticate(
  em: EntityManager,
  tokens: TokenService,
  credentials: Credentials,
  accounts: Pick<AccountStatusCache, 'read'> = { read: readAccountStatus },
): Promise<Principal> {
  if (credentials.apiKey) return apiKeyPrincipal(em, credentials.apiKey.key, credentials.apiKey.secret);
  const header = credentials.authorization?.trim();
  if (!header) return credentials.session ? userPrincipal(em, tokens, credentials.session, accounts) : ANONYMOUS;
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme === 'bearer' && value) return userPrincipal(em, tokens, value, accounts);
  if (scheme === 'apikey' && value) {
    const colon = value.indexOf(':');
    return apiKeyPrincipal(em, colon < 0 ? value : value.slice(0, colon), colon < 0 ? '' : value.slice(colon + 1));
  }
  throw new UnauthenticatedError('Unsupported authorization scheme', 'invalid');
}

async function apiKeyPrincipal(em: EntityManager, key: string, secret: string): Promise<Principal> {
  const apiKey = await authenticateApiKey(em, key, secret);
  const permissions = new Set(apiKey.permissions.filter(isApiKeyPermission));
  return { kind: 'apiKey', keyId: apiKey.id, key: apiKey.key, name: apiKey.name, permissions, readOnly: apiKey.readOnly };
}

async function userPrincipal(em: EntityManager, tokens: TokenService, token: string, accounts: Pick<AccountStatusCache, 'read'>): Promise<Principal> {
  const claims = await tokens.verify(token);
  const user = await accounts.read(em, claims.sub);
  if (!user || isRevoked(claims, user)) throw new UnauthenticatedError('Token has been revoked', 'expired');
  if (user.locked) throw new UnauthenticatedError('Account is locked', 'locked');
  if (user.disabled) throw new UnauthenticatedError('Account is disabled', 'disabled');
  // The role comes from the database, not the token, so a demotion applies to tokens already issued.
  return { kind: 'user', userId: user.id, username: user.username, role: user.role };
}

/**
 * Trellis' own tokens carry the user's token version, so a bump revokes exactly the tokens issued before it.
 * A token without one (an external issuer's) is revoked by time: issued at or before the last revocation.
 * `iat` has whole-second precision, so a token issued in the same second as a log-out is refused too.
 */
function isRevoked(claims: TokenClaims, user: Pick<AccountStatus, 'tokenVersion' | 'tokensRevokedAt'>): boolean {
  if (claims.ver !== undefined) return claims.ver !== user.tokenVersion;
  if (!user.tokensRevokedAt) return false;
  return claims.iat === undefined || claims.iat * 1000 <= user.tokensRevokedAt.getTime();
}
