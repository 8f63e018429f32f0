/**
 * `npm run bench:lobby`: the lobby list (GET /v1/lobby, a page of 20 newest first) and quick match
 * (POST /v1/lobby/quick-match: the oldest open game with given rules, joined) with 100 waiting open
 * games, then with 100,000, on one in-process dynalite, in one run.
 *   The first 100 are real games, created through the app (open, 3 seats, double-9). The other 99,900
 *   are written fast with BatchWriteItem: each is the two lobby index items `writeLobby` writes for a
 *   waiting open game (one in the partition of every open game, one in its rules' partition), copied
 *   from a real one with its id and time changed; no game stream stands behind them. They are newer
 *   than the real games and have the same rules, so both queries read the same partitions, now 1,000
 *   times larger: the list's newest page is all copies; quick match (oldest first) still finds the
 *   real games, which it must join for real.
 *   Each call goes through app.request (no HTTP); quick matches are made by fresh players, two per
 *   game (seat 2 then seat 3 fills it). Requests per call: DynamoDB requests counted by a CostMeter.
 * Last line: one JSON object, with the ratios of p50 at 100,000 to p50 at 100.
 */
import { BatchWriteItemCommand, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createApp } from '@chickenfoot/api';
import { silentLogger } from '@chickenfoot/app';
import { CostMeter, openStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { timed } from './timing';

const REAL = 100;
const TOTAL = 100_000;
const LIST_CALLS = 200;
const MATCH_CALLS = 30;
const RULES = { set: 9 };

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), samples: ms.length };
}

const dynamo = await startEmbeddedDynamo({ tableName: 'bench-lobby' });
const meter = new CostMeter();
const store = openStore({ client: dynamo.client, tableName: dynamo.tableName, meter });
let now = Date.UTC(2026, 11, 1, 8);
const app = createApp({
  store,
  secret: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  logger: silentLogger,
  clock: () => now,
  limits: { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } },
});
let keys = 0;
async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await app.request(`http://bench${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'idempotency-key': `bench-${++keys}-${randomBytes(6).toString('hex')}`,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const register = async (name: string) => (await call('POST', '/v1/players', undefined, { name })).token as string;

const host = await register('Host');
const realIds: string[] = [];
for (let i = 0; i < REAL; i++) {
  now += 1000;
  realIds.push((await call('POST', '/v1/games', host, { seats: 3, rules: RULES, open: true })).game.id);
}
const viewer = await register('Viewer');

/** The list and quick match, measured now; requests per call from the meter. */
async function measure(label: string) {
  meter.reset();
  const list = await timed(LIST_CALLS, () => call('GET', '/v1/lobby?limit=20', viewer));
  const listRequests = meter.snapshot().requests / LIST_CALLS;
  const players = await Promise.all(Array.from({ length: MATCH_CALLS }, (_, i) => register(`${label} ${i}`)));
  meter.reset();
  let joined = 0;
  const match = await timed(MATCH_CALLS, async () => {
    const reply = await call('POST', '/v1/lobby/quick-match', players[joined++], { seats: 3, rules: RULES });
    if (reply.created) throw new Error('quick match created a game: the real ones ran out');
  });
  const matchRequests = meter.snapshot().requests / MATCH_CALLS;
  const page = await call('GET', '/v1/lobby?limit=20', viewer);
  console.log(
    `${label}: list p50 ${summary(list).p50Ms} ms p99 ${summary(list).p99Ms} ms (${listRequests} DynamoDB requests a call, ${page.games.length} games a page); ` +
      `quick match p50 ${summary(match).p50Ms} ms p99 ${summary(match).p99Ms} ms (${round(matchRequests, 1)} requests a call)`,
  );
  return {
    list: { ...summary(list), requestsPerCall: listRequests },
    quickMatch: { ...summary(match), requestsPerCall: round(matchRequests, 1) },
  };
}

const small = await measure(`${REAL} waiting games`);

// The copies: the lobby items of the newest real game, each under a new id and a later time.
const template = realIds.at(-1) as string;
const itemAt = async (sk: number) =>
  (
    await dynamo.client.send(
      new GetItemCommand({
        TableName: dynamo.tableName,
        Key: { pk: { S: `game#${template}` }, sk: { N: String(sk) } },
      }),
    )
  ).Item as Record<string, AttributeValue>;
const templates = [await itemAt(-1000), await itemAt(-1001)];
const shownOf = (hd: AttributeValue) =>
  JSON.parse(hd.S ?? brotliDecompressSync(hd.B as Uint8Array).toString('utf8')) as Record<string, unknown>;
const started = performance.now();
let written = 0;
const batches: Record<string, AttributeValue>[][] = [];
for (let i = 0; i < TOTAL - REAL; i++) {
  const id = `g_${randomBytes(16).toString('base64url')}`;
  const at = new Date(now + 60_000 + i * 10).toISOString();
  for (const item of templates) {
    const hd = { S: JSON.stringify({ ...shownOf(item.hd as AttributeValue), gameId: id }) };
    const lsk = { S: `${at}#${id}` };
    batches.push([{ ...item, pk: { S: `game#${id}` }, hd, ca: { S: at }, lsk }]);
  }
}
const flat = batches.flat();
const chunks: Record<string, AttributeValue>[][] = [];
for (let i = 0; i < flat.length; i += 25) chunks.push(flat.slice(i, i + 25));
// A few batches in flight; anything dynalite leaves unprocessed is sent again.
await Promise.all(
  Array.from({ length: 8 }, async (_, lane) => {
    for (let c = lane; c < chunks.length; c += 8) {
      let items = chunks[c] as Record<string, AttributeValue>[];
      while (items.length > 0) {
        const out = await dynamo.client.send(
          new BatchWriteItemCommand({
            RequestItems: { [dynamo.tableName]: items.map((Item) => ({ PutRequest: { Item } })) },
          }),
        );
        written += items.length - (out.UnprocessedItems?.[dynamo.tableName]?.length ?? 0);
        items = (out.UnprocessedItems?.[dynamo.tableName] ?? []).map(
          (r) => r.PutRequest?.Item as Record<string, AttributeValue>,
        );
      }
    }
  }),
);
now += 60_000 + TOTAL * 10;
const seconds = (performance.now() - started) / 1000;
console.log(
  `wrote ${written.toLocaleString('en-US')} lobby items (${(TOTAL - REAL).toLocaleString('en-US')} waiting games) in ${seconds.toFixed(1)} s`,
);

const large = await measure(`${TOTAL.toLocaleString('en-US')} waiting games`);
await dynamo.stop();
console.log(
  JSON.stringify({
    waiting: { small: REAL, large: TOTAL },
    small,
    large,
    ratio: {
      listP50: round(large.list.p50Ms / small.list.p50Ms),
      quickMatchP50: round(large.quickMatch.p50Ms / small.quickMatch.p50Ms),
    },
    copiesWrittenSeconds: round(seconds, 1),
  }),
);
