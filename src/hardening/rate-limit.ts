import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import { routePattern } from '../shared/route-pattern.js';
import type { CounterStore, Hit } from './counters.js';

/** Probes from load balancers and orchestrators: throttling them would take a healthy replica out of service. */
const PROBES = new Set(['/api/health', '/api/v1/health', '/api/ready']);

/**
 * A signed-in caller is limited as themselves, wherever they connect from; anyone else by address. Only a
 * token whose signature checks out names a principal, so inventing tokens does not buy fresh budgets.
 * (An API key would need a database read to verify, which is what the limit protects: keys count by address.)
 */
function principalOrAddress(request: FastifyRequest, tokens: TokenService): string | Promise<string> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer\s+/i.test(header)) return `ip:${request.ip}`;
  return tokens.verify(header.replace(/^bearer\s+/i, '').trim()).then(
    (claims) => `user:${claims.sub}`,
    () => `ip:${request.ip}`, // an invalid token is an anonymous caller
  );
}

export class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests');
  }
}

/**
 * The global request budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS), counted when a request arrives, before
 * its body is read, for every route and for unknown paths alike. Each answer carries X-RateLimit-Limit, -Remaining
 * and -Reset; a refusal is a 429 with Retry-After, answered by the app's error handler in the body shape of the API
 * the path belongs to. Register it after CORS, so a refusal still carries the headers a browser needs to read it.
 */
export function registerRateLimit(
  app: FastifyInstance,
  options: { max: number; windowSeconds: number; counters: CounterStore; tokens: TokenService },
): void {
  const { max, counters, tokens } = options;
  const windowMs = options.windowSeconds * 1000;
  const answer = (reply: FastifyReply, hit: Hit, done: HookHandlerDoneFunction) => {
    const resetSeconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    reply.header('x-ratelimit-limit', max).header('x-ratelimit-reset', resetSeconds);
    if (hit.count <= max) {
      reply.header('x-ratelimit-remaining', max - hit.count);
      return done();
    }
    reply.header('x-ratelimit-remaining', 0).header('retry-after', resetSeconds);
    done(new TooManyRequests(resetSeconds));
  };
  const count = (reply: FastifyReply, key: string, done: HookHandlerDoneFunction) => {
    let hit: Hit | Promise<Hit>;
    try {
      hit = counters.hit(`http:${key}`, windowMs);
    } catch (error) {
      return done(error as Error);
    }
    if (hit instanceof Promise) hit.then((h) => answer(reply, h, done), done);
    else answer(reply, hit, done);
  };
  // Callback style, and no promise for an anonymous caller's key or a count kept in this process: this runs on
  // every request.
  app.addHook('onRequest', (request, reply, done) => {
    // By the matched route's pattern, so a query string or an unknown path is no way around the limit.
    if (PROBES.has(routePattern(request) ?? '')) return done();
    const key = principalOrAddress(request, tokens);
    if (typeof key === 'string') count(reply, key, done);
    else key.then((k) => count(reply, k, done), done);
  });
}
