/**
 * A flood on one game beside another game's timed moves, over real HTTP: the measurement shared by the
 * flood suite (test/security/flood.test.ts, which judges the per-player limit by counts) and its
 * benchmark (test/bench/flood.ts, which judges the other game's latency, on a quiet machine).
 */
import type { TestClient } from '@chickenfoot/api/testing';
import type { Move } from '@chickenfoot/rules';
import { chooser } from './choice';
import { startFlood, type Flood, type FloodStats } from './flood-client';
import { figure } from './scale';

/** Each player reads its view and moves every other move: 2 requests per 2 × PACE_MS, inside its 20/s. */
const PACE_MS = 60;
const RAMP_MS = 1_000;
export const CONCURRENCY = 32;
/** 25 times what the per-player limit lets through (20/s), ten times API Gateway's steady rate for the whole API. */
export const RATE = 500;
/** The README's per-player limit (20 requests/s, bursts of 60): the app's default. */
export const PER_PLAYER = { burst: 60, perSecond: 20 };

export const p = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * q) / 100))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Timed moves in a game of their own: two players taking turns with random legal moves (a new game
 * when one ends), at most one move every PACE_MS so that they stay well inside their own rate limit.
 */
async function timedMoves(api: TestClient) {
  const choose = chooser(11);
  const start = async () => {
    const { gameId, tokens } = await api.startGame(2, { set: 9 });
    return { gameId, tokens, turn: (await api.view(tokens[0] as string, gameId)).body.hand.turn as number | null };
  };
  let game = await start();
  let last = 0;
  return async (): Promise<number> => {
    await sleep(last + PACE_MS - performance.now());
    if (game.turn === null) game = await start();
    const token = game.tokens[game.turn ?? 0] as string;
    const view = await api.view(token, game.gameId);
    last = performance.now();
    const res = await api.move(token, game.gameId, choose(view.body.legalMoves as Move[]), view.body.version);
    const took = performance.now() - last;
    if (res.status !== 200) throw new Error(`move: ${res.status} ${res.text}`);
    game.turn = res.body.game.status === 'playing' ? res.body.game.hand.turn : null;
    return took;
  };
}

/** What the other game's moves took, and what the flood did meanwhile, under one condition. */
export class Condition {
  readonly moves: number[] = [];
  readonly counts: Record<string, number> = {};
  readonly busy: number[] = [];
  sent = 0;
  /** Time spent measuring moves, and time the flood was on (its ramp and drain too). */
  ms = 0;
  onMs = 0;
  /** The most requests the per-player limit lets through in the windows so far. */
  allowance = 0;

  add(before: FloodStats, after: FloodStats, onMs: number): void {
    this.sent += after.sent - before.sent;
    this.onMs += onMs;
    for (const [status, count] of Object.entries(after.counts))
      this.counts[status] = (this.counts[status] ?? 0) + count - (before.counts[status] ?? 0);
    this.allowance += PER_PLAYER.burst + (PER_PLAYER.perSecond * onMs) / 1000;
  }

  count = (test: (status: string) => boolean) =>
    Object.entries(this.counts).reduce((n, [status, c]) => n + (test(status) ? c : 0), 0);
  /** Token-bearing requests the limiter let through to the game (everything but 401s, 429s and failures). */
  get admitted() {
    return this.count((s) => s !== '401' && s !== '429' && s !== 'error');
  }
  get rate() {
    return this.sent / (this.onMs / 1000);
  }
}

/** Times moves for one window (at least `window.moves` moves and `window.ms`), and how busy the event loop was. */
async function measure(into: Condition, move: () => Promise<number>, window: { moves: number; ms: number }) {
  const [started, loop] = [performance.now(), performance.eventLoopUtilization()];
  for (let moves = 0; moves < window.moves || performance.now() - started < window.ms; moves++)
    into.moves.push(await move());
  into.ms += performance.now() - started;
  into.busy.push(performance.eventLoopUtilization(loop).utilization);
}

/** The three conditions measured, and a line that tells of them. */
export interface FloodRun {
  readonly quiet: Condition;
  /** The flood aimed at RATE a second. */
  readonly steady: Condition;
  /** The flood as fast as it is answered, over CONCURRENCY connections. */
  readonly full: Condition;
  /** The other game's p50 under a condition, over its quiet p50. */
  ratio(c: Condition): number;
  readonly summary: string;
}

/**
 * Runs `rounds` rounds of: quiet, a flood at RATE, a flood at full speed (taking turns, so that drift on a
 * shared machine falls on all alike), each flood first run a second unmeasured to spend the player's burst.
 * @example const run = await runFlood(api, baseUrl, { rounds: 3, window: { moves: 20, ms: 1_000 } }, (f) => (flood = f));
 */
export async function runFlood(
  api: TestClient,
  baseUrl: string,
  options: { rounds: number; window: { moves: number; ms: number } },
  started: (flood: Flood) => void = () => {},
): Promise<FloodRun> {
  const target = await api.startGame(2, { set: 9 });
  const flood = await startFlood(baseUrl, target.tokens[0] as string, target.gameId, CONCURRENCY);
  started(flood);
  const move = await timedMoves(api);
  const [quiet, steady, full] = [new Condition(), new Condition(), new Condition()];
  for (let round = 0; round < options.rounds; round++) {
    await measure(quiet, move, options.window);
    for (const [rate, into] of [
      [RATE, steady],
      [0, full],
    ] as const) {
      const before = await flood.report();
      const on = performance.now();
      flood.on(rate);
      await sleep(RAMP_MS);
      await measure(into, move, options.window);
      flood.off();
      await sleep(200); // let the requests in flight finish
      into.add(before, await flood.report(), performance.now() - on);
    }
  }
  await flood.stop();
  const base = p(quiet.moves, 50);
  const ratio = (c: Condition) => p(c.moves, 50) / base;
  const show = (c: Condition) =>
    `${figure(Math.round(c.rate))}/s, ${figure(c.count((s) => s === '429'))} of ${figure(c.sent)} answered 429, server loop ${Math.round(Math.max(...c.busy) * 100)}% busy: ` +
    `p50 ${ms(p(c.moves, 50))} (×${ratio(c).toFixed(2)}), p99 ${ms(p(c.moves, 99))}`;
  const summary =
    `another game's move p50 ${ms(base)} quiet (p99 ${ms(p(quiet.moves, 99))}); a flood aimed at ${figure(RATE)}/s: ${show(steady)}; ` +
    `a flood at full speed over ${CONCURRENCY} connections: ${show(full)}; ${figure(quiet.moves.length + steady.moves.length + full.moves.length)} moves timed`;
  return { quiet, steady, full, ratio, summary };
}
