import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql ships CJS and ESM builds; Node loads the CJS one for graphql-shield, so our code must use it too
    // (two graphql copies make `instanceof` checks fail).
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file starts its own app on its own database; two cores run two files at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
