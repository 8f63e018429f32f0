import { randomUUID } from 'node:crypto';
import { createDynamoClient } from './client';
import type { CostMeter } from './cost';
import { ensureTable } from './create-table';
import { openStore } from './store';

/**
 * For the tests beside the code: every part of a store (`openStore`) on a fresh table of the shared test
 * dynalite, so test files never see each other's data. `endpoint` is `inject('dynamoEndpoint')`.
 * @example const { store } = await testStore(inject('dynamoEndpoint')); await store.streams.append('g1', 0, events);
 */
export async function testStore(endpoint: string, meter?: CostMeter) {
  const client = createDynamoClient({ endpoint, maxAttempts: 1 });
  const tableName = `test-${randomUUID()}`;
  await ensureTable(client, tableName);
  const store = openStore({ client, tableName, ...(meter ? { meter } : {}) });
  return { client, tableName, store };
}
