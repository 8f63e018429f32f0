/**
 * vitest global setup: a folder where each test worker appends what the conformance check counted
 * (setup.ts); at the end of the run the counts are summed into one line, and any mismatch fails the run
 * even if a test caught the error its request threw.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { parse } from 'yaml';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where test workers append their conformance counts. */
    contractTallyDir: string;
    /** openapi.yaml parsed once for the run, as JSON: each test file is its own worker, and YAML is slow to parse. */
    contractDocument: string;
  }
}

interface Tally {
  validated: number;
  mismatches: number;
  failures: string[];
  /** Responses validated, by HTTP status. */
  statuses: Record<string, number>;
  /** Webhook deliveries validated. */
  deliveries?: number;
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'chickenfoot-contract-'));
  project.provide('contractTallyDir', join(dir, 'tallies'));
  const document = join(dir, 'openapi.json');
  writeFileSync(
    document,
    JSON.stringify(parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8'))),
  );
  project.provide('contractDocument', document);
  mkdirSync(join(dir, 'tallies'));
  return () => {
    const total: Required<Tally> = { validated: 0, mismatches: 0, failures: [], statuses: {}, deliveries: 0 };
    for (const file of readdirSync(join(dir, 'tallies'))) {
      for (const line of readFileSync(join(dir, 'tallies', file), 'utf8')
        .split('\n')
        .filter(Boolean)) {
        const tally = JSON.parse(line) as Tally;
        total.validated += tally.validated;
        total.mismatches += tally.mismatches;
        total.deliveries += tally.deliveries ?? 0;
        total.failures.push(...tally.failures);
        for (const [status, n] of Object.entries(tally.statuses))
          total.statuses[status] = (total.statuses[status] ?? 0) + n;
      }
    }
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `contract: ${total.validated} responses validated against openapi.yaml, ${total.mismatches} mismatches`,
    );
    if (total.deliveries > 0)
      console.log(`contract: ${total.deliveries} webhook deliveries validated against its webhooks section`);
    const byStatus = Object.entries(total.statuses).map(([status, n]) => `${status} ×${n}`);
    if (byStatus.length > 0) console.log(`contract: validated by status: ${byStatus.join(', ')}`);
    if (total.mismatches > 0) {
      for (const failure of total.failures.slice(0, 10)) console.error(failure);
      process.exitCode = 1;
    }
  };
}
