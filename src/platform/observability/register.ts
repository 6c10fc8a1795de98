/*
 * Imported by Node before the app (`node --import ./src/platform/observability/register.ts src/main.ts`, or the
 * dist/ twin), because pg, ioredis and the HTTP modules can be instrumented only if the loader hook and the SDK are
 * in place before they are first imported. With tracing off it loads nothing more than the variables' parser; the
 * app flushes the SDK on its way out (stopTracing in src/main.ts).
 */
import { loadTracingConfig } from '../config.js';

const config = loadTracingConfig();
if (config.enabled) {
  const { startTracing } = await import('./sdk.js');
  await startTracing(config, { esmHook: true });
}
