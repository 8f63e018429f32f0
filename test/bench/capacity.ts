/**
 * `npm run bench:capacity`: the README's "Scaling" table, recomputed from what the benches measured
 * (.tmp/bench/api.json and lambda.json: run `npm run bench:api` and `npm run bench:lambda` first)
 * and the assumptions below, which are stated, not measured. For 10,000, 100,000 and 1,000,000
 * active games, at the usual rate and in a burst hour: requests/s, DynamoDB units, the hottest
 * partition and index key, Lambda concurrency, API Gateway's throttles, the cost per month, and the
 * first limit each size meets with what to change then.
 * Prints the table as Markdown, then one JSON object (also in .tmp/bench/capacity.json).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { report, round } from './stats';

/** What the model assumes. Prices: us-east-1 list prices, on demand, arm64. */
export const ASSUMPTIONS = {
  seatsPerGame: 4,
  /** A move per player per hour: a game moves `seatsPerGame` times an hour. */
  movesPerPlayerPerHour: 1,
  burstFactor: 10,
  /** Per move: the mover's "my turn" list, the GET of the game, the POST of the move. */
  requestsPerMove: { list: 1, view: 1, move: 1 },
  /** A list reads one player's turn partition (a few small entries): one strongly consistent read unit. */
  listReadUnits: 1,
  /** Every game has a turn clock (the turn-clocks work): the awaited player's turn entry carries its deadline, so a
   * move puts one entry into the due index and takes one out (2 index write units), on one of its shards. */
  clockedShare: 1,
  dueShards: 16,
  dueIndexUnitsPerMove: 2,
  /** DynamoDB: one partition (of a table or of a GSI key) takes 1,000 write units and 3,000 read units a second. */
  partitionWriteUnits: 1000,
  partitionReadUnits: 3000,
  /** A power player seated in this many games at once, each passing them the turn every round. */
  busiestPlayerGames: 200,
  /** Lambda: the account's default concurrency, and the memory the stack deploys. */
  lambdaConcurrency: 1000,
  lambdaMemoryMb: 1024,
  /** API Gateway HTTP API: the stack's default route throttle, and the account's default per region. */
  stackThrottle: { rate: 50, burst: 100 },
  accountThrottle: { rate: 10_000, burst: 5_000 },
  /** Prices. */
  usd: {
    apiPerMillion: 1.0,
    lambdaPerMillion: 0.2,
    lambdaPerGbSecond: 0.0000133334,
    writeUnitPerMillion: 0.625,
    readUnitPerMillion: 0.125,
    storagePerGbMonth: 0.25,
    pitrPerGbMonth: 0.2,
    logsPerGb: 0.5,
  },
  /** An API Gateway access log line (JSON, ~15 fields) per request; the app's own lines are sampled (1 in 100). */
  accessLogBytes: 450,
  /** What a game keeps: its commits (~0.3 KB, a snapshot every 4th) and turn entries. Measured games run ~430 moves. */
  bytesPerMove: 320,
  movesPerGame: 430,
  hoursPerMonth: 730,
  sizes: [10_000, 100_000, 1_000_000],
} as const;

interface Measured {
  post: { readUnits: number; writeUnits: number; indexWriteUnits: number };
  get: { readUnits: number };
  billedMs: { post: number; get: number };
  source: string;
}

const RESULTS = fileURLToPath(new URL('../../.tmp/bench/', import.meta.url));

function measured(): Measured {
  const read = (name: string) => {
    try {
      return JSON.parse(readFileSync(`${RESULTS}${name}.json`, 'utf8'));
    } catch {
      throw new Error(`no .tmp/bench/${name}.json: run \`npm run bench:${name}\` first`);
    }
  };
  const api = read('api');
  const lambda = read('lambda');
  const size = lambda.billed.model.sizes.find((s: { memoryMb: number }) => s.memoryMb === ASSUMPTIONS.lambdaMemoryMb);
  return {
    post: api.costPerMove.wholeGame,
    get: api.costPerMove.get,
    billedMs: { post: size.postBilledMs, get: size.getBilledMs },
    source: `bench:api of ${api.at}, bench:lambda of ${lambda.at}`,
  };
}

/** The figures of one size at one rate. */
function at(games: number, factor: number, m: Measured) {
  const a = ASSUMPTIONS;
  const movesPerSec = (games * a.seatsPerGame * a.movesPerPlayerPerHour * factor) / 3600;
  const r = a.requestsPerMove;
  const requestsPerSec = movesPerSec * (r.list + r.view + r.move);
  const dueUnits = a.clockedShare * a.dueIndexUnitsPerMove;
  const writeUnitsPerSec = movesPerSec * (m.post.writeUnits + dueUnits);
  const readUnitsPerSec = movesPerSec * (m.post.readUnits + m.get.readUnits * r.view + a.listReadUnits * r.list);
  const billedMsPerMove = m.billedMs.post * r.move + m.billedMs.get * (r.view + r.list);
  const concurrency = (movesPerSec * billedMsPerMove) / 1000;
  // Hottest keys: one due shard takes a move's index writes for every 16th game; a busy player's turn
  // partition takes two entry writes a round in each of their games; one game's partition a commit a move.
  const dueShard = (movesPerSec * dueUnits) / a.dueShards;
  const playerPartition = (a.busiestPlayerGames * 2 * a.movesPerPlayerPerHour * factor) / 3600;
  const gamePartition = (a.seatsPerGame * a.movesPerPlayerPerHour * factor) / 3600;
  return {
    movesPerSec,
    requestsPerSec,
    writeUnitsPerSec,
    readUnitsPerSec,
    concurrency,
    dueShard,
    playerPartition,
    gamePartition,
  };
}

/** Cost of a month at the usual rate. */
function monthly(games: number, m: Measured) {
  const a = ASSUMPTIONS;
  const u = a.usd;
  const f = at(games, 1, m);
  const seconds = a.hoursPerMonth * 3600;
  const requests = f.requestsPerSec * seconds;
  const moves = f.movesPerSec * seconds;
  const gbSeconds = (moves * ((m.billedMs.post + m.billedMs.get * 2) / 1000) * a.lambdaMemoryMb) / 1024;
  const storedGb = (moves * a.bytesPerMove) / 1e9;
  const usd = {
    apiGateway: (requests / 1e6) * u.apiPerMillion,
    lambda: (requests / 1e6) * u.lambdaPerMillion + gbSeconds * u.lambdaPerGbSecond,
    dynamoWrites: ((f.writeUnitsPerSec * seconds) / 1e6) * u.writeUnitPerMillion,
    dynamoReads: ((f.readUnitsPerSec * seconds) / 1e6) * u.readUnitPerMillion,
    // What a month adds (history is kept); it accumulates month after month.
    storageAdded: storedGb * (u.storagePerGbMonth + u.pitrPerGbMonth),
    accessLogs: ((requests * a.accessLogBytes) / 1e9) * u.logsPerGb,
  };
  const total = Object.values(usd).reduce((s, x) => s + x, 0);
  const rounded = { ...usd };
  for (const key of Object.keys(rounded) as (keyof typeof usd)[]) rounded[key] = round(usd[key], 0);
  return {
    ...rounded,
    total: round(total, 0),
    perMillionMoves: round((total / moves) * 1e6, 2),
    storedGbAdded: round(storedGb, 1),
  };
}

/**
 * The limits a size meets, in the order it meets them (the usual rate first, then its burst hour),
 * each with what to change then. The stack's own API throttle is a deploy option, so it comes with
 * the setting that clears it.
 */
function limitsMet(games: number, m: Measured): string[] {
  const a = ASSUMPTIONS;
  const met: string[] = [];
  for (const [label, factor] of [
    ['usual rate', 1],
    ['burst hour', a.burstFactor],
  ] as const) {
    const f = at(games, factor, m);
    const peak = at(games, a.burstFactor, m).requestsPerSec;
    const seen = (text: string) =>
      met.some((x) => x.startsWith(text.split(':')[0]!)) ? null : met.push(`${text} (${label})`);
    if (f.requestsPerSec > a.stackThrottle.rate)
      seen(
        `the stack's API throttle, ${a.stackThrottle.rate} req/s: deploy with -c throttleRate=${Math.ceil(peak * 1.2)} -c throttleBurst=${Math.ceil(peak * 0.6)}`,
      );
    if (f.dueShard > a.partitionWriteUnits * 0.8)
      seen(
        `a due-index shard at ${n0(f.dueShard)} of 1,000 WCU/s: DUE_SHARDS ${a.dueShards} -> ${2 ** Math.ceil(Math.log2((a.dueShards * f.dueShard) / (a.partitionWriteUnits * 0.5)))}`,
      );
    if (f.requestsPerSec > a.accountThrottle.rate)
      seen(
        `API Gateway's account throttle, ${n0(a.accountThrottle.rate)} req/s: a quota increase, or fewer requests a move (the POST's reply already carries the view)`,
      );
    if (f.concurrency > a.lambdaConcurrency * 0.8)
      seen(`Lambda's account concurrency, ${n0(a.lambdaConcurrency)}: a quota increase`);
  }
  return met.length > 0 ? met : ['none'];
}

const n0 = (x: number) => round(x, 0).toLocaleString('en-US');

function main(): void {
  const m = measured();
  const a = ASSUMPTIONS;
  const rows = a.sizes.map((games) => {
    const usual = at(games, 1, m);
    const burst = at(games, a.burstFactor, m);
    return { games, usual, burst, month: monthly(games, m), limits: limitsMet(games, m) };
  });
  const n = (x: number, d = 0) => round(x, d).toLocaleString('en-US');
  const pair = (u: number, b: number, d = 0) => `${n(u, d)} / ${n(b, d)}`;
  const lines = [
    `| active games | ${rows.map((r) => n(r.games)).join(' | ')} |`,
    `| --- | ${rows.map(() => '---').join(' | ')} |`,
    `| moves/s (usual / burst hour) | ${rows.map((r) => pair(r.usual.movesPerSec, r.burst.movesPerSec, 1)).join(' | ')} |`,
    `| API requests/s | ${rows.map((r) => pair(r.usual.requestsPerSec, r.burst.requestsPerSec)).join(' | ')} |`,
    `| DynamoDB write units/s | ${rows.map((r) => pair(r.usual.writeUnitsPerSec, r.burst.writeUnitsPerSec)).join(' | ')} |`,
    `| DynamoDB read units/s | ${rows.map((r) => pair(r.usual.readUnitsPerSec, r.burst.readUnitsPerSec)).join(' | ')} |`,
    `| hottest due-index shard, WCU/s (of 1,000) | ${rows.map((r) => pair(r.usual.dueShard, r.burst.dueShard, 1)).join(' | ')} |`,
    `| a ${a.busiestPlayerGames}-game player's turn partition, WCU/s | ${rows.map((r) => pair(r.usual.playerPartition, r.burst.playerPartition, 2)).join(' | ')} |`,
    `| Lambda concurrency (of ${n(a.lambdaConcurrency)}) | ${rows.map((r) => pair(r.usual.concurrency, r.burst.concurrency, 1)).join(' | ')} |`,
    `| cost per month at the usual rate | ${rows.map((r) => `$${n(r.month.total)}`).join(' | ')} |`,
    `| of which API Gateway / Lambda / DynamoDB / logs / storage added | ${rows.map((r) => `${n(r.month.apiGateway)} / ${n(r.month.lambda)} / ${n(r.month.dynamoWrites + r.month.dynamoReads)} / ${n(r.month.accessLogs)} / ${n(r.month.storageAdded)}`).join(' | ')} |`,
    `| limits met, first first, and what to change | ${rows.map((r) => r.limits.map((l, i) => `${i + 1}. ${l}`).join('<br>')).join(' | ')} |`,
  ];
  console.log(
    `From ${m.source}: a move's POST ${m.post.writeUnits} WCU + ${m.post.readUnits} RCU, its GET ${m.get.readUnits} RCU; billed ${m.billedMs.post} ms + ${m.billedMs.get} ms at ${a.lambdaMemoryMb} MB`,
  );
  console.log(lines.join('\n'));
  report('capacity', { measured: m, assumptions: a, rows });
}

main();
