import DataLoader from 'dataloader';
import { allow } from 'graphql-shield';
import { riskApi } from './rest/api.js';
import { defineModule } from '../platform/module.js';
import type { PlatformServices } from '../platform/services.js';
import { MemoryCache, RedisCache, type Cache } from './cache.js';
import { PostgresQuotaStore, RedisQuotaStore, type QuotaStore } from './quota.js';
import { SharedSingleFlight, SingleFlight } from './singleflight.js';
import { createFireClient } from './fire.js';
import { createSeismicClient } from './seismic.js';
import { RiskService, type AreaRisk } from './service.js';
import { QuotaUsage } from './quota-usage.entity.js';
import { riskReplayPolicy } from './replay.js';
import { registerRiskRoutes } from './rest/routes.js';
import { createGeocoder } from './zip.js';

/** Wildfire and earthquake risk of US ZIP codes, scored from USGS and FIRMS data. */
export interface Risk {
  scoring: RiskService;
}

/** Per request: each ZIP code's area risk once, however many records name it, the page's areas in one batch. */
function createRiskLoaders(risk: Risk) {
  return { areaByZip: new DataLoader<string, AreaRisk | null>((zips) => risk.scoring.areaRisks(zips)) };
}

declare module '../platform/services.js' {
  interface ModuleServices {
    risk: Risk;
  }
  interface ModuleLoaders {
    risk: ReturnType<typeof createRiskLoaders>;
  }
}

export const riskModule = defineModule({
  name: 'risk',
  typeDefs: ['risk.graphql'],
  entities: [QuotaUsage],
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: {
    Query: {
      wildfireRisk: (_p, { zip }, ctx) => ctx.services.risk.scoring.wildfireRisk(zip),
      earthquakeRisk: (_p, { zip }, ctx) => ctx.services.risk.scoring.earthquakeRisk(zip),
    },
  },
  // The risk API has always been public; its cost is bounded by caching, quotas and rate limits instead.
  rules: { Query: { wildfireRisk: allow, earthquakeRisk: allow } },
  // An area is public as its risks are; a ZIP code that cannot be placed resolves to null.
  references: {
    AreaRisk: {
      key: 'zipCode',
      rootField: 'wildfireRisk',
      resolve: (zip, ctx) => (typeof zip === 'string' ? ctx.loaders.risk.areaByZip.load(zip) : Promise.resolve(null)),
    },
  },
  services: (platform): Risk => ({ scoring: createScoring(platform) }),
  loaders: (_em, { risk }) => createRiskLoaders(risk),
  replayable: riskReplayPolicy,
  routes: (api, { gateway }) => registerRiskRoutes(api, gateway),
  restApi: riskApi,
});

/**
 * Shared state goes where every replica sees it: with Redis, the cache, the FIRMS quota and the single
 * flight of upstream calls (one call per grid cell for the whole deployment); otherwise the cache and the
 * flight are in-process and the FIRMS quota is counted in PostgreSQL, so a restart never resets the day's count.
 */
function createScoring({ config, orm, log, redis, now }: PlatformServices): RiskService {
  const prefix = config.redisKeyPrefix;
  const cache: Cache = redis
    ? new RedisCache(redis, {
        prefix: `${prefix}cache:`,
        onError: (error) => log.warn({ err: error }, 'risk cache unavailable; treating as a miss'),
      })
    : new MemoryCache({ now: () => now().getTime() });
  const quota: QuotaStore = redis
    ? new RedisQuotaStore(redis, { prefix: `${prefix}quota:`, now: () => now().getTime() })
    : new PostgresQuotaStore(
        async (sql, params) => {
          // Straight to the pg pool: the statement is written with PostgreSQL's own $n placeholders.
          const pool = await orm.em.getConnection().getNativeClient();
          return (await pool.query(sql, params)).rows as Array<Record<string, unknown>>;
        },
        () => now().getTime(),
      );
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
          onError: (error) =>
            log.warn({ err: error }, 'shared single-flight unavailable; deduplicating in this process only'),
        })
      : new SingleFlight(),
    now,
    log: log.child({ domain: 'risk' }),
    fireDailyQuota: config.risk.fireDailyQuota,
  });
}
