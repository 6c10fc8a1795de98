import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import { AccountStatusCache } from '../identity/account-status-cache.js';
import type { Orm } from '../platform/db/orm.js';
import { TokenService } from '../identity/tokens.js';
import { createMetrics, type Metrics } from '../platform/observability/metrics.js';
import { LoginThrottle } from '../identity/login-throttle.js';
import { createLimiter } from '../platform/hardening/rate-limit.js';
import { createHelpdesk, type Helpdesk } from '../helpdesk/service.js';
import { RedisChannel } from '../helpdesk/redis-channel.js';
import type { RiskService } from '../risk/service.js';
import { createRisk } from '../risk/wiring.js';
import { createUsers, type Users } from '../users/service.js';

/** The app-wide singletons resolvers reach through `ctx.services`; per-request state lives in the context. */
export interface AppServices {
  config: Config;
  orm: Orm;
  log: Logger;
  tokens: TokenService;
  /** The clock, injectable so tests can stand in any season or instant. */
  now: () => Date;
  /** Prometheus counters of this app: `metrics.upstreamCall(service, outcome)`, `metrics.cacheLookup(cache, hit)`. */
  metrics: Metrics;
  /** The shared Redis connection when REDIS_URL is set: cache, quotas, rate limits and events across replicas. */
  redis: Redis | undefined;
  risk: RiskService;
  helpdesk: Helpdesk;
  users: Users;
  loginThrottle: LoginThrottle;
  /** Account status for token checks, cached while PostgreSQL tells this process of every change. */
  accounts: AccountStatusCache;
}

export interface ServiceDeps {
  config: Config;
  orm: Orm;
  log: Logger;
  now?: () => Date;
}

export function createServices(deps: ServiceDeps): AppServices {
  const now = deps.now ?? (() => new Date());
  const redis = deps.config.redisUrl
    ? new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => deps.log.warn({ err: error }, 'redis error'));
  const prefix = deps.config.redisKeyPrefix;
  return {
    config: deps.config,
    orm: deps.orm,
    log: deps.log,
    tokens: new TokenService(deps.config.jwt),
    metrics: createMetrics(),
    now,
    redis,
    accounts: AccountStatusCache.forOrm(deps.orm, deps.log),
    loginThrottle: new LoginThrottle(
      createLimiter({ redis, keyPrefix: `${prefix}rl:login`, points: deps.config.rateLimit.loginMax, windowSeconds: deps.config.rateLimit.loginWindowSeconds }),
    ),
    risk: createRisk({ config: deps.config, orm: deps.orm, log: deps.log, redis, now }),
    helpdesk: createHelpdesk({ now, log: deps.log, channel: redis && new RedisChannel(redis, `${prefix}events:help-requests`, deps.log) }),
    users: createUsers({ platformVersion: deps.config.platformVersion }),
  };
}

/** Releases what createServices opened. */
export async function closeServices(services: AppServices): Promise<void> {
  await services.helpdesk.events.close();
  await services.accounts.close();
  await services.redis?.quit().catch(() => services.redis?.disconnect());
}
