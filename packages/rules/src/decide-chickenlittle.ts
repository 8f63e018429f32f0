import type { Seat } from './events';
import { currentHand, settle } from './flow';
import type { Recorder } from './recorder';
import { reject, type Rejection } from './rejections';

/** Says "Chickenlittle": allowed, out of turn too, while holding one tile unannounced. */
export function decideAnnounce(rec: Recorder, seat: Seat): Rejection | undefined {
  const mode = rec.state.rules?.chickenlittle;
  if (mode !== 'callout') {
    return reject(
      'rules/nothing-to-announce',
      `Chickenlittle is ${mode === 'auto' ? 'announced for you' : 'not played'} in this game.`,
    );
  }
  const status = currentHand(rec).chickenlittle[seat];
  if (status === 'pending' || status === 'vulnerable') {
    rec.emit({ type: 'ChickenlittleAnnounced', seat, auto: false });
    return undefined;
  }
  const why =
    status === 'announced'
      ? 'You have already announced Chickenlittle.'
      : status === 'penalized'
        ? 'You lose your next turn for the lapse; announce again after it.'
        : 'Announce Chickenlittle only when you hold exactly one tile.';
  return reject('rules/nothing-to-announce', why);
}

/**
 * Calls out a seat that holds one tile unannounced after another player placed a tile.
 * The offender draws one tile, or, with the boneyard empty, loses their next turn.
 */
export function decideCallout(rec: Recorder, seat: Seat, target: Seat): Rejection | undefined {
  const mode = rec.state.rules?.chickenlittle;
  if (mode !== 'callout') return reject('rules/no-lapse', 'There are no Chickenlittle call-outs in this game.');
  if (!Number.isInteger(target) || target < 0 || target >= rec.state.seatCount) {
    return reject('rules/unknown-seat', `There is no seat ${String(target)} in this game.`);
  }
  if (target === seat) return reject('rules/cannot-call-out-self', 'You cannot call yourself out; announce instead.');
  const hand = currentHand(rec);
  if (hand.chickenlittle[target] !== 'vulnerable') {
    return reject('rules/no-lapse', `Seat ${target} has no Chickenlittle lapse to call out.`);
  }
  const top = hand.boneyard[hand.drawn];
  rec.emit({ type: 'ChickenlittleCalledOut', seat: target, by: seat, penalty: top === undefined ? 'skip' : 'draw' });
  if (top !== undefined) rec.emit({ type: 'TileDrawn', seat: target, tile: top, reason: 'penalty', forced: true });
  // A lost turn takes effect at once when it is the offender's turn now.
  settle(rec);
  return undefined;
}
