// Faults: full games played while the DynamoDB client throttles, times out, and loses the replies of
// requests it carried out. Clients retry 503s (honouring Retry-After, scaled down) with the same
// Idempotency-Key and If-Match. Afterwards, read with a clean client, every game must be finished,
// its log gapless and folding to its newest snapshot, and its projections consistent, rebuilt from
// the log where a client gave up before its retry could repair them.
import { randomUUID } from 'node:crypto';
import { createApp } from '@chickenfoot/api';
import { type LogRecord } from '@chickenfoot/app';
import { TEST_SECRET, TestClient } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { faultScope, injectFaults, type FaultPlan } from './support/faults';
import { playThroughFaults, type PlayedGame } from './support/faulty-play';
import { checkLog } from './support/log';
import { projectionProblems, rebuild } from './support/projections';
import { retryStats, type RetryPolicy } from './support/retrying';
import { figure, scaled, UNLIMITED } from './support/scale';

const GAMES = scaled(8, 80);
/** Games played at once: the SDK's backoff and Retry-After waits of one overlap with the others' work. */
const PARALLEL = 4;
const RULES = { set: 6 };

interface Setting {
  readonly name: string;
  /** The SDK's attempts per request: 3 absorbs most faults, 1 sends every one to the API. */
  readonly maxAttempts: number;
  readonly rates: FaultPlan['rates'];
  readonly seed: number;
}

const SETTINGS: Setting[] = [
  // The SDK backs off 0-1 s from a throttled request: fewer of those keep the suite fast.
  {
    name: 'the SDK retrying (maxAttempts 3)',
    maxAttempts: 3,
    rates: { throttling: 0.01, timeout: 0.01, 'lost-reply': 0.03 },
    seed: 21,
  },
  {
    name: 'every fault reaching the API (maxAttempts 1)',
    maxAttempts: 1,
    rates: { throttling: 0.02, timeout: 0.01, 'lost-reply': 0.02 },
    seed: 31,
  },
];

/** Two app instances on a fresh table whose DynamoDB client injects faults, and a clean store on the same table. */
async function faultyApp(setting: Setting) {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `faults-${randomUUID()}`;
  const clean = createDynamoClient({ endpoint });
  await ensureTable(clean, tableName);
  const client = createDynamoClient({ endpoint, maxAttempts: setting.maxAttempts });
  const faults = injectFaults(client, { rates: setting.rates, rng: seededRandom(setting.seed) });
  const errors: LogRecord[] = [];
  const warnings = new Map<string, string>();
  // Two instances of the app (two Lambda containers, each with its own state cache) take turns
  // with the requests, as they would behind one API: a retry often reaches the other one.
  const apps = [1, 2].map((instance) =>
    createApp({
      store: openStore({ client, tableName }),
      secret: TEST_SECRET,
      shuffle: fisherYates(seededRandom(setting.seed + instance)),
      limits: UNLIMITED,
      logger: (record) => {
        if (record.msg === 'unexpected error') errors.push(record);
        if (record.level === 'warn') warnings.set(String(record.requestId), String(record.error));
      },
    }),
  );
  let requests = 0;
  // A 503 must have a cause: a fault in one of that request's own DynamoDB requests.
  const causeless: string[] = [];
  const api = new TestClient((request) => {
    const scope = { faults: 0 };
    return faultScope.run(scope, async () => {
      const res = await (apps[requests++ % apps.length] as (typeof apps)[number]).request(request);
      if (res.status === 503 && scope.faults === 0) {
        causeless.push(
          `${request.method} ${new URL(request.url).pathname}: ${warnings.get(res.headers.get('x-request-id') ?? '') ?? (await res.clone().text())}`,
        );
      }
      return res;
    });
  });
  return { api, faults, errors, causeless, store: openStore({ client: clean, tableName }) };
}

describe('faults', () => {
  it.each(SETTINGS)(
    'full games with $name: 503 + Retry-After or success, and consistent games afterwards',
    async (setting) => {
      const started = performance.now();
      const { api, faults, errors, causeless, store } = await faultyApp(setting);
      const policy: RetryPolicy = { stats: retryStats(), msPerRetryAfterSecond: 5, maxAttempts: 50 };
      const rng = seededRandom(setting.seed + 3);
      const played: PlayedGame[] = [];
      let next = 0;
      // Every other game's clients sometimes give a move up after a 503, and give up the game's last
      // move, made during an outage of the lists: those games' lists are left for the rebuild to
      // repair. The others always retry, and must need no rebuild at all.
      const worker = async () => {
        for (let index = next++; index < GAMES; index = next++) {
          const options = { seats: 2 + (index % 2), rules: RULES, abandons: index % 2 === 1, abandonRate: 0.5, store };
          played.push(await playThroughFaults(api, policy, rng, options));
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));

      const audit = {
        finished: 0,
        gaps: 0,
        duplicates: 0,
        astray: 0,
        unfolded: 0,
        rebuilt: [] as { game: PlayedGame; problems: string[] }[],
        after: [] as string[],
      };
      for (const game of played) {
        const log = await checkLog(store, game.gameId);
        if (log.state.status === 'finished') audit.finished++;
        audit.gaps += log.gaps;
        audit.duplicates += log.duplicates;
        audit.astray += log.conservationErrors.length;
        if (!log.matchesSnapshot) audit.unfolded++;
        const problems = await projectionProblems(store, game.gameId, log);
        if (problems.length === 0) continue;
        audit.rebuilt.push({ game, problems });
        await rebuild(store, game.gameId);
        audit.after.push(
          ...(await projectionProblems(store, game.gameId, log)).map((p) => `${game.gameId} after rebuild: ${p}`),
        );
      }

      const { byKind } = faults;
      const { stats } = policy;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `faults (${setting.name}, 2 app instances): ${played.length} games completed (${figure(played.reduce((n, g) => n + g.moves, 0))} moves), ` +
          `${figure(faults.requests)} DynamoDB requests, ${figure(byKind.throttling + byKind.timeout + byKind['lost-reply'] + faults.outage)} faults injected ` +
          `(throttling ${byKind.throttling}, timeouts ${byKind.timeout}, lost replies ${byKind['lost-reply']}, list writes in outages ${faults.outage}; ` +
          `${Object.entries(faults.byOperation)
            .map(([operation, n]) => `${operation} ${n}`)
            .join(', ')}) ` +
          `and ${faults.real} real failures, ${stats.unavailable} API 503s, ` +
          `${stats.retries} client retries, ${stats.abandoned} moves abandoned, ${audit.rebuilt.length} games' projections rebuilt, ` +
          `${stats.unexpected.length} unexpected answers, ${audit.gaps} gaps, ${audit.duplicates} duplicates (${seconds} s)`,
      );
      expect(stats.unexpected).toEqual([]);
      expect(errors).toEqual([]);
      expect(causeless).toEqual([]);
      expect(played).toHaveLength(GAMES);
      expect(audit).toMatchObject({ finished: GAMES, gaps: 0, duplicates: 0, astray: 0, unfolded: 0, after: [] });
      // A client that always retries leaves nothing to rebuild: its retry repaired what the fault left.
      // One that gave up the last move left lists that only the rebuild could repair (and did).
      expect(
        audit.rebuilt.filter((r) => !r.game.abandons).map((r) => `${r.game.gameId}: ${r.problems.join('; ')}`),
      ).toEqual([]);
      expect(audit.rebuilt.map((r) => r.game.gameId).sort()).toEqual(
        played
          .filter((g) => g.abandons)
          .map((g) => g.gameId)
          .sort(),
      );
      expect(Object.values(byKind).every((n) => n > 0)).toBe(true);
      if (setting.maxAttempts === 1) expect(stats.unavailable).toBeGreaterThan(0);
    },
    scaled(180_000, 1_800_000),
  );
});
