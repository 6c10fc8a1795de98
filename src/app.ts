import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream, Logger } from 'pino';
import { selectModules } from './modules.js';
import { refuseCrossSiteWrites, registerSessionCookies } from './platform/auth/session.js';
import type { Config } from './platform/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded.js';
import { loadMigrations } from './platform/db/migrations.js';
import { migrate, openOrm, type Orm, type QueryListener } from './platform/db/orm.js';
import { startReadRouting } from './platform/db/read-routing.js';
import { buildLogger, registerRequestScope } from './platform/hardening/logging.js';
import { registerRateLimit } from './platform/hardening/rate-limit.js';
import { requestLogger } from './platform/hardening/request-logger.js';
import type { Module } from './platform/module.js';
import { registerObservability } from './platform/observability/index.js';
import type { RestRoute } from './platform/rest/catalog.js';
import { LegacyErrors } from './platform/rest/errors.js';
import { closePlatformServices, createPlatformServices, type AppServices } from './platform/services.js';
import { assemble, authenticationOf, closeServices, createServices } from './server/assembly.js';
import { treatEmptyJsonBodiesAsNone } from './server/empty-bodies.js';
import { registerGraphql } from './server/graphql.js';
import { registerRestApi, restApisOf } from './server/rest.js';

export interface AppDeps {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  now?: () => Date;
  /** Sees every SQL statement (tests count them to prove batching). */
  onQuery?: QueryListener;
  /** The domains to serve (those TRELLIS_MODULES names by default); a test may build the app from a few of them. */
  modules?: readonly Module[];
}

export interface App {
  fastify: FastifyInstance;
  orm: Orm;
  services: AppServices;
  log: Logger;
  /** The legacy REST routes this app serves, as declared (method, path, schemas, API). */
  restRoutes: readonly RestRoute[];
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

/**
 * A fresh request id. `randomUUID()` returns its text as a rope of its pieces (about 490 bytes of heap instead of
 * 66): a WebSocket connection keeps its upgrade's id, in its logger and its contexts, for as long as it is open.
 */
function flatId(): string {
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const federated = config.federation.mode === 'subgraph';
  const modules = assemble(deps.modules ?? selectModules(config.modules, { federated }), { federated });
  const log = createLogger(config, deps.logStream);
  const database = await openDatabase(config, log);
  let orm: Orm;
  try {
    const entities = modules.flatMap((module) => module.entities ?? []);
    const unmappedTables = modules.flatMap((module) => module.unmappedTables ?? []);
    const migrations = await loadMigrations(modules);
    orm = await openOrm(database.url, {
      poolMax: config.db.poolMax,
      entities,
      migrations,
      unmappedTables,
      log,
      onQuery: deps.onQuery,
      replicaUrls: config.db.replicaUrls,
    });
    await migrate(orm);
  } catch (error) {
    await database.embedded?.stop();
    throw error;
  }
  const platform = createPlatformServices({ config, orm, log, now: deps.now });
  const replicas = await startReadRouting(orm, {
    maxLagSeconds: config.db.replicaMaxLagSeconds,
    redis: platform.redis,
    keyPrefix: config.redisKeyPrefix,
    log,
    metrics: platform.metrics,
  });
  const services = createServices(modules, platform);
  for (const module of modules) await module.start?.(services);
  const authentication = authenticationOf(modules, services);

  const legacyErrors = new LegacyErrors(restApisOf(modules));
  const fastify = Fastify({
    // Without it the instance is typed by pino's Logger, which the route helpers' FastifyInstance does not accept.

    loggerInstance: log as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : flatId();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: requestLogger,
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
    frameworkErrors: (error, request, reply) => void legacyErrors.answerFrameworkError(error, request, reply),
  });
  fastify.server.headersTimeout = config.http.headersTimeoutMs;
  // First, so every route, plugin and scope registered below inherits the error and not-found answers.
  legacyErrors.register(fastify);
  treatEmptyJsonBodiesAsNone(fastify);
  registerRequestScope(fastify);
  // Set on arrival, so every answer carries it, errors included (Fastify keeps headers set before an error).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await registerObservability(fastify, services);

  const session = await registerSessionCookies(fastify, config);

  // Any origin in development, as the legacy risk service allowed, but without credentials; the CORS_ORIGINS
  // allowlist in every mode, with credentials (the session cookie) and the methods and headers pages send. With no
  // origin allowed the plugin would add no header and answer no preflight: not registering it spares every request its hook.
  const corsOrigin = config.http.corsOrigins ?? (config.isProduction ? false : true);
  if (corsOrigin !== false) {
    await fastify.register(cors, {
      origin: corsOrigin,
      credentials: Array.isArray(corsOrigin),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: [
        'content-type',
        'authorization',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        'x-request-id',
        'x-origin',
      ],
    });
  }
  await registerRateLimit(fastify, {
    max: config.rateLimit.max,
    windowSeconds: config.rateLimit.windowSeconds,
    redis: services.redis,
    keyPrefix: `${config.redisKeyPrefix}rl:http`,
    tokenSubject: (token) => authentication.tokenSubject(token),
  });

  refuseCrossSiteWrites(fastify, session, (request, reply) => legacyErrors.refuseCrossSite(request, reply));

  const runner = await registerGraphql(fastify, { modules, services, session, authentication });

  const readiness = (): Record<string, unknown> =>
    Object.assign({}, ...modules.map((module) => module.readiness?.(services) ?? {})) as Record<string, unknown>;
  const restRoutes = await registerRestApi(fastify, modules, {
    runner,
    gateway: runner,
    session,
    config,
    orm,
    readiness,
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await fastify.close(); // stops accepting, waits for in-flight requests, then stops Apollo (drain plugin)
      await closeServices(modules, services);
      replicas?.stop();
      await closePlatformServices(services);
      await orm.close(true);
      await database.embedded?.stop();
    })());

  return {
    fastify,
    orm,
    services,
    log,
    restRoutes,
    async listen() {
      return fastify.listen({ port: config.http.port, host: config.http.host });
    },
    stop,
  };
}
