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
      'test/support/web-global-setup.ts',
    ],
    // Every response a test receives is checked against openapi.yaml (test/support/contract).
    setupFiles: ['test/support/contract/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
