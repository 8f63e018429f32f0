// The contract reads like a reference and stays light: every schema and parameter described, nearly
// every property, every request body and success response with an example, and openapi.yaml at most
// 250 KB (it was 747 KB, two thirds of it per-operation problem schemas; 255.5 KB after issue 30's
// additions, 238 KB once what was written at every use was written once: shared parameters, examples,
// webhook responses, the security requirement, the timestamp's example). The figures are
// `npm run contract:coverage`'s.
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
