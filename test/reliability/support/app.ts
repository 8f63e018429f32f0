import { randomUUID } from 'node:crypto';
import { createApp, type AppOptions } from '@chickenfoot/api';
import { silentLogger } from '@chickenfoot/app';
import { TEST_SECRET, TestClient } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { UNLIMITED } from './scale';

/**
 * The app as deployed, on a fresh table of the test dynalite: its DynamoDB client keeps the SDK's
 * three attempts (`testApi`'s has one), so the dynalite of a loaded machine that is slow to accept
 * a connection costs a retry, not a 503 in a suite about races or retries. Deals are seeded, the
 * rate limits out of reach, logs silent.
 * @example const { api, store } = await deployedApp(inject('dynamoEndpoint'), 1);
 */
export async function deployedApp(endpoint: string, seed: number, options: Partial<AppOptions> = {}) {
  const client = createDynamoClient({ endpoint });
  const tableName = `reliability-${randomUUID()}`;
  await ensureTable(client, tableName);
  const store = openStore({ client, tableName });
  const app = createApp({
    store,
    secret: TEST_SECRET,
    shuffle: fisherYates(seededRandom(seed)),
    limits: UNLIMITED,
    logger: silentLogger,
    ...options,
  });
  return { app, store, api: new TestClient((request) => app.request(request)) };
}
