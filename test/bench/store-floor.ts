/**
 * The least a move can cost on dynalite, for `npm run bench:server`: through the real SDK to the
 * embedded dynalite in this process (no HTTP, no signing, its data on disk), and nothing else (no
 * server, no read, no app), one of two ways:
 *   one   one conditional PutItem of a commit (a self-played step's events, as floor-server.ts writes)
 *         a move: the least any durable move writes;
 *   move  the writes a move makes (store/turns.ts): the commit and, at the same time, the two players'
 *         turn entries, each guarded by its version: what the AWS cost target (3 write units) keeps.
 * A server that writes that much a move cannot beat these figures on this machine, so a target they
 * miss is out of reach on dynalite.
 * Its writes are synced as the server's are (the same embedded DynamoDB and DURABILITY setting).
 *   argv: `cold` (print `ready` after the first write and exit: a cold start), `one` or `move`
 *   DATA_DIR (required), DURABILITY (synced; relaxed), BENCH_SERVER_QUICK=1 (a tiny run, to see it runs)
 * A run prints `ready`, then one JSON line: `StoreFloor`.
 */
import { PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { selfPlay, seededRandom } from '@chickenfoot/rules';
import { parseDurability, probeLevelWrites, startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { join } from 'node:path';

/** What a run of this script measured. */
export interface StoreFloor {
  p50Ms: number;
  p99Ms: number;
  /** Moves a second with 50 streams moving at once. */
  perSec: number;
  /** This process's CPU (user + system) per move, over the 50-stream run. */
  cpuMsPerMove: number;
  /** Resident set size after the 50-stream run, in MB. */
  rssMb: number;
  /** LevelDB writes a move asked to be synced (each a flush, shared by writes in flight together), and not. */
  syncedWritesPerMove: number;
  unsyncedWritesPerMove: number;
}

const TABLE = 'store-floor';
const CONCURRENT = 50;
const QUICK = process.env.BENCH_SERVER_QUICK === '1';
const SECONDS = QUICK ? 0.5 : 4;
const WARM_UP = QUICK ? 20 : 500;
const SAMPLES = QUICK ? 50 : 1_000;

const levelWrites = probeLevelWrites();
const dynamo = await startEmbeddedDynamo({
  tableName: TABLE,
  dataDir: join(process.env.DATA_DIR ?? '', 'dynamo'),
  durability: parseDurability(process.env.DURABILITY),
});
const events: string[] = [];
for (let seed = 1; events.length < 2_000; seed++) {
  selfPlay({ seats: 4, random: seededRandom(seed), onStep: (step) => void events.push(JSON.stringify(step.events)) });
}
const versions = new Map<string, number>();
let written = 0;
const put = (item: Record<string, AttributeValue>) =>
  dynamo.client.send(
    new PutItemCommand({
      TableName: TABLE,
      Item: item,
      ConditionExpression: 'attribute_not_exists(v) OR v < :v',
      ExpressionAttributeValues: { ':v': item.v! },
    }),
  );
const entry = (stream: string, player: number, version: number) =>
  put({ pk: { S: `turns#${stream}-${player}` }, sk: { N: '1' }, v: { N: String(version) }, w: { BOOL: true } });
const writesOfMove = process.argv[2] === 'move';
const write = async (stream: string) => {
  const version = (versions.get(stream) ?? Date.now() * 1000) + 1;
  versions.set(stream, version);
  const commit = put({
    pk: { S: `floor#${stream}` },
    sk: { N: String(version) },
    v: { N: String(version) },
    ev: { S: events[written++ % events.length]! },
  });
  if (!writesOfMove) return void (await commit);
  await Promise.all([commit, entry(stream, version % 4, version), entry(stream, (version + 3) % 4, version)]);
};

await write('cold');
console.log('ready');
if (process.argv[2] !== 'cold') {
  for (let i = 0; i < WARM_UP; i++) await write(`s${i % CONCURRENT}`);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await write(`s${i % CONCURRENT}`);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const cpu0 = process.cpuUsage();
  const writes0 = { ...levelWrites.counts };
  const t0 = performance.now();
  let writes = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, s) => {
      while (performance.now() - t0 < SECONDS * 1000) {
        await write(`s${s}`);
        writes++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const at = (q: number) => Math.round((samples[Math.floor(q * (samples.length - 1))] ?? 0) * 100) / 100;
  const floor: StoreFloor = {
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    perSec: Math.round(writes / seconds),
    cpuMsPerMove: Math.round(((cpu.user + cpu.system) / 1000 / writes) * 1000) / 1000,
    rssMb: Math.round((process.memoryUsage().rss / 2 ** 20) * 10) / 10,
    syncedWritesPerMove: Math.round(((levelWrites.counts.synced - writes0.synced) / writes) * 100) / 100,
    unsyncedWritesPerMove: Math.round(((levelWrites.counts.unsynced - writes0.unsynced) / writes) * 100) / 100,
  };
  console.log(JSON.stringify(floor));
}
await dynamo.stop();
