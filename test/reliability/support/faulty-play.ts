import { newKey, type TestClient, type TestResponse } from '@chickenfoot/api/testing';
import { decide, evolve, initialState, type GameEvent, type Move } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { projectionOutage } from './faults';
import type { Player } from './games';
import { untilAnswered, type RetryPolicy } from './retrying';
import { chance, pick, type Rng } from './scale';

/** A game played to its end through faults. */
export interface PlayedGame {
  readonly gameId: string;
  readonly players: readonly Player[];
  /**
   * Whether its clients sometimes gave a move up after a 503 instead of retrying it, and gave up
   * the game's last move, made during an outage of the lists (so only a rebuild repairs them).
   */
  readonly abandons: boolean;
  readonly moves: number;
}

/** How one game is played. */
export interface PlayOptions {
  readonly seats: number;
  readonly rules: Record<string, unknown>;
  /** After a 503 on a move, how likely the client is to give it up (only when `abandons`). */
  readonly abandonRate: number;
  readonly abandons: boolean;
  /** A clean store on the app's table: an abandoning game looks ahead with it for its last move. */
  readonly store: Store;
  /** Runs once the players are registered, before the game is created (to give them webhook endpoints). */
  readonly beforeCreate?: (players: readonly Player[]) => Promise<void>;
}

/**
 * Registers players, creates a game, seats them and plays it to the end through `api`, every intent
 * sent by `untilAnswered` (retried with its own Idempotency-Key and If-Match after a 503). Anything
 * but the expected success throws: under faults the API may say 503, never anything else.
 * @example const game = await playThroughFaults(api, policy, seededRandom(1), { seats: 2, rules: { set: 6 }, abandonRate: 0, abandons: false });
 */
export async function playThroughFaults(
  api: TestClient,
  policy: RetryPolicy,
  rng: Rng,
  options: PlayOptions,
): Promise<PlayedGame> {
  const expect = (res: TestResponse | null, status: number, what: string): TestResponse => {
    if (res?.status === status) return res;
    const message = `${what}: ${res ? `${res.status} ${res.text.slice(0, 300)}` : 'abandoned'}`;
    policy.stats.unexpected.push(message);
    throw new Error(message);
  };
  const players: Player[] = [];
  for (let i = 0; i < options.seats; i++) {
    const key = newKey();
    const res = await untilAnswered(policy, () =>
      api.call('POST', '/v1/players', { body: { name: `Faulty ${i}` }, headers: { 'idempotency-key': key } }),
    );
    const { body } = expect(res, 201, 'register');
    players.push({ id: body.player.id, token: body.token });
  }
  await options.beforeCreate?.(players);
  const [creator, ...others] = players as [Player, ...Player[]];
  const createKey = newKey();
  const created = expect(
    await untilAnswered(policy, () =>
      api.createGame(creator.token, { seats: options.seats, rules: options.rules }, createKey),
    ),
    201,
    'create',
  );
  const gameId: string = created.body.game.id;
  for (const player of others) {
    const key = newKey();
    expect(
      await untilAnswered(policy, () => api.join(player.token, gameId, created.body.game.inviteCode, key)),
      200,
      'join',
    );
  }

  let moves = 0;
  for (let turn = 0; ; turn++) {
    if (turn > 5_000) throw new Error(`game ${gameId} does not end`);
    const table = expect(await untilAnswered(policy, () => api.view(creator.token, gameId)), 200, 'view');
    if (table.body.status !== 'playing') break;
    const mover = players[table.body.hand.turn as number] as Player;
    const view = expect(await untilAnswered(policy, () => api.view(mover.token, gameId)), 200, 'view');
    const move = pick(rng, view.body.legalMoves as Move[]);
    const key = newKey();
    const giveUp = () => options.abandons && chance(rng, options.abandonRate);
    const send = () => api.move(mover.token, gameId, move, view.body.version, key);
    if (options.abandons && (await endsTheGame(options.store, gameId, table.body.hand.turn as number, move))) {
      // The game's last move, during an outage of the lists, and its client never comes back.
      const res = await projectionOutage.run(true, () => untilAnswered(policy, send, () => true));
      if (res !== null) expect(res, 503, 'the last move, during an outage of the lists');
      continue;
    }
    const res = await untilAnswered(policy, send, giveUp);
    // Abandoned: the move may or may not have been recorded; the next turn reads the game afresh.
    if (res === null) continue;
    expect(res, 200, `move ${JSON.stringify(move)} at v${view.body.version}`);
    moves++;
  }
  return { gameId, players, abandons: options.abandons, moves };
}

/** Whether `move` by `seat` would end the game, decided by the rules on the game's newest state. */
async function endsTheGame(store: Store, gameId: string, seat: number, move: Move): Promise<boolean> {
  // The fold of the whole log (the API snapshots only every few commits): a test can afford it.
  const state = (await store.streamsOf<GameEvent>().readAll(gameId))
    .flatMap((c) => c.events)
    .reduce(evolve, initialState());
  // Only the last hand can end the game.
  if (!state.rules || (state.hand?.index ?? 0) < state.rules.set) return false;
  const decision = decide({ type: 'move', seat, move }, state, { shuffle: (tiles) => tiles });
  return decision.ok && decision.events.some((event) => event.type === 'GameEnded');
}
