/**
 * The games of `npm run bench:bots`, in a worker thread (one per core): the main thread sends a batch
 * of seeded games of one pairing, this thread plays them and answers with each game's win share for
 * the seat under test and the time of every decision made in turn.
 */
import { chooseMove, playBotGame, strongSearch, type BotInput } from '@chickenfoot/bots';
import { seededRandom, type BotLevel, type Move } from '@chickenfoot/rules';
import { parentPort } from 'node:worker_threads';

/** A batch of games: the `hero` in seat `g % seats` of game `g`, `villain` in the others. */
export interface GamesJob {
  readonly id: number;
  readonly hero: BotLevel;
  readonly villain: BotLevel;
  readonly seats: number;
  readonly from: number;
  readonly to: number;
  /** The strong bot's budget in playouts: its clock ticks once each time it is read. */
  readonly playouts: number;
}

/** One decision made in turn: who made it, how long it took, how many playouts it ran. */
export interface Timing {
  readonly level: BotLevel;
  readonly ms: number;
  readonly playouts: number;
}

export interface GamesResult {
  readonly id: number;
  readonly shares: number[];
  readonly timings: Timing[];
  /** This thread's CPU time for the batch, in seconds. */
  readonly cpuSeconds: number;
}

/** Plays one batch (see `GamesJob`). */
export function playGames(job: GamesJob): GamesResult {
  const shares: number[] = [];
  const timings: Timing[] = [];
  const cpu = process.cpuUsage();
  for (let game = job.from; game < job.to; game++) {
    const hero = game % job.seats;
    const levels = Array.from({ length: job.seats }, (_, seat) => (seat === hero ? job.hero : job.villain));
    let ticks = 0;
    const result = playBotGame({
      levels,
      random: seededRandom(seedOf(job, game)),
      budgetMs: job.playouts,
      now: () => ticks++,
      choose: (input: BotInput) => {
        const start = performance.now();
        const search = input.level === 'strong' ? strongSearch(input) : { move: chooseMove(input), playouts: 0 };
        const ms = performance.now() - start;
        if (isTurnMove(input, search.move)) timings.push({ level: input.level, ms, playouts: search.playouts });
        return search.move;
      },
    });
    shares.push(result.winners.includes(hero) ? 1 / result.winners.length : 0);
  }
  const used = process.cpuUsage(cpu);
  return { id: job.id, shares, timings, cpuSeconds: (used.user + used.system) / 1e6 };
}

// Every pairing plays its own deals; game g of a pairing is the same deal in every run.
function seedOf(job: GamesJob, game: number): number {
  const pairing = [job.hero, job.villain, job.seats].join('/');
  let hash = 0;
  for (const ch of pairing) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (hash + game * 7919) >>> 0;
}

function isTurnMove(input: BotInput, move: Move | null): boolean {
  return (
    move !== null && input.view.hand?.turn === input.view.viewer && move.type !== 'announce' && move.type !== 'callout'
  );
}

parentPort?.on('message', (job: GamesJob) => parentPort?.postMessage(playGames(job)));
