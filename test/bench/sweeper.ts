/**
 * `npm run bench:sweeper`: what the one sweeper of due work costs, on the embedded store, in one run.
 *   (a) at rest: a sweep when nothing is due (the 16 shard Queries every minute costs at rest);
 *   (b) due work: a sweep with DUE turns past their deadline, each timed out (the seat's bot's move,
 *       recorded as a timeout, and the next player's deadline written): time, requests and capacity
 *       units, in all and per timeout.
 * Both on a table of DUE clocked games (all due), the baseline, and on one of GAMES clocked games of
 * which the same DUE are due (the rest due tomorrow): a sweep reads only what is due, so the figures
 * per timeout must stay flat as the games grow (the ratios). The due games are real (created and
 * joined through the game service); the others are games awaiting a player whose deadline is
 * tomorrow, written with the store's append (a commit and a turn entry each), as the index sees them.
 *   BENCH_SWEEPER_GAMES (10000), BENCH_SWEEPER_DUE (1000)
 * The last line printed is one JSON object with the figures.
 */
import { randomUUID } from 'node:crypto';
import { appSweeper, createGameService, silentLogger, type SweepReport } from '@chickenfoot/app';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { CostMeter, createDynamoClient, openStore, type CostReport } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { TABLE } from '@chickenfoot/store/table';
import { awsMeter, type AwsCost } from './aws-meter';

const GAMES = Number(process.env.BENCH_SWEEPER_GAMES ?? 10_000);
const DUE = Number(process.env.BENCH_SWEEPER_DUE ?? 1_000);
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;
const AT_ONCE = 16;
// us-east-1 on demand (as the README's figures): $0.125 per million read and $0.625 per million write request units.
const PRICE = { read: 0.125e-6, write: 0.625e-6 };
const SWEEPS_PER_MONTH = 60 * 24 * 30;
// dynalite reports no units for a Query that finds nothing; DynamoDB bills such an (eventually
// consistent) Query half a read unit, the least a read costs.
const EMPTY_QUERY_UNITS = 0.5;

async function eachLimited<T>(count: number, fn: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

interface Measured {
  readonly report: SweepReport;
  readonly cost: CostReport;
  readonly ms: number;
}

/** The same sweeps weighed on AWS terms (aws-units.ts: table and index units, empty Queries billed). */
interface OnAws {
  readonly rest: AwsCost;
  readonly work: AwsCost;
  readonly timeouts: number;
}

/**
 * One table with `games` clocked games, the first `due` of them due at T0 + 1 h; returns its two
 * sweeps, timed. With `aws`, two more sweeps weighed on AWS terms (slower: every write is bracketed
 * by reads): one at rest, and the one at T0 + 2 h that times out the players whose turns the first
 * timeouts began.
 */
async function scenario(
  games: number,
  due: number,
  aws = false,
): Promise<{ rest: Measured; work: Measured; setupMs: number; aws: OnAws | null }> {
  const tableName = `bench-sweeper-${randomUUID()}`;
  const dynamo = await startEmbeddedDynamo({ tableName });
  const weigh = aws ? awsMeter(dynamo.client, createDynamoClient({ endpoint: dynamo.endpoint }), TABLE) : null;
  try {
    const meter = new CostMeter();
    const store = openStore({ client: dynamo.client, tableName: dynamo.tableName, meter });
    const clock = { now: T0 };
    const setup = performance.now();
    const games$ = createGameService({
      store,
      clock: () => clock.now,
      shuffle: fisherYates(seededRandom(1)),
      logger: silentLogger,
    });
    const rules = { set: 6 as const, turnHours: 1 };
    await eachLimited(due, async (i) => {
      const [ann, bob] = [
        { id: `p_a${i}`, name: 'Ann' },
        { id: `p_b${i}`, name: 'Bob' },
      ];
      const gameId = `g_due_${i}`;
      await games$.execute(
        gameId,
        { kind: 'player', playerId: ann.id },
        { type: 'create', seats: 2, rules, player: ann },
        {
          expectedVersion: 0,
          key: `create-${i}`,
        },
      );
      await games$.execute(
        gameId,
        { kind: 'player', playerId: bob.id },
        { type: 'join', player: bob },
        {
          expectedVersion: null,
          key: `join-${i}`,
        },
      );
    });
    // The others: awaiting a player whose turn times out tomorrow.
    const tomorrow = new Date(T0 + 24 * HOUR).toISOString();
    await eachLimited(games - due, async (i) => {
      const playerId = `p_later${i}`;
      const head = {
        version: 1,
        status: 'playing',
        turn: playerId,
        seats: [{ playerId, name: 'Later' }],
        updatedAt: new Date(T0).toISOString(),
      };
      await store.streams.append(`g_later_${i}`, 0, [{ type: 'Filler' }], {
        at: new Date(T0),
        turn: { from: null, to: playerId, head, due: { at: tomorrow, kind: 'timeout' } },
      });
    });
    const setupMs = performance.now() - setup;
    // One sweep does all the due work however long it takes here (a Lambda's stops reading at 40 s).
    const sweeper = appSweeper({
      store,
      clock: () => clock.now,
      shuffle: fisherYates(seededRandom(2)),
      logger: silentLogger,
      sweep: { budgetMs: 600_000 },
    });
    const measure = async (now: number): Promise<Measured> => {
      clock.now = now;
      meter.reset();
      const start = performance.now();
      const report = await sweeper.sweep(now);
      return { report, cost: meter.snapshot(), ms: performance.now() - start };
    };
    // Warm the process (and dynalite) on one rest sweep first, then measure.
    await measure(T0 + HOUR / 2);
    const rest = await measure(T0 + HOUR / 2);
    const work = await measure(T0 + HOUR);
    if (rest.report.due !== 0) throw new Error(`something due at rest: ${JSON.stringify(rest.report)}`);
    if ((work.report.effects.applied ?? 0) !== due)
      throw new Error(`${due} due, ${work.report.effects.applied ?? 0} applied: ${JSON.stringify(work.report)}`);
    let onAws: OnAws | null = null;
    if (weigh) {
      const weighed = async (now: number) => {
        weigh.reset();
        weigh.on = true;
        const report = await sweeper.sweep(now);
        weigh.on = false;
        return { report, cost: weigh.cost };
      };
      const quiet = await weighed(T0 + 1.5 * HOUR);
      const next = await weighed(T0 + 2 * HOUR);
      if (!next.report.complete) throw new Error(`the weighed sweep was cut short: ${JSON.stringify(next.report)}`);
      onAws = { rest: quiet.cost, work: next.cost, timeouts: next.report.effects.applied ?? 0 };
    }
    return { rest, work, setupMs, aws: onAws };
  } finally {
    await dynamo.stop();
  }
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const dollars = (c: CostReport) => c.readUnits * PRICE.read + c.writeUnits * PRICE.write;

function figures(m: { rest: Measured; work: Measured }, due: number) {
  const { rest, work } = m;
  const restUnits = Math.max(rest.cost.readUnits, EMPTY_QUERY_UNITS * (rest.cost.byOperation.Query?.requests ?? 0));
  return {
    rest: {
      requests: rest.cost.requests,
      readUnits: round(rest.cost.readUnits),
      awsReadUnits: restUnits,
      writeUnits: round(rest.cost.writeUnits),
      ms: round(rest.ms, 1),
      perMonth: {
        requests: rest.cost.requests * SWEEPS_PER_MONTH,
        readUnits: round(restUnits * SWEEPS_PER_MONTH, 0),
        dynamoDollars: round(restUnits * PRICE.read * SWEEPS_PER_MONTH, 4),
      },
    },
    work: {
      timeouts: due,
      ms: round(work.ms, 0),
      timeoutsPerSecond: round((due / work.ms) * 1000, 0),
      requests: work.cost.requests,
      byOperation: Object.fromEntries(Object.entries(work.cost.byOperation).map(([op, c]) => [op, c.requests])),
      perTimeout: {
        requests: round(work.cost.requests / due),
        readUnits: round(work.cost.readUnits / due),
        writeUnits: round(work.cost.writeUnits / due),
        ms: round(work.ms / due, 2),
        dynamoDollars: dollars(work.cost) / due,
      },
    },
  };
}

const small = await scenario(DUE, DUE, true);
const large = await scenario(GAMES, DUE);
const a = figures(small, DUE);
const b = figures(large, DUE);
const ratio = (x: number, y: number) => round(x / y);
for (const [name, f, s] of [
  [`${DUE} games, all due`, a, small.setupMs],
  [`${GAMES} games, ${DUE} due`, b, large.setupMs],
] as const) {
  console.log(`${name} (set up in ${round(s / 1000, 1)} s):`);
  console.log(
    `  at rest: ${f.rest.requests} requests (${f.rest.readUnits} read units reported, ${f.rest.awsReadUnits} as DynamoDB bills empty Queries), ${f.rest.ms} ms a sweep; a month of sweeps, one a minute: ${f.rest.perMonth.requests.toLocaleString('en-US')} requests, ${f.rest.perMonth.readUnits.toLocaleString('en-US')} read units, $${f.rest.perMonth.dynamoDollars} on demand`,
  );
  console.log(
    `  ${f.work.timeouts} timeouts in one sweep: ${f.work.ms} ms (${f.work.timeoutsPerSecond}/s), ${f.work.requests} requests ${JSON.stringify(f.work.byOperation)}`,
  );
  console.log(
    `  per timeout: ${f.work.perTimeout.requests} requests, ${f.work.perTimeout.readUnits} read + ${f.work.perTimeout.writeUnits} write units ($${f.work.perTimeout.dynamoDollars.toExponential(2)} on demand), ${f.work.perTimeout.ms} ms of the sweep`,
  );
}
const ratios = {
  restRequests: ratio(b.rest.requests, a.rest.requests),
  requestsPerTimeout: ratio(b.work.perTimeout.requests, a.work.perTimeout.requests),
  unitsPerTimeout: ratio(
    b.work.perTimeout.readUnits + b.work.perTimeout.writeUnits,
    a.work.perTimeout.readUnits + a.work.perTimeout.writeUnits,
  ),
  msPerTimeout: ratio(b.work.perTimeout.ms, a.work.perTimeout.ms),
};
const aws = small.aws!;
const onAws = {
  rest: { requests: aws.rest.requests, readUnits: aws.rest.readUnits, writeUnits: aws.rest.writeUnits },
  perTimeout: {
    timeouts: aws.timeouts,
    requests: round(aws.work.requests / aws.timeouts),
    readUnits: round(aws.work.readUnits / aws.timeouts),
    writeUnits: round(aws.work.writeUnits / aws.timeouts),
    tableWriteUnits: round(aws.work.tableWriteUnits / aws.timeouts),
    indexWriteUnits: Object.fromEntries(
      Object.entries(aws.work.indexWriteUnits).map(([index, u]) => [index, round(u / aws.timeouts)]),
    ),
    dynamoDollars: (aws.work.readUnits * PRICE.read + aws.work.writeUnits * PRICE.write) / aws.timeouts,
  },
};
console.log(
  `on AWS terms (${DUE} games, aws-units.ts): a sweep at rest ${onAws.rest.requests} requests, ${onAws.rest.readUnits} read units ` +
    `($${round(onAws.rest.readUnits * PRICE.read * SWEEPS_PER_MONTH, 4)} a month); per timeout (${aws.timeouts}) ${onAws.perTimeout.requests} requests, ` +
    `${onAws.perTimeout.readUnits} read + ${onAws.perTimeout.writeUnits} write units (table ${onAws.perTimeout.tableWriteUnits}, indexes ${JSON.stringify(onAws.perTimeout.indexWriteUnits)}), ` +
    `$${onAws.perTimeout.dynamoDollars.toExponential(2)} on demand`,
);
console.log(
  `${GAMES} vs ${DUE} games: at rest ${ratios.restRequests}x the requests; per timeout ${ratios.requestsPerTimeout}x the requests, ${ratios.unitsPerTimeout}x the units, ${ratios.msPerTimeout}x the time`,
);
console.log(JSON.stringify({ games: GAMES, due: DUE, baseline: a, large: b, onAws, ratios }));
