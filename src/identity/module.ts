import { sessionHolder } from './access.js';
import { identityRules } from './permissions.js';
import { authApi } from './rest/api.js';
import { defineModule } from '../platform/module.js';
import { createLimiter } from '../platform/hardening/rate-limit.js';
import { AccountStatusCache } from './account-status-cache.js';
import { ApiKey } from './api-key.entity.js';
import { authenticate } from './authenticate.js';
import { ApiKeyAdministration } from './key-administration.js';
import { bootstrap } from './bootstrap.js';
import { LoginService } from './login.js';
import { LoginThrottle } from './login-throttle.js';
import { registerIdentityRoutes } from './rest/routes.js';
import { Session } from './session.entity.js';
import { SessionService } from './sessions.js';
import { TokenService } from './tokens.js';
import { UsageStamps } from './usage-stamps.js';

/** Who is calling: sign-in, sessions, access tokens, API keys, and the account checks every request makes. */
export interface Identity {
  tokens: TokenService;
  /** Account status and sessions for token checks, cached while PostgreSQL tells this process of every change. */
  accounts: AccountStatusCache;
  logins: LoginService;
  /** Creating and revoking keys, each recorded in the audit trail. */
  apiKeys: ApiKeyAdministration;
  sessions: SessionService;
  /** When each API key was last used, written off the requests' path. */
  apiKeysUsed: UsageStamps;
}

declare module '../platform/services.js' {
  interface ModuleServices {
    identity: Identity;
  }
}

export const identityModule = defineModule({
  name: 'identity',
  // Accounts are the workspace platform's users; key changes go into the audit trail.
  requires: ['audit', 'users'],
  typeDefs: ['identity.graphql'],
  entities: [ApiKey, Session],
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: {
    Query: {
      mySessions: (_p, _a, ctx) =>
        ctx.services.identity.sessions.list(
          ctx.em,
          sessionHolder(ctx.principal).userId,
          sessionHolder(ctx.principal).sessionId,
        ),
    },
    Mutation: {
      login: (_p, { username, password }, ctx) =>
        ctx.services.identity.logins.login(ctx.em, username, password, ctx.ip, ctx.userAgent),
      logout: (_p, _a, ctx) => {
        const { userId, sessionId } = sessionHolder(ctx.principal);
        return sessionId ? ctx.services.identity.sessions.end(ctx.em, userId, sessionId) : false;
      },
      revokeSession: (_p, { id }, ctx) =>
        ctx.services.identity.sessions.revoke(ctx.em, sessionHolder(ctx.principal).userId, id),
    },
  },
  rules: identityRules,
  services: ({ config, orm, log, redis, audit, now, users }): Identity => {
    const tokens = new TokenService(config.jwt);
    const { loginMax, loginWindowSeconds } = config.rateLimit;
    const throttle = new LoginThrottle(
      createLimiter({
        redis,
        keyPrefix: `${config.redisKeyPrefix}rl:login`,
        points: loginMax,
        windowSeconds: loginWindowSeconds,
      }),
    );
    const accounts = AccountStatusCache.forOrm(orm, log);
    const fork = () => orm.em.fork();
    // A session lives as long as the tokens that name it, whose exp jose checks by the wall clock: so is the session.
    const sessions = new SessionService(accounts, fork, log, () => new Date());
    users.directory.keepOwnSession((tx, userId, sessionId, tokenVersion) =>
      sessions.carryOver(tx, userId, sessionId, tokenVersion),
    );
    const apiKeysUsed = new UsageStamps({ table: 'api_keys', column: 'last_used_at' }, fork, log, now);
    return {
      tokens,
      accounts,
      logins: new LoginService(tokens, throttle, sessions),
      sessions,
      apiKeysUsed,
      apiKeys: new ApiKeyAdministration(audit.recorder, now),
    };
  },
  authentication: ({ identity }) => ({
    authenticate: (em, credentials) =>
      authenticate(
        em,
        {
          tokens: identity.tokens,
          accounts: identity.accounts,
          sessions: identity.sessions,
          sessionSeen: (id) => identity.sessions.seen.touch(id),
          apiKeyUsed: (id) => identity.apiKeysUsed.touch(id),
        },
        credentials,
      ),
    tokenSubject: (token) =>
      identity.tokens.verify(token).then(
        (claims) => claims.sub,
        () => undefined,
      ),
    onAccountChange: (listener) => identity.accounts.onChange(listener),
  }),
  routes: registerIdentityRoutes,
  restApi: authApi,
  start: async ({ orm, config, log, identity }) => {
    await bootstrap(orm.em.fork(), config, log);
    identity.sessions.startPurging();
  },
  close: async ({ identity }) => {
    await identity.sessions.close();
    await identity.apiKeysUsed.close();
    await identity.accounts.close();
  },
});
