import { allow } from 'graphql-shield';
import { defineModule } from '../platform/module.js';
import { createLimiter } from '../platform/hardening/rate-limit.js';
import { AccountStatusCache } from './account-status-cache.js';
import { ApiKey } from './api-key.entity.js';
import { authenticate } from './authenticate.js';
import { ApiKeyAdministration } from './key-administration.js';
import { bootstrap } from './bootstrap.js';
import { LoginService } from './login.js';
import { LoginThrottle } from './login-throttle.js';
import { registerIdentityRoutes } from './rest.js';
import { TokenService } from './tokens.js';

/** Who is calling: sign-in, access tokens, API keys, and the account checks every request makes. */
export interface Identity {
  tokens: TokenService;
  /** Account status for token checks, cached while PostgreSQL tells this process of every change. */
  accounts: AccountStatusCache;
  logins: LoginService;
  /** Creating and revoking keys, each recorded in the audit trail. */
  apiKeys: ApiKeyAdministration;
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
  entities: [ApiKey],
  resolvers: {
    Mutation: {
      login: (_p, { username, password }, ctx) => ctx.services.identity.logins.login(ctx.em, username, password, ctx.ip),
    },
  },
  rules: { Mutation: { login: allow } },
  services: ({ config, orm, log, redis, audit, now }): Identity => {
    const tokens = new TokenService(config.jwt);
    const { loginMax, loginWindowSeconds } = config.rateLimit;
    const throttle = new LoginThrottle(
      createLimiter({ redis, keyPrefix: `${config.redisKeyPrefix}rl:login`, points: loginMax, windowSeconds: loginWindowSeconds }),
    );
    return {
      tokens,
      accounts: AccountStatusCache.forOrm(orm, log),
      logins: new LoginService(tokens, throttle),
      apiKeys: new ApiKeyAdministration(audit.recorder, now),
    };
  },
  authentication: ({ identity }) => ({
    authenticate: (em, credentials) => authenticate(em, identity.tokens, credentials, identity.accounts),
    tokenSubject: (token) => identity.tokens.verify(token).then((claims) => claims.sub, () => undefined),
  }),
  routes: registerIdentityRoutes,
  start: ({ orm, config, log }) => bootstrap(orm.em.fork(), config, log),
  close: ({ identity }) => identity.accounts.close(),
});
