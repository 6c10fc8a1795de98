import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import {
  SignJWT,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../platform/config.js';
import { UnauthenticatedError } from '../platform/errors.js';
import { isRole, type Role } from '../platform/auth/principal.js';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The user's token version when the token was issued; a bump revokes it. Absent in tokens from an external issuer. */
  ver?: number;
  /**
   * When the token was issued (seconds since the epoch). Carried only for tokens without `ver`, as those from an
   * external issuer: Trellis cannot bump a version inside them, so logging out revokes them by time instead.
   */
  iat?: number;
  /**
   * The sign-in session the token belongs to (see sessions.ts): signing out ends it, and with it the token.
   * Read only from Trellis' own tokens; an external issuer's are not tied to a session here (an OpenID provider's
   * own `sid` names a session of its own, not one of ours).
   */
  sid?: string;
}

/** How far the issuer's clock may be off from ours, for exp, nbf and iat. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Tokens larger than this are refused before any cryptography runs. */
const MAX_TOKEN_LENGTH = 8 * 1024;
/** Tokens whose signature has been checked, remembered until they expire; the least recently used go first past this many. */
const MAX_REMEMBERED = 10_000;

/**
 * Issues and checks access tokens. The algorithm is pinned (jose otherwise accepts any the key allows),
 * and exp, iat, sub, iss and aud are required, so an unsigned, foreign or everlasting token never passes.
 */
export class TokenService {
  private readonly jwks: JWTVerifyGetKey | undefined;
  /** Imported once: given the raw bytes, jose imports the key again for every token it signs or checks. */
  private readonly key: KeyObject;
  /**
   * A client sends the same token with every request, and the rate limiter and authentication both read it:
   * its signature is checked once, then its claims are reused until its `exp`. Only what the token itself says
   * is remembered; whether its user may still act (locked, disabled, logged out) is read afresh every time.
   * Each entry keeps its token's exp and is checked against Date.now(), the clock jose checks exp by.
   */
  readonly #verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({ max: MAX_REMEMBERED });

  constructor(private readonly config: Config['jwt']) {
    this.jwks = config.jwksUrl ? createRemoteJWKSet(new URL(config.jwksUrl)) : undefined;
    this.key = createSecretKey(config.secret);
  }

  /** How long a token this service issues stays valid, in seconds. */
  get lifetimeSeconds(): number {
    return this.config.expiresInSeconds;
  }

  async issue(claims: Omit<TokenClaims, 'iat'>): Promise<{ accessToken: string; expiresIn: number }> {
    const accessToken = await new SignJWT({ role: claims.role, ver: claims.ver, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.config.expiresInSeconds}s`)
      .sign(this.key);
    return { accessToken, expiresIn: this.config.expiresInSeconds };
  }

  async verify(token: string): Promise<TokenClaims> {
    const remembered = this.#verified.get(token);
    if (remembered) {
      if (Date.now() < remembered.expiresAtMs) return remembered.claims;
      this.#verified.delete(token);
    }
    if (token.length > MAX_TOKEN_LENGTH) throw invalid();
    const common = {
      issuer: this.config.issuer,
      audience: this.config.audience,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    };
    let payload: JWTPayload;
    let ours: boolean;
    try {
      ({ payload, ours } = await this.verifyWithEitherKey(token, common));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new UnauthenticatedError('Token has expired', 'expired');
      throw invalid();
    }
    const role = payload.role;
    if (typeof payload.sub !== 'string' || !isRole(role)) throw invalid();
    // requiredClaims guarantees a numeric iat. One from the future would outlive every revocation made before
    // that time, so it is refused like a forged token.
    const iat = payload.iat!;
    if (iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) throw invalid();
    const ver = typeof payload.ver === 'number' ? payload.ver : undefined;
    const claims: TokenClaims = ver === undefined ? { sub: payload.sub, role, iat } : { sub: payload.sub, role, ver };
    if (ours && typeof payload.sid === 'string') claims.sid = payload.sid;
    // requiredClaims guarantees exp; past it (before jose's clock tolerance) the token is checked in full again.
    this.#verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
    return claims;
  }

  /** The payload, and whether Trellis signed it (HS256 with JWT_SECRET) rather than the external issuer. */
  private async verifyWithEitherKey(token: string, common: object): Promise<{ payload: JWTPayload; ours: boolean }> {
    const header = decodeHeaderAlg(token);
    if (header === 'HS256') {
      return { payload: (await jwtVerify(token, this.key, { ...common, algorithms: ['HS256'] })).payload, ours: true };
    }
    if (this.jwks && (header === 'RS256' || header === 'ES256')) {
      return {
        payload: (await jwtVerify(token, this.jwks, { ...common, algorithms: ['RS256', 'ES256'] })).payload,
        ours: false,
      };
    }
    throw invalid();
  }
}

const invalid = () => new UnauthenticatedError('Invalid token', 'invalid');

/** The algorithm the header names; a header jose cannot decode names none, and the token is refused. */
function decodeHeaderAlg(token: string): string | undefined {
  try {
    const { alg } = decodeProtectedHeader(token);
    return typeof alg === 'string' ? alg : undefined;
  } catch {
    return undefined;
  }
}
