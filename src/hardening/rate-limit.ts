import type { ApolloServerPlugin } from '@apollo/server';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import type { CounterStore } from './counters.js';

/** Probes from load balancers and orchestrators: throttling them would take a healthy replica out of service. */
const PROBES = new Set(['/api/health', '/api/v1/health', '/api/ready']);

/** What @fastify/rate-limit expects of a store, backed by our counters (Redis or memory). */
function storeOver(counters: CounterStore) {
  return class CounterBackedStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counters.hit(`http:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new CounterBackedStore();
    }
  };
}

/**
 * A signed-in caller is limited as themselves, wherever they connect from; anyone else by address. Only a
 * token whose signature checks out names a principal, so inventing tokens does not buy fresh budgets.
 * (An API key would need a database read to verify, which is what the limit protects: keys count by address.)
 */
async function principalOrAddress(request: FastifyRequest, tokens: TokenService): Promise<string> {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^bearer\s+/i.test(header)) {
    try {
      const claims = await tokens.verify(header.replace(/^bearer\s+/i, '').trim());
      return `user:${claims.sub}`;
    } catch {
      // an invalid token is an anonymous caller
    }
  }
  return `ip:${request.ip}`;
}

export class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests');
  }
}

/**
 * The global request budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS), checked when a request arrives,
 * before its body is read. Must be registered before the routes it guards. A refusal is a 429 with
 * Retry-After, answered by the app's error handler in the body shape of the API the path belongs to.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { max: number; windowSeconds: number; counters: CounterStore; tokens: TokenService },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    store: storeOver(options.counters) as never,
    keyGenerator: (request) => principalOrAddress(request, options.tokens),
    allowList: (request) => PROBES.has(request.url.split('?', 1)[0] ?? ''),
    errorResponseBuilder: (_request, context) => new TooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/**
 * HTTP-level signals for GraphQL answers that carry errors about the service rather than the request:
 * Retry-After when a field was throttled (e.g. a `login`), and 503 with Retry-After when nothing could be
 * answered because the database is away, so load balancers and clients see an outage as one.
 */
export const availabilityPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors = [] } = response.body.singleResult;
        const waits = errors.filter((e) => e.extensions?.code === 'RATE_LIMITED').map((e) => Number(e.extensions?.retryAfter) || 1);
        if (waits.length > 0) response.http.headers.set('retry-after', String(Math.max(...waits)));
        if (data == null && errors.length > 0 && errors.every((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
          response.http.status = 503;
          response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        }
      },
    };
  },
};

/** A guess at how soon a database outage may be over: a failover or restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
