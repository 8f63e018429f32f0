/**
 * The floor of bench:store and bench:api: a move's DynamoDB work written by hand with the raw SDK,
 * item for item what the store writes (the same attributes, sizes and conditions), so that the
 * store's and the API's figures compare like with like. A move reads the game's newest items (the
 * strongly consistent Query of `SNAPSHOT_EVERY` items a load makes), then writes the commit
 * conditionally and, when the turn passes, the two players' turn entries at the same time.
 */
import {
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { selfPlay, seededRandom, type GameState } from '@chickenfoot/rules';
import { brotliCompressSync, constants } from 'node:zlib';

/** One move as the floor writes it: what the store would be given for it. */
export interface FloorStep {
  readonly events: readonly unknown[];
  /** The snapshot bytes on the versions that carry one. */
  readonly snapshot: Uint8Array | null;
  /** Whom the game awaited before and after, when that changed (then two turn entries are written). */
  readonly turn: { readonly from: string | null; readonly to: string | null } | null;
  /** What the turn entries carry. */
  readonly head: object;
  readonly by: string;
}

// As the store's payload.ts: JSON from 512 bytes on is stored brotli-compressed, quality 3.
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const payload = (value: unknown): AttributeValue => {
  const json = JSON.stringify(value);
  return Buffer.byteLength(json) < 512 ? { S: json } : { B: brotliCompressSync(json, BROTLI) };
};

/** What a floor move needs to know: the client, the table, how many items a load reads. */
export interface Floor {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly loadCount: number;
}

/** The load of a move: the newest `loadCount` items of the stream, strongly consistent. Returns the newest version. */
export async function floorRead(floor: Floor, stream: string): Promise<number> {
  const { Items = [] } = await floor.client.send(
    new QueryCommand({
      TableName: floor.tableName,
      KeyConditionExpression: 'pk = :pk AND sk >= :first',
      ExpressionAttributeValues: { ':pk': { S: `floor#${stream}` }, ':first': { N: '1' } },
      ScanIndexForward: false,
      Limit: floor.loadCount,
      ConsistentRead: true,
    }),
  );
  return Number(Items[0]?.sk?.N ?? 0);
}

/** The writes of a move at `version` (the one after the stream's newest): the commit and, if the turn passed, both entries. */
export async function floorWrite(floor: Floor, stream: string, version: number, step: FloorStep): Promise<void> {
  const { client, tableName: TableName } = floor;
  const item: Record<string, AttributeValue> = {
    pk: { S: `floor#${stream}` },
    sk: { N: String(version) },
    ev: payload(step.events),
    at: { N: String(Date.now()) },
    ik: { S: `${stream}-${version}-0000-0000-000000000000`.slice(0, 36) },
    ch: { S: 'h'.repeat(43) },
    by: { S: step.by },
  };
  if (step.turn?.from !== step.by && step.turn) item.tf = step.turn.from ? { S: step.turn.from } : { NULL: true };
  if (step.turn) item.tt = step.turn.to ? { S: step.turn.to } : { NULL: true };
  if (step.snapshot) item.sb = { B: step.snapshot };
  const guard = {
    ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
    ExpressionAttributeNames: { '#v': 'v' },
  };
  const v = { N: String(version) };
  const sk = { N: '1' };
  const writes: Promise<unknown>[] = [
    client.send(
      new PutItemCommand({
        TableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(#sk)',
        ExpressionAttributeNames: { '#sk': 'sk' },
      }),
    ),
  ];
  if (step.turn?.to) {
    writes.push(
      client.send(
        new PutItemCommand({
          TableName,
          Item: {
            pk: { S: `turns#${stream}-${step.turn.to}` },
            sk,
            gid: { S: stream },
            v,
            w: { BOOL: true },
            at: { S: new Date().toISOString() },
            hd: payload(step.head),
          },
          ...guard,
          ExpressionAttributeValues: { ':v': v },
        }),
      ),
    );
  }
  if (step.turn?.from) {
    writes.push(
      client.send(
        new UpdateItemCommand({
          TableName,
          Key: { pk: { S: `turns#${stream}-${step.turn.from}` }, sk },
          UpdateExpression: 'SET #v = :v, #w = :w, #gid = :gid',
          ...guard,
          ExpressionAttributeNames: { ...guard.ExpressionAttributeNames, '#w': 'w', '#gid': 'gid' },
          ExpressionAttributeValues: { ':v': v, ':w': { BOOL: false }, ':gid': { S: stream } },
        }),
      ),
    );
  }
  await Promise.all(writes);
}

/** A whole floor move: the read, then the writes at the version after the one it read. */
export async function floorMove(floor: Floor, stream: string, step: FloorStep): Promise<void> {
  const version = (await floorRead(floor, stream)) + 1;
  await floorWrite(floor, stream, version, step);
}

/**
 * Moves of self-played games for a floor to write (double-9, 4 seats: their events, snapshot sizes,
 * turn changes), a snapshot on every `snapshotEvery`-th version as the app writes them.
 */
export function floorSteps(snapshotEvery: number): FloorStep[] {
  const steps: FloorStep[] = [];
  let before: GameState | null = null;
  const awaited = (s: GameState | null) =>
    s?.status === 'playing' && s.hand.turn !== null ? (s.players[s.hand.turn]?.id ?? null) : null;
  for (let seed = 1; steps.length < 3_000; seed++) {
    selfPlay({
      seats: 4,
      random: seededRandom(seed),
      onStep: ({ events, state }) => {
        const version = steps.length + 1;
        const [from, to] = [awaited(before), awaited(state)];
        steps.push({
          events,
          // The app's snapshots of such games are ~0.4 KB (bench:store writes the real ones).
          snapshot: version % snapshotEvery === 0 ? new Uint8Array(400) : null,
          turn: from === to ? null : { from, to },
          head: { version, status: state.status, turn: to, seats: state.players, totals: state.totals },
          by: from ?? 'p_0000000000000000000000',
        });
        before = state;
      },
    });
  }
  return steps;
}
