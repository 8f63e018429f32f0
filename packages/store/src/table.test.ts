import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createDynamoClient } from './client';
import { createTableInput, ensureTable } from './create-table';
import { tableProperties } from './table';

const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
const sortByName = <T extends { AttributeName?: string | undefined }>(list: T[] = []) =>
  [...list].sort((a, b) => (a.AttributeName ?? '').localeCompare(b.AttributeName ?? ''));

describe('the table definition', () => {
  it('spells the definition the way CloudFormation and CreateTable do', () => {
    expect(tableProperties()).toEqual({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        { AttributeName: 'gpk', AttributeType: 'S' },
        { AttributeName: 'gsk', AttributeType: 'S' },
        { AttributeName: 'dpk', AttributeType: 'S' },
        { AttributeName: 'dsk', AttributeType: 'S' },
        { AttributeName: 'lpk', AttributeType: 'S' },
        { AttributeName: 'lsk', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byPlayer',
          KeySchema: [
            { AttributeName: 'gpk', KeyType: 'HASH' },
            { AttributeName: 'gsk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'byDue',
          KeySchema: [
            { AttributeName: 'dpk', KeyType: 'HASH' },
            { AttributeName: 'dsk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['v'] },
        },
        {
          IndexName: 'byLobby',
          KeySchema: [
            { AttributeName: 'lpk', KeyType: 'HASH' },
            { AttributeName: 'lsk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('is what ensureTable creates: DescribeTable matches the definition', async () => {
    const tableName = `table-${randomUUID()}`;
    await ensureTable(client, tableName);
    await ensureTable(client, tableName); // a second call finds it and does nothing
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const wanted = tableProperties();
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.KeySchema).toEqual(wanted.KeySchema);
    expect(sortByName(Table?.AttributeDefinitions)).toEqual(sortByName(wanted.AttributeDefinitions));
    expect(Table?.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe(wanted.BillingMode);
    for (const index of [...wanted.GlobalSecondaryIndexes, ...(wanted.LocalSecondaryIndexes ?? [])]) {
      const actual = [...(Table?.GlobalSecondaryIndexes ?? []), ...(Table?.LocalSecondaryIndexes ?? [])].find(
        (i) => i.IndexName === index.IndexName,
      );
      expect(actual).toMatchObject(index);
    }
  });

  it('refuses a table left by an older definition, naming the missing index', async () => {
    const tableName = `old-${randomUUID()}`;
    const { GlobalSecondaryIndexes: _dropped, ...withoutGsi } = createTableInput(tableName);
    await client.send(
      new CreateTableCommand({
        ...withoutGsi,
        AttributeDefinitions: withoutGsi.AttributeDefinitions?.filter(
          (a) => a.AttributeName === 'pk' || a.AttributeName === 'sk',
        ),
      }),
    );
    await expect(ensureTable(client, tableName)).rejects.toThrow(/without the index\(es\) byPlayer, byDue, byLobby/);
  });
});
