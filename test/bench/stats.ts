import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Rounds to `digits` decimals. */
export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

/** The value at fraction `p` (0.5: the median) of `values`, by rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** p50 and p99 in ms, with the sample count. */
export function latency(ms: readonly number[]) {
  return { p50Ms: round(percentile(ms, 0.5)), p99Ms: round(percentile(ms, 0.99)), samples: ms.length };
}

/** A judged target: what was measured, the limit, and whether it passes. */
export interface Judged {
  value: number;
  limit: number;
  pass: boolean;
}

/**
 * Judges `value` against `limit` (`at most` or `at least`) and prints nothing; `verdict` words it.
 * @example judge(1.4, 'atMost', 1.6) // { value: 1.4, limit: 1.6, pass: true }
 */
export function judge(value: number, kind: 'atMost' | 'atLeast', limit: number): Judged {
  return { value, limit, pass: kind === 'atMost' ? value <= limit : value >= limit };
}

/** "PASS" or "FAIL", for the printed lines. */
export const verdict = (j: Judged): string => (j.pass ? 'PASS' : 'FAIL');

const RESULTS = fileURLToPath(new URL('../../.tmp/bench/', import.meta.url));

/**
 * Prints a bench's figures as its last line (one JSON object) and keeps them in .tmp/bench/<name>.json,
 * where `npm run bench:capacity` reads them.
 */
export function report(name: string, figures: object): void {
  mkdirSync(RESULTS, { recursive: true });
  const line = JSON.stringify({ benchmark: name, at: new Date().toISOString(), node: process.version, ...figures });
  writeFileSync(join(RESULTS, `${name}.json`), `${line}\n`);
  console.log(line);
}
