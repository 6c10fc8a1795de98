import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';
import { createMetrics, type Metrics } from './observability/metrics.js';

/** What the platform hands every module: configuration, the database, the clock, logs, metrics and Redis. */
export interface PlatformServices {
  config: Config;
  orm: Orm;
  log: Logger;
  /** The clock, injectable so tests can stand in any season or instant. */
  now: () => Date;
  /** Prometheus counters of this app: `metrics.upstreamCall(service, outcome)`, `metrics.cacheLookup(cache, hit)`. */
  metrics: Metrics;
  /** The shared Redis connection when REDIS_URL is set: cache, quotas, rate limits and events across replicas. */
  redis: Redis | undefined;
}

/** Each module's services, under its name; modules add theirs by declaration merging (see module.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

/** Each module's per-request loaders, under its name, added the same way. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleLoaders {}

/** What resolvers reach as `ctx.services`: the platform's singletons and every module's services. */
export type AppServices = PlatformServices & ModuleServices;

export function createPlatformServices(deps: {
  config: Config;
  orm: Orm;
  log: Logger;
  now?: () => Date;
}): PlatformServices {
  const { config, log } = deps;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis error'));
  return { config, orm: deps.orm, log, now: deps.now ?? (() => new Date()), metrics: createMetrics(), redis };
}

export async function closePlatformServices(services: PlatformServices): Promise<void> {
  await services.redis?.quit().catch(() => services.redis?.disconnect());
}
