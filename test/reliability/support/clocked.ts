import { randomUUID } from 'node:crypto';
import {
  botsHandler,
  createGameService,
  silentLogger,
  Sweeper,
  timeoutHandler,
  type DueHandler,
  type GameService,
  type LogRecord,
} from '@chickenfoot/app';
import { fisherYates, legalMoves, seededRandom, type GameState, type Move } from '@chickenfoot/rules';
import { createDynamoClient, ensureTable, openStore, type Store } from '@chickenfoot/store';
import { pick, type Rng } from './scale';

/** The moment the suites' games begin, and an hour. */
export const T0 = Date.parse('2026-12-01T09:00:00.000Z');
export const HOUR = 3_600_000;

/** Two-seat games on a one-hour clock, chickenlittle announced for the players: every turn is a play or a pass. */
export const CLOCKED_RULES = { set: 6 as const, turnHours: 1, awayAfter: 2, chickenlittle: 'auto' as const };

/** What the suites play on: a store, one fake clock, the players' game service, and sweepers on the same. */
export interface ClockWorld {
  readonly store: Store;
  readonly clock: { now: number };
  /** The service the players' requests go through (the API's). */
  readonly games: GameService;
  /**
   * A sweeper of its own (its own game service, as another process would have); `before` runs once
   * an item is claimed, before its timeout is looked at (to throw there: a crash; to start a race).
   */
  sweeper(before?: (gameId: string) => void | Promise<void>): Sweeper;
  readonly errors: LogRecord[];
}

/**
 * A world on a fresh table of the test dynalite; `client` (a faulty one, say) for everything but the
 * table's creation.
 * @example const world = await clockWorld(inject('dynamoEndpoint'));
 */
export async function clockWorld(
  endpoint: string,
  client = createDynamoClient({ endpoint, maxAttempts: 1 }),
  seed = 1,
): Promise<ClockWorld> {
  const tableName = `clocks-${randomUUID()}`;
  await ensureTable(createDynamoClient({ endpoint }), tableName);
  const store = openStore({ client, tableName });
  const clock = { now: T0 };
  const errors: LogRecord[] = [];
  const logger = (record: LogRecord) => {
    if (record.level === 'error') errors.push(record);
  };
  const parts = { store, clock: () => clock.now, logger };
  let sweepers = 0;
  return {
    store,
    clock,
    errors,
    games: createGameService({ ...parts, shuffle: fisherYates(seededRandom(seed)) }),
    sweeper(before) {
      const games = createGameService({ ...parts, shuffle: fisherYates(seededRandom(seed + ++sweepers)) });
      const timeout = timeoutHandler(games);
      const handler: DueHandler = async (item, now) => {
        await before?.(item.streamId);
        return timeout(item, now);
      };
      // Bots' chains that a bound or a failure left unfinished are due work too (`bots`).
      const bots = botsHandler(games);
      return new Sweeper({ store, logger: silentLogger, handlers: { timeout: handler, bots } });
    },
  };
}

const TRANSIENT = new Set(['service/unavailable', 'store/unavailable']);

/**
 * `fn`, again while it fails the way a client retries (a 503: the store was unavailable, or the
 * command was recorded and its lists not written), as the players' apps do with the same key.
 * @example await retrying(() => games.execute(gameId, actor, command, { expectedVersion, key }));
 */
export async function retrying<T>(fn: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || !TRANSIENT.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/**
 * Runs `fn` on every item, at most `limit` at once: the suites' load stays what a few servers would
 * send, not a stampede that makes dynalite miss its connection timeouts.
 */
export async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const player = (name: string) => ({ id: `p_${name}_${randomUUID().slice(0, 8)}`, name });

/** A clocked two-seat game, started: its id and its players (seat 0, seat 1). */
export async function clockedGame(world: ClockWorld, rules: Record<string, unknown> = CLOCKED_RULES) {
  const gameId = `g_${randomUUID().replaceAll('-', '')}`;
  const [ann, bob] = [player('ann'), player('bob')];
  const [created, joined] = [randomUUID(), randomUUID()];
  await retrying(() =>
    world.games.execute(
      gameId,
      { kind: 'player', playerId: ann.id },
      { type: 'create', seats: 2, rules, player: ann },
      { expectedVersion: 0, key: created },
    ),
  );
  await retrying(() =>
    world.games.execute(
      gameId,
      { kind: 'player', playerId: bob.id },
      { type: 'join', player: bob },
      { expectedVersion: null, key: joined },
    ),
  );
  return { gameId, players: [ann.id, bob.id] };
}

/** The seat the game awaits a player in, or null (a bot's or an away seat's turn, a game over). */
export function awaitedSeat(state: GameState): number | null {
  if (state.status !== 'playing') return null;
  const turn = state.hand.turn;
  if (turn === null || state.bots[turn] || state.clock?.away[turn]) return null;
  return turn;
}

/** A play or pass of the seat in turn, chosen with `rng`. */
export function turnMove(state: GameState, seat: number, rng: Rng): Move {
  const moves = legalMoves(state, seat).filter((m) => m.type === 'play' || m.type === 'pass');
  return pick(rng, moves);
}
