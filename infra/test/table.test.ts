import { TABLE, tableProperties } from '@chickenfoot/store/table';
import { describe, expect, it } from 'vitest';
import { synth, type Synthesized } from './synth';

function theTable({ json }: Synthesized) {
  const tables = Object.values(json.Resources).filter((r) => r.Type === 'AWS::DynamoDB::Table');
  expect(tables).toHaveLength(1);
  return tables[0]!;
}

describe('the event store table', () => {
  const dev = synth();
  const prod = synth({ stage: 'prod' });

  it("is the store's single definition: keys, attributes and indexes, nothing more (no drift)", () => {
    const expected = tableProperties();
    const properties = theTable(dev).Properties ?? {};
    expect(properties).toMatchObject(expected);
    // toMatchObject compares arrays element by element at equal length; say it outright anyway.
    expect(properties.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(properties.GlobalSecondaryIndexes).toHaveLength(TABLE.globalSecondaryIndexes.length);
    expect(properties.LocalSecondaryIndexes ?? []).toHaveLength(TABLE.localSecondaryIndexes.length);
  });

  it('is on-demand, with point-in-time recovery and encryption under the AWS-managed key', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSEEnabled without a key id: KMS with the AWS-managed aws/dynamodb key.
      SSESpecification: { SSEEnabled: true },
    });
    expect(theTable(dev).Properties?.SSESpecification).not.toHaveProperty('KMSMasterKeyId');
    expect(theTable(dev).Properties).not.toHaveProperty('ProvisionedThroughput');
    expect(theTable(dev).Properties).not.toHaveProperty('TableName');
  });

  it('is protected from deletion and retained on the production stage', () => {
    expect(theTable(prod).Properties?.DeletionProtectionEnabled).toBe(true);
    expect(theTable(prod).DeletionPolicy).toBe('Retain');
    expect(theTable(prod).UpdateReplacePolicy).toBe('Retain');
  });

  it('goes with the stack on other stages, so a dev stage tears down cleanly', () => {
    expect(theTable(dev).Properties?.DeletionProtectionEnabled).toBe(false);
    expect(theTable(dev).DeletionPolicy).toBe('Delete');
  });
});
