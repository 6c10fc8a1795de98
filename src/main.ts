import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

const app = await buildApp(config);
if (config.jwt.secretIsEphemeral) {
  app.log.warn('JWT_SECRET is not set: tokens are signed with a random key and stop working when the process restarts');
}
const url = await app.listen();
app.log.info({ url }, `Trellis listening: GraphQL at ${url}/graphql`);

let exiting = false;
const shutdown = (signal: string) => {
  if (exiting) return;
  exiting = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown grace period exceeded; exiting');
    process.exit(1);
  }, config.http.shutdownGraceMs);
  timer.unref();
  app.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
