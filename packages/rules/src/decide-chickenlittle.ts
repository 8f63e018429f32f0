import { penaltyFor, refuseAnnounce, refuseCallout } from './chickenlittle';
import type { Seat } from './events';
import { settle } from './flow';
import type { Recorder } from './recorder';
import type { RejectionOf } from './rejections';
import { boneyardSize, type PlayingGame } from './state';

/** Says "Chickenlittle": allowed, out of turn too, while holding one tile unannounced. */
export function decideAnnounce(rec: Recorder, game: PlayingGame, seat: Seat): RejectionOf<'announce'> | undefined {
  const refused = refuseAnnounce(game.rules.chickenlittle, game.hand.chickenlittle[seat]);
  if (refused) return refused;
  rec.play(game, { type: 'ChickenlittleAnnounced', seat, auto: false });
  return undefined;
}

/**
 * Calls out a seat that holds one tile unannounced after another player placed a tile.
 * The offender draws one tile, or, with the boneyard empty, loses their next turn.
 */
export function decideCallout(
  rec: Recorder,
  game: PlayingGame,
  seat: Seat,
  target: Seat,
): RejectionOf<'callout'> | undefined {
  const { hand } = game;
  const refused = refuseCallout(game.rules.chickenlittle, hand.chickenlittle, seat, target);
  if (refused) return refused;
  const penalty = penaltyFor(boneyardSize(hand));
  let now = rec.play(game, { type: 'ChickenlittleCalledOut', seat: target, by: seat, penalty });
  const top = hand.boneyard[hand.drawn];
  if (top !== undefined)
    now = rec.play(now, { type: 'TileDrawn', seat: target, tile: top, reason: 'penalty', forced: true });
  // A lost turn takes effect at once when it is the offender's turn now.
  settle(rec, now);
  return undefined;
}
