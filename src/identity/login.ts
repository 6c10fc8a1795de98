import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import { User, usernameKey } from '../users/user.entity.js';
import { hashPassword, needsRehash, verifyPassword } from '../users/passwords.js';
import type { TokenService } from './tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionService } from './sessions.js';

export interface LoginResult {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

const MAX_INPUT = 1024;

/**
 * Password sign-in: checks a username and password, opens a session and issues a token naming it. An unknown name and a wrong password give
 * the same answer after the same work; a locked or disabled account is only revealed to someone who knows its
 * password. The throttle runs inside, not in front of, `login`, so every path to a password check (REST, GraphQL,
 * each aliased field of one document) spends from the same budget, before any database or hashing work.
 */
export class LoginService {
  constructor(
    private readonly tokens: TokenService,
    /** Slows password guessing per account and per address. */
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
  ) {}

  async login(
    em: EntityManager,
    username: string,
    password: string,
    ip: string,
    userAgent?: string,
  ): Promise<LoginResult> {
    const wrong = () => new UnauthenticatedError('Invalid username or password', 'invalid');
    if (username.length > MAX_INPUT || password.length > MAX_INPUT) throw wrong();
    const attempt = await this.throttle.begin({ usernameKey: usernameKey(username), ip });
    const user = await em.findOne(User, { usernameKey: usernameKey(username) }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw wrong();
    if (user.locked) throw new ForbiddenError('Account is locked', { reason: 'locked' });
    if (user.disabled) throw new ForbiddenError('Account is disabled', { reason: 'disabled' });
    if (needsRehash(user.passwordHash)) user.passwordHash = await hashPassword(password);
    user.lastSession = new Date();
    // One flush, one transaction: the session exists before any token names it.
    const session = this.sessions.open(em, user, this.tokens.lifetimeSeconds, userAgent);
    await em.flush();
    await attempt.succeeded();
    const { accessToken, expiresIn } = await this.tokens.issue({
      sub: user.id,
      role: user.role,
      ver: user.tokenVersion,
      sid: session.id,
    });
    return { accessToken, tokenType: 'Bearer', expiresIn };
  }
}
