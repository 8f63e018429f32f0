/**
 * The one DynamoDB table, defined once. The CDK stack, the local bootstrap (`ensureTable`) and the
 * drift test all read this module, so it is pure data with no imports: the CDK app can load it.
 *
 * Items:
 * | pk               | sk             | item        | notable attributes                                          |
 * |------------------|----------------|-------------|-------------------------------------------------------------|
 * | `game#<id>`      | 1..n           | commit n    | `ev` events, `at` (ms), `ik` idempotency key, `ch` its       |
 * |                  |                |             | request's hash, `by`, `sb` (bytes) or `sn` (JSON) snapshot  |
 * |                  |                |             | (some commits), `tf`/`tt` whom the game awaited before and  |
 * |                  |                |             | after, when that changed (no `tf`: it was `by`)             |
 * | `game#<id>`      | -1..-k         | seat s = -sk-1 | `v` version, `hd` head, `pl`, `gpk`/`gsk` (→ `byPlayer`)  |
 * | `turns#<player>` | turnSk(gameId) | turn entry  | `gid`, `v`, `w` waiting (else a tombstone), `at` since, `hd`  |
 * |                  |                |             | head; in a clocked game `dpk`/`dsk` its deadline (→ `byDue`),  |
 * |                  |                |             | `cl` a sweeper's claim on it                                |
 * | `game#<id>`      | -1000, -1001   | lobby entry | `v`, `hd` the entry, `lpk`/`lsk` (→ `byLobby`) while open     |
 * | `game#<id>`      | -1002          | stale check | `v`, while the game waits: `dpk`/`dsk` when it is due to close |
 * | `quick#<p>#<k>`  | 0              | quick match | `gid` the game a player's quick match (key k) went to       |
 * A player's record is a stream of its own (`game#p_…`), and so are a game's messages (`game#m_…`) and
 * its watch links (`game#w_…`): each commit carries the record as it is after it, as its snapshot.
 * Any item may be due work: `dpk`/`dsk` put it in `byDue` (see due.ts), and taking `dpk` away takes it out.
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
  /** What the index holds besides the keys: everything, nothing, or these attributes. */
  readonly projection: 'ALL' | 'KEYS_ONLY' | { readonly include: readonly string[] };
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
    // "My games": one Query on the member items (see player-games.ts). "My turn" needs no index: each
    // player's turn entries are a partition of their own (see turns.ts).
    {
      indexName: 'byPlayer',
      partitionKey: { name: 'gpk', type: 'S' },
      sortKey: { name: 'gsk', type: 'S' },
      projection: 'ALL',
    },
    // Due work (a turn's deadline, ...): sparse, only items with `dpk` and `dsk` are in it. `dpk` is one of
    // DUE_SHARDS partitions (`due#<n>`, n from the game's id) so no partition takes every write; `dsk` is
    // `<due ISO 8601>#<kind>#<game id>`, so a Query of `dsk < <now>` finds what is due, oldest first.
    // `v` comes along: a sweeper claims an item only while it is still at the version it read.
    {
      indexName: 'byDue',
      partitionKey: { name: 'dpk', type: 'S' },
      sortKey: { name: 'dsk', type: 'S' },
      projection: { include: ['v'] },
    },
    // The lobby: open games waiting for players, sparse (only while open and waiting). Each has two
    // entries: one in `lobby` (all, by age: newest first is one Query) and one in `lobby#<rules>` (the
    // same rules: the oldest is one Query). See lobby.ts.
    {
      indexName: 'byLobby',
      partitionKey: { name: 'lpk', type: 'S' },
      sortKey: { name: 'lsk', type: 'S' },
      projection: 'ALL',
    },
  ],
  // A retried command is recognised by the commit at the version it named, which carries its key:
  // no index over the keys (it cost a write unit a move).
  localSecondaryIndexes: [] as readonly IndexDefinition[],
} as const satisfies TableDefinition;

/** Index names, for the queries that use them. */
export const BY_PLAYER = TABLE.globalSecondaryIndexes[0].indexName;
export const BY_DUE = TABLE.globalSecondaryIndexes[1].indexName;
export const BY_LOBBY = TABLE.globalSecondaryIndexes[2].indexName;

/**
 * How many partitions the due index is spread over. Every move of a clocked game writes it (the new
 * deadline in, the old one out), and one DynamoDB partition takes 1,000 writes a second: 16 take
 * clocked play far past that, while a sweep stays 16 small Queries a minute when nothing is due.
 */
export const DUE_SHARDS = 16;

/** The table's properties with the names CloudFormation (`AWS::DynamoDB::Table`) and CreateTable share. */
export interface TableProperties {
  KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  BillingMode: 'PAY_PER_REQUEST';
  GlobalSecondaryIndexes: IndexProperties[];
  /** Absent when the table has none (CreateTable refuses an empty list). */
  LocalSecondaryIndexes?: IndexProperties[];
}

/** One index in CloudFormation / CreateTable spelling. */
export interface IndexProperties {
  IndexName: string;
  KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  Projection: { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] };
}

const keySchema = (hash: KeyAttribute, range: KeyAttribute): TableProperties['KeySchema'] => [
  { AttributeName: hash.name, KeyType: 'HASH' },
  { AttributeName: range.name, KeyType: 'RANGE' },
];

const projectionOf = ({ projection }: IndexDefinition): IndexProperties['Projection'] =>
  typeof projection === 'string'
    ? { ProjectionType: projection }
    : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection.include] };

const indexProperties = (index: IndexDefinition): IndexProperties => ({
  IndexName: index.indexName,
  KeySchema: keySchema(index.partitionKey, index.sortKey),
  Projection: projectionOf(index),
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
    ...(lsis.length > 0 ? { LocalSecondaryIndexes: lsis.map(indexProperties) } : {}),
  };
}
