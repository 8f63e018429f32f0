/**
 * The one DynamoDB table, defined once. The CDK stack, the local bootstrap (`ensureTable`) and the
 * drift test all read this module, so it is pure data with no imports: the CDK app can load it.
 *
 * Items (one partition per game, `pk = "game#<gameId>"`):
 * | sk        | item          | notable attributes                                                        |
 * |-----------|---------------|---------------------------------------------------------------------------|
 * | 1..n      | commit n      | `ev` events, `at`, `ik` idempotency key (→ `byKey`), `ch`, `by`, `sn`,      |
 * |           |               | `hd` the game's head after it (`getHead` reads the newest commit's)        |
 * |           |               | `aw` whose move it awaits (what the awaiting item was written with)         |
 * | -1..-k    | seat s = -sk-1 | `v` version, `hd` (a copy of the head), `pl`, `gpk`/`gsk` (→ `byPlayer`)   |
 * | -1000     | awaiting      | `v` version, `hd` (a copy of the newest head), and while the game waits   |
 * |           |               | on a player `apk`/`ask` (→ `byAwaiting`, sparse)                           |
 * There is no separate head item (sk 0 is unused).
 */

/** A key attribute: its name and DynamoDB scalar type. */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N' | 'B';
}

/** A secondary index as the table defines it. */
export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly projection: 'ALL' | 'KEYS_ONLY';
}

/** The whole table shape, without its name (each deployment or test picks one). */
export interface TableDefinition {
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly billingMode: 'PAY_PER_REQUEST';
  readonly globalSecondaryIndexes: readonly IndexDefinition[];
  readonly localSecondaryIndexes: readonly IndexDefinition[];
}

const partitionKey = { name: 'pk', type: 'S' } as const satisfies KeyAttribute;

/** The event store's table. */
export const TABLE = {
  partitionKey,
  sortKey: { name: 'sk', type: 'N' },
  billingMode: 'PAY_PER_REQUEST',
  globalSecondaryIndexes: [
    // "My games": one Query on the member items (see player-games.ts).
    {
      indexName: 'byPlayer',
      partitionKey: { name: 'gpk', type: 'S' },
      sortKey: { name: 'gsk', type: 'S' },
      projection: 'ALL',
    },
    // "Games waiting for my move": one Query on the awaiting items, which every append rewrites.
    // Sparse: a game that waits on nobody (not started, finished) has no `apk` and is not indexed.
    {
      indexName: 'byAwaiting',
      partitionKey: { name: 'apk', type: 'S' },
      sortKey: { name: 'ask', type: 'S' },
      projection: 'ALL',
    },
  ],
  localSecondaryIndexes: [
    // A retried command is found by its idempotency key with one strongly consistent Query, which a
    // GSI cannot offer. Sparse: only commits that carry a key are indexed.
    {
      indexName: 'byKey',
      partitionKey,
      sortKey: { name: 'ik', type: 'S' },
      projection: 'KEYS_ONLY',
    },
  ],
} as const satisfies TableDefinition;

/** Index names, for the queries that use them. */
export const BY_PLAYER = TABLE.globalSecondaryIndexes[0].indexName;
export const BY_AWAITING = TABLE.globalSecondaryIndexes[1].indexName;
export const BY_KEY = TABLE.localSecondaryIndexes[0].indexName;

/** The table's properties with the names CloudFormation (`AWS::DynamoDB::Table`) and CreateTable share. */
export interface TableProperties {
  KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  BillingMode: 'PAY_PER_REQUEST';
  GlobalSecondaryIndexes: IndexProperties[];
  LocalSecondaryIndexes: IndexProperties[];
}

/** One index in CloudFormation / CreateTable spelling. */
export interface IndexProperties {
  IndexName: string;
  KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  Projection: { ProjectionType: 'ALL' | 'KEYS_ONLY' };
}

const keySchema = (hash: KeyAttribute, range: KeyAttribute): TableProperties['KeySchema'] => [
  { AttributeName: hash.name, KeyType: 'HASH' },
  { AttributeName: range.name, KeyType: 'RANGE' },
];

const indexProperties = (index: IndexDefinition): IndexProperties => ({
  IndexName: index.indexName,
  KeySchema: keySchema(index.partitionKey, index.sortKey),
  Projection: { ProjectionType: index.projection },
});

/**
 * The definition in the spelling CloudFormation and CreateTable both use, so the CDK drift test can
 * compare a synthesized `AWS::DynamoDB::Table` with it and `ensureTable` can create it.
 * Attribute definitions come keys first, then GSI keys, then LSI keys, each once: the order CDK emits
 * when its table is built from this definition in that order (DescribeTable may reorder them).
 * @example
 * expect(template.Resources.Table.Properties).toMatchObject(tableProperties());
 */
export function tableProperties(definition: TableDefinition = TABLE): TableProperties {
  const { partitionKey: pk, sortKey: sk, globalSecondaryIndexes: gsis, localSecondaryIndexes: lsis } = definition;
  const attributes = new Map<string, KeyAttribute>();
  for (const key of [pk, sk, ...[...gsis, ...lsis].flatMap((i) => [i.partitionKey, i.sortKey])])
    attributes.set(key.name, key);
  return {
    KeySchema: keySchema(pk, sk),
    AttributeDefinitions: [...attributes.values()].map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    BillingMode: definition.billingMode,
    GlobalSecondaryIndexes: gsis.map(indexProperties),
    LocalSecondaryIndexes: lsis.map(indexProperties),
  };
}
