import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * A fixed-window counter (the window opens at a key's first hit). In Redis when the app has one, so a limit holds
 * for the deployment rather than per replica; this process's memory stands in whenever Redis is not ready, so an
 * outage weakens the limit to a per-replica one instead of switching it off or holding requests up.
 */
export function createLimiter(options: {
  redis: Redis | undefined;
  keyPrefix: string;
  points: number;
  windowSeconds: number;
}): RateLimiterAbstract {
  const { redis, keyPrefix, points, windowSeconds: duration } = options;
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

/** Probes from load balancers and orchestrators: throttling them would take a healthy replica out of service. */
const PROBES = new Set(['/api/health', '/api/v1/health', '/api/ready']);

/**
 * A signed-in caller is limited as themselves, wherever they connect from; anyone else by address. Only a
 * token whose signature checks out names a principal, so inventing tokens does not buy fresh budgets.
 * (An API key would need a database read to verify, which is what the limit protects: keys count by address.)
 */
function principalOrAddress(request: FastifyRequest, tokenSubject: TokenSubject | undefined): string | Promise<string> {
  const header = request.headers.authorization;
  if (!tokenSubject || typeof header !== 'string' || !/^bearer\s+/i.test(header)) return `ip:${request.ip}`;
  // An invalid token is an anonymous caller.
  return tokenSubject(header.replace(/^bearer\s+/i, '').trim()).then((subject) =>
    subject ? `user:${subject}` : `ip:${request.ip}`,
  );
}

/** Whom a bearer token names once its signature checks out; undefined for a token that names nobody. */
export type TokenSubject = (token: string) => Promise<string | undefined>;

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** The refusal the app's error handler answers in the body shape of the API the path belongs to. */
export class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor() {
    super('Too many requests');
  }
}

/** The plugin's store contract over a limiter from createLimiter, so the budget shares Redis and its in-memory fallback. */
function storeOn(limiter: RateLimiterAbstract) {
  return class LimiterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      limiter.penalty(key).then(
        (hit) => callback(null, { current: hit.consumedPoints, ttl: Math.max(1, hit.msBeforeNext) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this; // no route has a budget of its own
    }
  };
}

/**
 * The global request budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS), counted when a request arrives, before
 * its body is read, for every route and for unknown paths alike, so probing for routes spends from it too.
 * Each answer carries X-RateLimit-Limit, -Remaining and -Reset; a refusal is a 429 with Retry-After. Register it
 * after CORS, so a refusal still carries the headers a browser needs to read it.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: {
    max: number;
    windowSeconds: number;
    redis: Redis | undefined;
    keyPrefix: string;
    tokenSubject?: TokenSubject;
  },
): Promise<void> {
  const { max, windowSeconds, redis, keyPrefix, tokenSubject } = options;
  await app.register(rateLimit, {
    // One app-wide hook (below) instead of one per route, so unknown paths spend from the budget too.
    global: false,
    max,
    timeWindow: windowSeconds * 1000,
    // Without Redis, the plugin's own in-memory store (an LRU of 5,000 keys: a flood of addresses cannot grow it).
    ...(redis ? { store: storeOn(createLimiter({ redis, keyPrefix, points: max, windowSeconds })) } : {}),
    keyGenerator: (request) => principalOrAddress(request, tokenSubject),
    // By path, query string aside: any other spelling of a probe's path is counted, never the other way round.
    allowList: (request) => PROBES.has(pathOf(request.url)),
    errorResponseBuilder: () => new TooManyRequests(),
  });
  app.addHook('onRequest', app.rateLimit());
}
