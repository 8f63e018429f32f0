// The contract reads like a reference and stays light: every schema and parameter described, nearly
// every property, every request body and success response with an example, and openapi.yaml at most
// 250 KB (it was 747 KB, two thirds of it per-operation problem schemas). Issue 30's additions took it
// to 255.5 KB, then Web Push's six operations and the invitation to 277.4 KB; what was written at every
// use is now written once (shared parameters, examples, responses and security; the rules' words and
// the timestamp's example; a field on one line), 248.9 KB. An operation costs ~3 KB: the next ones
// need a trim of their own. The figures are `npm run contract:coverage`'s.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverage } from '../../packages/api/scripts/contract-coverage';

const figures = coverage(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));

describe('openapi.yaml as a reference', () => {
  it('is at most 250 KB, with few component schemas', () => {
    expect(figures.bytes).toBeLessThanOrEqual(250_000);
    expect(figures.componentSchemas).toBeLessThan(100);
  });

  it('describes every schema and parameter, and at least 99% of the properties', () => {
    expect(figures.schemas.have).toBe(figures.schemas.of);
    expect(figures.parameters.have).toBe(figures.parameters.of);
    expect(figures.properties.have / figures.properties.of).toBeGreaterThanOrEqual(0.99);
  });

  it('has an example on every request body and every success response', () => {
    expect(figures.requestBodiesWithExample.have).toBe(figures.requestBodiesWithExample.of);
    expect(figures.successResponsesWithExample.have).toBe(figures.successResponsesWithExample.of);
  });
});
