/**
 * The rules' fast path, for self-play and the bots' playouts, which make hundreds of moves a game and
 * keep no state but the latest: a state folded in place (`fold` with `own`, see evolve.ts: every rule is
 * written once, for both ways) and a listed play made without `decide`'s checks. `ScratchGame`
 * (scratch-game.ts) is the one way in; scratch-game.test.ts plays it beside `decide` and finds every
 * event and every state the same. What it saves is measured by `npm run bench:engine` (PERFORMANCE.md).
 */
import { endWithId } from '../board';
import type { Move, PlayMove } from '../commands';
import { decideWith, type Decision } from '../decide';
import { present } from '../decide-clock';
import { playAndSettle } from '../decide-turn';
import type { GameEvent, Seat } from '../events';
import { playing } from '../evolve';
import { copyHand } from '../evolve-hand';
import type { Recorder } from '../recorder';
import type { GameState, PlayingGame } from '../state';

/**
 * `decideWith` for a move of `seat` known to be legal now: one of `legalMoves(state, seat)`, or one built
 * from the same facts (see `ScratchGame.play`). A play is made without decide's checks, which are a good
 * part of a play's time; any other move is decided as usual.
 */
export function decideListed(rec: Recorder, seat: Seat, move: Move): Decision {
  const game = rec.state;
  if (move.type !== 'play' || game.status !== 'playing') return decideWith(rec, { type: 'move', seat, move });
  playListed(rec, present(rec, game, seat), seat, move);
  return { ok: true, events: rec.events, state: rec.state };
}

/**
 * `decidePlay` for a play known to be legal (see `ScratchGame.play`): the same play and what follows it,
 * without the checks. A play they would refuse is the caller's bug and leaves the game corrupt.
 */
function playListed(rec: Recorder, game: PlayingGame, seat: Seat, move: PlayMove): void {
  const end = endWithId(game.hand.ends, move.on);
  if (!end) throw new Error(`a listed play of ${move.tile} on placement ${move.on}, which has no open end`);
  playAndSettle(rec, game, seat, move.tile, end, move.announce === true);
}

/** True for an event that `fold` with `own` applies in place (the others make new objects there too). */
export function foldsInPlace(event: GameEvent): boolean {
  switch (event.type) {
    case 'TileDrawn':
    case 'RootPlaced':
    case 'TilePlayed':
    case 'TurnPassed':
    case 'TurnSkipped':
    case 'ChickenlittleAnnounced':
    case 'ChickenlittleCalledOut':
      return true;
    default:
      return false;
  }
}

/**
 * A copy of `state` that `fold` may change in place (see `ScratchGame`): a game in play gets its own
 * game object, hand object, arrays of tiles, placements and open ends; the rest is shared, since
 * nothing changes it in place. Any other state is returned as it is: folding in place never changes
 * one (a deal makes the hand it plays on).
 */
export function ownCopy(state: GameState): GameState {
  if (state.status !== 'playing') return state;
  const from = state.hand;
  const hand = copyHand(from);
  hand.hands = from.hands.map((tiles) => tiles.slice());
  hand.placements = from.placements.slice();
  hand.ends = from.ends.map((end) => ({ id: end.id, suit: end.suit, remaining: end.remaining }));
  return playing(state, hand);
}
