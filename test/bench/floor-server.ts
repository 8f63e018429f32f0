/**
 * The floors of `npm run bench:server`: the least a server can do for a move over HTTP, on the same
 * embedded dynalite with its data on disk. node:http and the raw SDK client, nothing else; each
 * answers with a 2 KB JSON body (a move's reply is about that).
 *   POST /floor/<game>   the floor the issues judge by: reads the game's newest 4 items (a strongly
 *                        consistent Query, as an uncached move's load does), then writes the next
 *                        commit conditionally (its events from a self-played double-9 game, a
 *                        400-byte snapshot on every 4th) and two turn entries, unguarded, at once.
 *   POST /writes/<game>  the DynamoDB work `npm start`'s server really does for a move: no read (it
 *                        serves a move from its cache of the game, so this floor knows each game's
 *                        version), and the store's three writes item for item (floor-work.ts: the
 *                        commit, and the two entries each guarded by its version, a put and an
 *                        update). dynalite parses every condition and update expression, so this
 *                        floor costs less CPU than /floor/ without the Query, and is the stricter one.
 * It answers `usage` over IPC like the server it is the floor of. Its writes are synced exactly as the
 * server's are (the same embedded DynamoDB, the same DURABILITY setting), so the ratios compare like
 * with like.
 *   DATA_DIR (required), DURABILITY (synced; relaxed)
 */ import { PutItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { SNAPSHOT_EVERY } from '@chickenfoot/app';
import { selfPlay, seededRandom, type GameEvent } from '@chickenfoot/rules';
import { parseDurability, probeLevelWrites, startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { floorSteps, floorWrite, type Floor } from './floor-work';
import { answerUsage } from './usage';

const TABLE = 'chickenfoot';
const steps: (readonly GameEvent[])[] = [];
for (let seed = 1; steps.length < 2_000; seed++)
  selfPlay({ seats: 4, random: seededRandom(seed), onStep: ({ events }) => steps.push(events) });
const snapshot = randomBytes(400);
const head = JSON.stringify({ seats: Array.from({ length: 4 }, (_, i) => ({ playerId: `p_${'x'.repeat(22)}${i}` })) });
const reply = JSON.stringify({ game: 'y'.repeat(2_000) });
const text = (n: number) => randomBytes(n).toString('base64url').slice(0, n);

const levelWrites = probeLevelWrites();
const dynamo = await startEmbeddedDynamo({
  tableName: TABLE,
  dataDir: join(process.env.DATA_DIR ?? '', 'dynamo'),
  durability: parseDurability(process.env.DURABILITY),
});
const client = dynamo.client;
let next = 0;
const floor: Floor = { client, tableName: TABLE, loadCount: SNAPSHOT_EVERY };
const writeSteps = floorSteps(SNAPSHOT_EVERY);
const versions = new Map<string, number>();

/** A move's writes alone at the game's next version (one request at a time per game, as each client loop sends). */
async function writes(stream: string): Promise<void> {
  const version = (versions.get(stream) ?? 0) + 1;
  versions.set(stream, version);
  await floorWrite(floor, stream, version, writeSteps[next++ % writeSteps.length]!);
}

async function move(stream: string): Promise<void> {
  const pk = { S: `floor#${stream}` };
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: 4,
      ConsistentRead: true,
    }),
  );
  const version = Number(Items[0]?.sk?.N ?? 0) + 1;
  const item: Record<string, AttributeValue> = {
    pk,
    sk: { N: String(version) },
    ev: { S: JSON.stringify(steps[next++ % steps.length]) },
    at: { N: String(Date.now()) },
    ik: { S: text(36) },
    ch: { S: text(43) },
    by: { S: text(24) },
    tt: { S: text(24) },
  };
  if (version % 4 === 0) item.sb = { B: snapshot };
  const entry = (player: number) =>
    client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: {
          pk: { S: `turns#${stream}-${player}` },
          sk: { N: '1' },
          gid: pk,
          v: { N: String(version) },
          w: { BOOL: player === 0 },
          at: { S: new Date().toISOString() },
          hd: { S: head },
        },
      }),
    );
  await Promise.all([
    client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: item,
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
    entry(version % 2),
    entry((version + 1) % 2),
  ]);
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const [, route, stream = 'none'] = (req.url ?? '').split('/');
    (route === 'writes' ? writes(stream) : move(stream)).then(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply);
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  answerUsage(levelWrites.counts);
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => void dynamo.stop().then(() => process.exit(0))));
