import { chooser } from '../../e2e/play-loop';
import type { Game, Move, Seat } from '../../e2e/client';

/**
 * Plays a game through the API (the generated client, at machine speed) until the board of the hand
 * in play holds `tiles` tiles or a seat is down to two (so the hand is still on when the page looks).
 * A hand blocked before that (its root could not be filled, say) is followed by the next.
 * Mostly on the newest end, which grows the long lines a board must bend or wrap.
 * @example const view = await playLongHand(id, [ann, bob], 80);
 */
export async function playLongHand(id: string, seats: readonly Seat[], tiles: number, seed = 5): Promise<Game> {
  const choose = chooser(seed);
  for (let turn = 0; turn < 2000; turn++) {
    const any = await seats[0]!.view(id);
    const hand = any.hand!;
    const low = any.seats.some((s) => s.tileCount <= 2);
    if (hand.board.length >= tiles || low || hand.turn === null) return any;
    const view = await seats[hand.turn]!.view(id);
    const plays = view.legalMoves.filter((m): m is Extract<Move, { type: 'play' }> => m.type === 'play' && !m.announce);
    const newest = Math.max(...plays.map((m) => m.on));
    const pick: Move | undefined =
      plays.length === 0
        ? view.legalMoves.find((m) => m.type === 'pass')
        : choose([true, true, true, false])
          ? choose(plays.filter((m) => m.on === newest))
          : choose(plays);
    if (!pick) throw new Error(`seat ${hand.turn} has nothing to do: ${JSON.stringify(view.legalMoves)}`);
    await seats[hand.turn]!.move(id, view.version, pick);
  }
  throw new Error('the hand does not grow');
}

/**
 * Plays a game through the API until its first hand has ended (the next is dealt), every seat
 * taking the first of its legal plays or a pass; returns the view then.
 * @example const view = await playFirstHand(id, [ann, bob]); view.pastHands.length // 1
 */
export async function playFirstHand(id: string, seats: readonly Seat[]): Promise<Game> {
  for (let turn = 0; turn < 2000; turn++) {
    const any = await seats[0]!.view(id);
    if (any.pastHands.length > 0 || any.status !== 'playing') return any;
    const view = await seats[any.hand!.turn!]!.view(id);
    const pick = view.legalMoves.find((m) => m.type === 'play' || m.type === 'pass');
    if (!pick) throw new Error(`seat ${any.hand!.turn} has nothing to do`);
    await seats[any.hand!.turn!]!.move(id, view.version, pick);
  }
  throw new Error('the hand does not end');
}
