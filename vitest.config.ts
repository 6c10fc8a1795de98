import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Files that replace a module with vi.mock, or that instrument modules as they load (tracing patches pg, ioredis and
 * http when they are first imported): a worker that already loaded the real module (through another file's app) would
 * hand them that one, and a mock or patch would outlive the file. They get a fresh module graph each.
 */
const NEEDS_FRESH_MODULES = ['test/server/executor.test.ts', 'test/observability/tracing.test.ts'];

// graphql ships CJS and ESM builds; Node loads the CJS one for graphql-shield, so our code must use it too
// (two graphql copies make `instanceof` checks fail).
const resolve = { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] };
const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Each file starts its own app on its own database; two cores run two files at a time.
  maxWorkers: 2,
} as const;

export default defineConfig({
  resolve,
  test: {
    // In the root config only: one PostgreSQL and one migrated template for every project (a project's own
    // globalSetup would start another).
    globalSetup: ['test/helpers/global-setup.ts'],
    ...shared,
    reporters: ['default'],
    projects: [
      {
        resolve,
        test: {
          ...shared,
          name: 'app',
          include: ['test/**/*.test.ts'],
          exclude: NEEDS_FRESH_MODULES,
          // A worker runs file after file in one module graph: the gateway's code and its dependencies are loaded
          // once per worker instead of once per file (about a second each). Every file still builds its own app on
          // its own database; the app keeps no state in modules that another app could see (metrics registries,
          // caches and pools belong to the app instance), and vitest restores spies after each file.
          isolate: false,
        },
      },
      { resolve, test: { ...shared, name: 'fresh-modules', include: NEEDS_FRESH_MODULES } },
    ],
  },
});
