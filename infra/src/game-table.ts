import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
  type Attribute,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE, type IndexDefinition, type KeyAttribute } from '@chickenfoot/store/table';
import type { StageConfig } from './config';

const ATTRIBUTE_TYPES = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY } as const;
const PROJECTIONS = { ALL: ProjectionType.ALL, KEYS_ONLY: ProjectionType.KEYS_ONLY } as const;
const BILLING = { PAY_PER_REQUEST: BillingMode.PAY_PER_REQUEST } as const;

const attribute = (key: KeyAttribute): Attribute => ({ name: key.name, type: ATTRIBUTE_TYPES[key.type] });

/** An index's projection as CDK takes it: a type, and for INCLUDE the attributes it carries. */
const projection = ({ projection: p }: IndexDefinition) =>
  typeof p === 'string'
    ? { projectionType: PROJECTIONS[p] }
    : { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...p.include] };

/**
 * The event store's table, built from the store's own definition (`@chickenfoot/store/table`) so the
 * deployed keys and indexes cannot drift from the ones the code and tests use. `Table`, not
 * `TableV2`: a plain `AWS::DynamoDB::Table`, the shape `tableProperties()` describes.
 * The name is left to CloudFormation, so a replacement never collides with the old table.
 * @example const table = gameTable(this, 'Table', config);
 */
export function gameTable(scope: Construct, id: string, config: StageConfig): Table {
  const table = new Table(scope, id, {
    partitionKey: attribute(TABLE.partitionKey),
    sortKey: attribute(TABLE.sortKey),
    billingMode: BILLING[TABLE.billingMode],
    // Every game is its event stream: PITR is the undo for a bad deploy or a bad script (35 days).
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    // The AWS-managed key (aws/dynamodb) rather than the default AWS-owned one: same cost at our
    // scale (no monthly key fee) and every use of the key shows in CloudTrail.
    encryption: TableEncryption.AWS_MANAGED,
    deletionProtection: config.production,
    removalPolicy: config.removalPolicy,
  });
  for (const index of TABLE.globalSecondaryIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: attribute(index.partitionKey),
      sortKey: attribute(index.sortKey),
      ...projection(index),
    });
  }
  for (const index of TABLE.localSecondaryIndexes) {
    // An LSI shares the table's partition key by definition; CDK only takes its sort key.
    if (index.partitionKey.name !== TABLE.partitionKey.name)
      throw new Error(`LSI ${index.indexName} must use the table's partition key`);
    table.addLocalSecondaryIndex({
      indexName: index.indexName,
      sortKey: attribute(index.sortKey),
      ...projection(index),
    });
  }
  return table;
}
