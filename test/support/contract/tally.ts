/**
 * Counts what the conformance check saw in this test file and fails a response that breaks the
 * contract. Every client of the suites ends here: `TestClient` (through the observer setup.ts
 * installs), the generated clients' middleware, the Lambda handler tests.
 */
import type { Received } from './check';

/** This test file's count, written out by setup.ts when the file is done. */
export const tally = {
  validated: 0,
  mismatches: 0,
  failures: [] as string[],
  statuses: {} as Record<string, number>,
  /** Webhook deliveries validated against the `webhooks` section (see webhook.ts). */
  deliveries: 0,
};

/** Counts from zero again: once a test file's tally is written, the next file in the worker starts afresh. */
export function resetTally(): void {
  tally.validated = 0;
  tally.mismatches = 0;
  tally.failures.length = 0;
  tally.statuses = {};
  tally.deliveries = 0;
}

/**
 * Checks one response against openapi.yaml and counts it; rejects with the mismatch (naming the
 * operation, the status and the schema error) so the request that got it fails.
 * @example await conform({ method: 'GET', url: '/v1/me', status: res.status, headers: res.headers, text });
 */
export async function conform(received: Received): Promise<void> {
  // Loaded on the first response, so test files that make no requests never load ajv or the document.
  const { assertConforms } = await import('./check');
  try {
    if (assertConforms(received).checked) {
      tally.validated++;
      tally.statuses[received.status] = (tally.statuses[received.status] ?? 0) + 1;
    }
  } catch (error) {
    tally.mismatches++;
    if (tally.failures.length < 20) tally.failures.push((error as Error).message);
    throw error;
  }
}
