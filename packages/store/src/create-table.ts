import {
  CreateTableCommand,
  DescribeTableCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { StoreClient } from './dynamo';
import { StoreError } from './errors';
import { TABLE, tableProperties } from './table';
import { translateError } from './translate-error';

/**
 * The CreateTable request for the store's table under `tableName`, straight from the definition.
 * @example await client.send(new CreateTableCommand(createTableInput('chickenfoot')));
 */
export function createTableInput(tableName: string): CreateTableCommandInput {
  return { TableName: tableName, ...tableProperties() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Index names the table lacks compared with the definition; keys that differ count as missing. */
function missingIndexes(description: TableDescription): string[] {
  const actual = [...(description.GlobalSecondaryIndexes ?? []), ...(description.LocalSecondaryIndexes ?? [])];
  const wanted = [...TABLE.globalSecondaryIndexes, ...TABLE.localSecondaryIndexes];
  return wanted
    .filter((index) => {
      const found = actual.find((a) => a.IndexName === index.indexName);
      const keys = found?.KeySchema?.map((k) => k.AttributeName).join(',');
      return keys !== `${index.partitionKey.name},${index.sortKey.name}`;
    })
    .map((index) => index.indexName);
}

async function describe(client: DynamoDBClient, tableName: string): Promise<TableDescription | null> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table ?? null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return null;
    throw translateError(error, 'DescribeTable');
  }
}

/**
 * Creates the store's table if it does not exist and waits until it is ACTIVE. For local runs and
 * tests: on AWS the CDK stack creates it. An existing table whose indexes differ from the
 * definition (an old local data folder) is an error that names what is missing.
 * @example await ensureTable(createDynamoClient({ endpoint }), 'chickenfoot');
 */
export async function ensureTable(client: StoreClient, tableName: string, timeoutMs = 30_000): Promise<void> {
  const dynamo = client as DynamoDBClient;
  let table = await describe(dynamo, tableName);
  if (!table) {
    try {
      await dynamo.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      // Someone else created it between our two calls: fine, wait for it like for ours.
      if ((error as { name?: string }).name !== 'ResourceInUseException') throw translateError(error, 'CreateTable');
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (table?.TableStatus !== 'ACTIVE') {
    if (Date.now() > deadline)
      throw new StoreError('store/unavailable', `table ${tableName} did not become ACTIVE in ${timeoutMs} ms`);
    await sleep(table ? 20 : 0);
    table = await describe(dynamo, tableName);
  }
  const missing = missingIndexes(table);
  if (missing.length > 0) {
    throw new StoreError(
      'store/failed',
      `table ${tableName} exists without the index(es) ${missing.join(', ')}; it was created from an older definition: delete it (or its data folder)`,
    );
  }
}
