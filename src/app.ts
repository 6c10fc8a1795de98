import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cors from '@fastify/cors';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import type { DestinationStream, Logger } from 'pino';
import { authenticate, type Credentials } from './auth/authenticate.js';
import { refuseCrossSiteWrites, registerSessionCookies } from './auth/session.js';
import { bootstrap } from './bootstrap.js';
import type { Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrate, openOrm, type Orm, type QueryListener } from './db/orm.js';
import { DomainError, ServiceUnavailableError } from './errors.js';
import { createContext, type Context } from './graphql/context.js';
import { isDatabaseUnavailable } from './graphql/errors.js';
import { keepRawJsonBodies, ResponseCache } from './graphql/response-cache.js';
import { withGraphiQL } from './graphql/ide.js';
import { buildSchema } from './graphql/schema.js';
import { riskReplayPolicy } from './risk/replay.js';
import { declareRoutePattern } from './shared/route-pattern.js';
import type { CounterStore } from './hardening/counters.js';
import { buildLogger, registerRequestScope } from './hardening/logging.js';
import { registerRateLimit, TooManyRequests } from './hardening/rate-limit.js';
import { createApollo } from './graphql/server.js';
import { refuseSubscriptionsOverHttp, registerSubscriptions } from './graphql/subscriptions.js';
import type { Gateway } from './rest/bridge.js';
import { registerCoreRoutes } from './rest/core.js';
import { registerPublicRoutes } from './rest/public.js';
import { registerHelpRoutes } from './rest/help.js';
import { registerApiDocs } from './rest/openapi.js';
import { observabilityPlugins, registerObservability } from './observability/index.js';
import { registerRiskRoutes } from './rest/risk.js';
import { toLegacyError, type LegacyApi } from './rest/errors.js';
import { closeServices, createServices, type AppServices } from './services.js';

export interface AppDeps {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  now?: () => Date;
  /** Sees every SQL statement (tests count them to prove batching). */
  onQuery?: QueryListener;
  /** Rate-limit and login-throttle counters; by default Redis when REDIS_URL is set, else this process's memory. */
  counters?: CounterStore;
}

export interface App {
  fastify: FastifyInstance;
  orm: Orm;
  services: AppServices;
  log: Logger;
  /** Listens on config.http.port/host (0 picks a free port) and returns the base URL. */
  listen(): Promise<string>;
  /** Stops accepting, finishes in-flight requests, closes the pool and any embedded database. Idempotent. */
  stop(): Promise<void>;
}

/** JSON lines with a request id on every line written during a request, credentials redacted. */
export function createLogger(config: Config, stream?: DestinationStream): Logger {
  return buildLogger(config.logLevel, stream);
}

async function openDatabase(config: Config, log: Logger): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.db.url) return { url: config.db.url };
  const dataDir = path.join(config.db.dataDir, 'pg');
  log.info({ dataDir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres({
    dataDir,
    onLog: (m) => log.debug({ postgres: m.trim() }),
    onWarning: (m) => log.warn(m),
  });
  const client = new pg.Client({ connectionString: embedded.url('postgres') });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', ['trellis']);
    if (exists.rowCount === 0) await client.query('create database trellis');
  } finally {
    await client.end();
  }
  return { url: embedded.url('trellis'), embedded };
}

/** Which legacy API a path belongs to, so framework errors (bad JSON, 404, 413) answer in its body shape. */
export function legacyApiOf(url: string): LegacyApi | undefined {
  if (url.startsWith('/api/public')) return 'public';
  if (url.startsWith('/api/help')) return 'help';
  if (url.startsWith('/api/auth') || /^\/api\/(user|id)(\?|$)/.test(url)) return 'auth';
  if (url.startsWith('/api')) return 'risk';
  return undefined;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const log = createLogger(config, deps.logStream);
  const database = await openDatabase(config, log);
  let orm: Orm;
  try {
    orm = await openOrm(database.url, config.db.poolMax, log, deps.onQuery);
    await migrate(orm);
  } catch (error) {
    await database.embedded?.stop();
    throw error;
  }
  const services = createServices({ config, orm, log, now: deps.now, counters: deps.counters });
  await bootstrap(orm.em.fork(), config, log);

  const fastify = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    // Slow clients may not hold sockets open forever (slowloris): the headers must arrive within
    // headersTimeout and the whole request within requestTimeout, however steadily the bytes trickle in.
    // Node checks those deadlines every connectionsCheckingInterval, so that bounds how late it notices.
    connectionTimeout: 60_000,
    requestTimeout: config.http.requestTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    keepAliveTimeout: 5_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A URL the router cannot decode (`%zz`) or a path parameter past its length limit is refused before
    // any route runs; it still gets the error body of the API its path belongs to, not Fastify's own.
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply),
  });
  fastify.server.headersTimeout = config.http.headersTimeoutMs;
  const responseCache = new ResponseCache('/graphql', config.responseCacheTtlSeconds, riskReplayPolicy, services.metrics);
  declareRoutePattern(fastify);
  responseCache.declare(fastify);
  keepRawJsonBodies(fastify, responseCache.recall);
  registerRequestScope(fastify);
  // Set on arrival, so every answer carries it, errors included (Fastify keeps headers set before an error).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await registerObservability(fastify, services);

  const contextFor = async (request: FastifyRequest, credentials: Credentials): Promise<Context> => {
    const em = orm.em.fork();
    try {
      const principal = await authenticate(em, services.tokens, credentials, services.accounts);
      return createContext({ requestId: request.id, log: request.log, ip: request.ip, principal, em, services });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (isDatabaseUnavailable(error)) throw new ServiceUnavailableError();
      request.log.error({ err: error }, 'unexpected error while authenticating a request');
      throw error;
    }
  };

  // Contexts the REST layer builds for its own stored documents (see graphqlLimitsPlugin).
  const restContexts = new WeakSet<Context>();
  const schema = responseCache.track(buildSchema());
  const apollo = createApollo(config, schema, {
    plugins: [
      fastifyApolloDrainPlugin(fastify),
      refuseSubscriptionsOverHttp,
      ...observabilityPlugins(config, services.metrics),
      responseCache.plugin(),
    ],
    isTrustedContext: (context) => restContexts.has(context),
    log,
  });
  await apollo.start();
  const session = await registerSessionCookies(fastify, config);
  const gateway: Gateway = {
    apollo,
    credentialsOf: session.credentialsOf,
    contextFor: async (request, credentials) => {
      const context = await contextFor(request, credentials);
      restContexts.add(context);
      return context;
    },
  };

  // Any origin in development, as the legacy risk service allowed, but without credentials; the CORS_ORIGINS
  // allowlist in every mode, with credentials (the session cookie) and the methods and headers pages send. With no
  // origin allowed the plugin would add no header and answer no preflight: not registering it spares every request its hook.
  const corsOrigin = config.http.corsOrigins ?? (config.isProduction ? false : true);
  if (corsOrigin !== false) {
    await fastify.register(cors, {
      origin: corsOrigin,
      credentials: Array.isArray(corsOrigin),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-request-id', 'x-origin'],
    });
  }
  registerRateLimit(fastify, {
    max: config.rateLimit.max,
    windowSeconds: config.rateLimit.windowSeconds,
    counters: services.counters,
    tokens: services.tokens,
  });

  refuseCrossSiteWrites(fastify, session, (request, reply) => {
    const error = { message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } };
    const api = legacyApiOf(request.url);
    if (!api) return void reply.code(403).send({ errors: [error] });
    return void reply.code(403).send(toLegacyError(api, error).body);
  });

  const graphqlHandler = fastifyApolloHandler(apollo, {
    context: async (request) => {
      try {
        const context = await contextFor(request, session.credentialsOf(request));
        context.responseCache = request.responseCacheSlot;
        return context;
      } catch (error) {
        if (error instanceof DomainError) {
          error.extensions.http = { status: error.status };
          throw error;
        }
        throw error;
      }
    },
  });
  const subscriptions = await registerSubscriptions(fastify, { config, schema, contextFor, session, listening: services.helpdesk.events.ready() });
  fastify.route({
    url: '/graphql',
    method: ['POST', 'OPTIONS'],
    handler: graphqlHandler,
    preValidation: responseCache.preValidation,
    onSend: responseCache.onSend,
  });
  // GET answers queries over HTTP and, on a WebSocket upgrade, serves subscriptions.
  fastify.route({ url: '/graphql', method: 'GET', handler: withGraphiQL(graphqlHandler, !config.isProduction), wsHandler: subscriptions });

  registerCoreRoutes(fastify, gateway, orm, session, config);
  registerPublicRoutes(fastify, gateway);
  registerHelpRoutes(fastify, gateway);
  registerApiDocs(fastify, legacyApiOf);
  registerRiskRoutes(fastify, gateway);

  // Unknown paths spend from the same budget (the limit is an onRequest hook), so probing for routes is limited too.
  fastify.setNotFoundHandler((request, reply) => {
    const api = legacyApiOf(request.url);
    if (api === 'help') return reply.code(404).send({ message: 'Resource not found' });
    if (api === 'public') return reply.code(404).send({ error_message: 'Not Found' });
    return reply.code(404).send({ error: 'Not found' });
  });

  fastify.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) =>
    answerFrameworkError(error, request, reply),
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await fastify.close(); // stops accepting, waits for in-flight requests, then stops Apollo (drain plugin)
      await closeServices(services);
      await orm.close(true);
      await database.embedded?.stop();
    })());

  return {
    fastify,
    orm,
    services,
    log,
    async listen() {
      return fastify.listen({ port: config.http.port, host: config.http.host });
    },
    stop,
  };
}

/**
 * Failures outside GraphQL execution (malformed JSON, oversized bodies, unsupported media, the rate limit, a
 * database outage surfacing in a route) in the error shape of the API the path belongs to.
 */
function answerFrameworkError(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const { status, code, message } = classifyFrameworkError(error);
  // The router refuses some requests before any hook runs.
  reply.header('x-request-id', request.id);
  if (status === 500) request.log.error({ err: error }, 'unhandled error');
  const api = legacyApiOf(request.url);
  if (!api) return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
  const legacy = toLegacyError(api, { message, extensions: { code } });
  // The table knows codes, not transport statuses: a 413 or 415 stays what it is.
  return reply.code(status >= 500 ? legacy.status : status).send(legacy.body);
}

function classifyFrameworkError(error: Error & { statusCode?: number }): { status: number; code: string; message: string } {
  if (error instanceof TooManyRequests) return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 413) return { status, code: 'BAD_REQUEST', message: 'Request body is too large' };
  if (status === 415) return { status, code: 'BAD_REQUEST', message: 'Unsupported content type' };
  if (status < 500) return { status, code: 'BAD_REQUEST', message: 'Malformed request: ' + error.message };
  return { status, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}
