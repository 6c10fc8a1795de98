import { buildApp, type App } from './app.js';
import { selectModules } from './modules.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { stopTracing, tracingActive } from './platform/observability/tracing.js';
import { describeStartupFailure } from './platform/startup-failure.js';

let config;
let modules;
try {
  config = loadConfig();
  modules = selectModules(config.modules, { federated: config.federation.mode === 'subgraph' });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`${error.message}\n  What to do: set or correct these variables (README, Configuration)`);
    process.exit(2);
  }
  throw error;
}

let app: App | undefined;
try {
  app = await buildApp(config, { modules });
  if (config.tracing.enabled && !tracingActive()) {
    app.log.warn(
      'OTEL_* variables ask for traces, but the tracing module was not loaded: start with --import (README, Observability)',
    );
  }
  if (config.jwt.secretIsEphemeral) {
    app.log.warn(
      'JWT_SECRET is not set: tokens are signed with a random key and stop working when the process restarts',
    );
  }
  const url = await app.listen();
  app.log.info({ url }, `Trellis listening: GraphQL at ${url}/graphql`);
} catch (error) {
  // An embedded PostgreSQL started before the failure would otherwise outlive this process.
  await app?.stop().catch(() => undefined);
  console.error(describeStartupFailure(error, config));
  process.exit(1);
}
const running = app;

let exiting = false;
const shutdown = (signal: string) => {
  if (exiting) return;
  exiting = true;
  running.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    running.log.error('shutdown grace period exceeded; exiting');
    process.exit(1);
  }, config.http.shutdownGraceMs);
  timer.unref();
  // Traces of the last requests are sent before the process ends.
  running
    .stop()
    .then(stopTracing)
    .then(
      () => process.exit(0),
      (error: unknown) => {
        running.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
