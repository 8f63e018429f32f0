import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'functions/src/**/*.test.ts',
      'infra/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/soak/**'],
    globalSetup: [
      'test/support/dynamo-global-setup.ts',
      'test/support/contract/global-setup.ts',
      'test/support/generated/global-setup.ts',
      'test/support/web-global-setup.ts',
    ],
    // Every response a test receives is checked against openapi.yaml (test/support/contract).
    setupFiles: ['test/support/contract/setup.ts'],
    // Two files at a time (vitest's default is one on a 2-core machine): the suite then fits CI's
    // budget. The flood test measures latency under load, so `npm test` runs it alone afterwards.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
