import type { TestClient, TestResponse } from '@chickenfoot/api/testing';
import type { Move } from '@chickenfoot/rules';
import type { Choose } from './choice';

/** One request a seat made while playing, and its answer. */
export interface Exchange {
  readonly seat: number;
  readonly method: string;
  readonly path: string;
  /** The version the request was decided on (If-Match), for moves. */
  readonly sentVersion?: number;
  readonly body?: unknown;
  readonly res: TestResponse;
}

/** How a seat's requests are seen: every exchange goes through here. */
export type Observer = (exchange: Exchange) => void;

/**
 * Plays a started game to its end through the API: each turn, the seat in turn reads its own view
 * and makes one of its legal moves, chosen by `choose`. Only the seat's own token and view are used.
 * Returns the number of moves made.
 * @example await playToEnd(api, gameId, tokens, chooser(1));
 */
export async function playToEnd(
  api: TestClient,
  gameId: string,
  tokens: readonly string[],
  choose: Choose,
  observe: Observer = () => {},
  maxMoves = 20_000,
): Promise<number> {
  let turn = await turnOf(api, gameId, tokens[0] as string, observe);
  let moves = 0;
  while (turn !== null) {
    if (moves++ > maxMoves) throw new Error(`game ${gameId} did not end in ${maxMoves} moves`);
    const token = tokens[turn] as string;
    const view = await api.view(token, gameId);
    observe({ seat: turn, method: 'GET', path: `/v1/games/${gameId}`, res: view });
    const move = choose(view.body.legalMoves as Move[]);
    const reply = await api.move(token, gameId, move, view.body.version);
    observe({
      seat: turn,
      method: 'POST',
      path: `/v1/games/${gameId}/moves`,
      sentVersion: view.body.version,
      body: move,
      res: reply,
    });
    if (reply.status !== 200) throw new Error(`move ${JSON.stringify(move)}: ${reply.status} ${reply.text}`);
    turn = reply.body.game.status === 'playing' ? reply.body.game.hand.turn : null;
  }
  return moves;
}

/** The seat in turn (null once the game is over), as seat 0 sees it. */
async function turnOf(api: TestClient, gameId: string, token: string, observe: Observer): Promise<number | null> {
  const view = await api.view(token, gameId);
  observe({ seat: 0, method: 'GET', path: `/v1/games/${gameId}`, res: view });
  return view.body.status === 'playing' ? (view.body.hand.turn as number) : null;
}
