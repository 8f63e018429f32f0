// vitest setup file: every test file's responses are checked against openapi.yaml, and counted.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { conform, resetTally, tally } from './tally';

// The observer `reportResponse` in packages/api/src/testing.ts hands every TestClient response to.
(globalThis as Record<symbol, unknown>)[Symbol.for('chickenfoot.test.response-observer')] = conform;

afterAll(() => {
  if (tally.validated === 0 && tally.mismatches === 0 && tally.deliveries === 0) return;
  const file = join(inject('contractTallyDir'), `${process.pid}.jsonl`);
  appendFileSync(file, `${JSON.stringify(tally)}\n`);
  // The next test file in this worker shares the module (vitest.config.ts): it counts from zero.
  resetTally();
});
