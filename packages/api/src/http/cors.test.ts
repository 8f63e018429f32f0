import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../contract/document';
import { CORS_POLICY } from './cors';

// What a browser lets a page read of any cross-origin answer without being told (the Fetch standard's
// CORS-safelisted response header names).
const SAFELISTED = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
];

interface Parameter {
  in: string;
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
}

/** The contract's operations, each with its method, its request headers and its response headers (lower case). */
function operations() {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && 'responses' in op)
      .map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        sent: (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
        read: Object.values(op.responses).flatMap((r) => Object.keys(r.headers ?? {}).map((h) => h.toLowerCase())),
      })),
  );
}

describe('the CORS policy', () => {
  const ops = operations();

  it('allows every method the contract has', () => {
    expect(ops.length).toBeGreaterThan(40);
    const missing = ops.filter((op) => !(CORS_POLICY.methods as readonly string[]).includes(op.method));
    expect(missing.map((op) => op.name)).toEqual([]);
  });

  it('allows every request header the contract reads, with the token and the body type', () => {
    const allowed: readonly string[] = CORS_POLICY.allowHeaders;
    const missing = ops.flatMap((op) => op.sent.filter((h) => !allowed.includes(h)).map((h) => `${op.name}: ${h}`));
    expect(missing).toEqual([]);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('lets a page read every response header the contract sets', () => {
    const readable: readonly string[] = [...CORS_POLICY.exposeHeaders, ...SAFELISTED];
    const hidden = ops.flatMap((op) => op.read.filter((h) => !readable.includes(h)).map((h) => `${op.name}: ${h}`));
    expect(hidden).toEqual([]);
  });

  it('names each header once, in lower case', () => {
    for (const list of [CORS_POLICY.allowHeaders, CORS_POLICY.exposeHeaders]) {
      expect(new Set(list).size).toBe(list.length);
      for (const name of list) expect(name).toBe(name.toLowerCase());
    }
  });
});
