import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/support/sequencer.ts';

const INCLUDE = [
  'packages/*/src/**/*.test.ts',
  'functions/src/**/*.test.ts',
  'infra/test/**/*.test.ts',
  'test/**/*.test.ts',
];
const EXCLUDE = ['**/node_modules/**', 'test/soak/**'];
/**
 * Files that a shared module graph would mislead, so these run each in a fresh one: one that replaces a
 * module with `vi.mock` (a worker that runs files one after another without isolation keeps the mock
 * for the files after it), and those that import a Lambda entry, which reads its table and secrets from
 * the environment when first imported (a second file in the same worker would get the first file's
 * table: the sweeper's handler then swept another test's table and found nothing due).
 */
const NEEDS_ISOLATION = [
  'test/rule-options.test.ts',
  'functions/src/lambda.test.ts',
  'functions/src/sweeper.test.ts',
  'test/lambda/sweeper-handler.test.ts',
];

const COMMON = {
  // Every response a test receives is checked against openapi.yaml (test/support/contract).
  setupFiles: ['test/support/contract/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Run once for the whole run (the projects below inherit what they provide).
    globalSetup: [
      'test/support/dynamo-global-setup.ts',
      'test/support/contract/global-setup.ts',
      'test/support/generated/global-setup.ts',
      'test/support/web-global-setup.ts',
    ],
    // Two files at a time (vitest's default is one on a 2-core machine): the suite then fits CI's
    // budget. The flood test measures latency under load, so `npm test` runs it alone afterwards.
    maxWorkers: 2,
    // On a fresh machine, the long suites in small files start first rather than last (see there).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...NEEDS_ISOLATION],
          // A worker runs its files in one module graph: the app, the SDK and the contract are imported
          // once per worker instead of once per file. Measured on packages/api/src (27 files): 109 s of
          // CPU isolated, 46 s shared. Test files therefore put back any global they change.
          isolate: false,
          ...COMMON,
        },
      },
      { test: { name: 'isolated', include: NEEDS_ISOLATION, exclude: EXCLUDE, isolate: true, ...COMMON } },
    ],
  },
});
