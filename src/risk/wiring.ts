import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import type { Orm } from '../platform/db/orm.js';
import { MemoryCache, RedisCache, type Cache } from './cache.js';
import { PostgresQuotaStore, RedisQuotaStore, type QuotaStore } from './quota.js';
import { SharedSingleFlight, SingleFlight } from './singleflight.js';
import { createFireClient } from './fire.js';
import { createSeismicClient } from './seismic.js';
import { RiskService } from './service.js';
import { createGeocoder } from './zip.js';

export interface RiskWiring {
  config: Config;
  orm: Orm;
  log: Logger;
  redis: Redis | undefined;
  now: () => Date;
  fetch?: typeof globalThis.fetch;
}

/**
 * Shared state goes where every replica sees it: with Redis, the cache, the FIRMS quota and the single
 * flight of upstream calls (one call per grid cell for the whole deployment); otherwise the cache and the
 * flight are in-process and the FIRMS quota is counted in PostgreSQL, so a restart never resets the day's count.
 */
export function createRisk({ config, orm, log, redis, now, fetch = globalThis.fetch }: RiskWiring): RiskService {
  const prefix = config.redisKeyPrefix;
  const cache: Cache = redis
    ? new RedisCache(redis, { prefix: `${prefix}cache:`, onError: (error) => log.warn({ err: error }, 'risk cache unavailable; treating as a miss') })
    : new MemoryCache({ now: () => now().getTime() });
  const quota: QuotaStore = redis
    ? new RedisQuotaStore(redis, { prefix: `${prefix}quota:`, now: () => now().getTime() })
    : new PostgresQuotaStore(async (sql, params) => {
        // Straight to the pg pool: the statement is written with PostgreSQL's own $n placeholders.
        const pool = (await orm.em.getConnection().getNativeClient()) as import('pg').Pool;
        return (await pool.query(sql, params)).rows as Array<Record<string, unknown>>;
      }, () => now().getTime());
  const { upstreamTimeoutMs: timeoutMs } = config.risk;
  return new RiskService({
    geocoder: createGeocoder({ fetch, timeoutMs, remoteUrl: config.risk.zipGeocoderUrl, cache, quota }),
    seismic: createSeismicClient({ fetch, timeoutMs, url: config.risk.seismicApiUrl }),
    fire: createFireClient({ fetch, timeoutMs, url: config.risk.fireApiUrl, mapKey: config.risk.fireApiToken }),
    cache,
    quota,
    singleFlight: redis
      ? new SharedSingleFlight(redis, {
          prefix: `${prefix}flight:`,
          // A waiter outlasts the slowest leader: two attempts at the upstream timeout, plus the retry's jitter.
          maxWaitMs: 2 * timeoutMs + 2_000,
          onError: (error) => log.warn({ err: error }, 'shared single-flight unavailable; deduplicating in this process only'),
        })
      : new SingleFlight(),
    now,
    log: log.child({ domain: 'risk' }),
    fireDailyQuota: config.risk.fireDailyQuota,
  });
}
