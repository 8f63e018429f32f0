import { canPlay, hasPlayable } from './board';
import type { PlayMove } from './commands';
import type { Seat } from './events';
import { currentHand, endHand, settle } from './flow';
import type { Recorder } from './recorder';
import { reject, type Rejection } from './rejections';
import { boneyardSize, type GameState, type HandState } from './state';
import { hasSuit, normalizeTile } from './tiles';

/** Places a tile from the hand against an open end; may announce Chickenlittle with it. */
export function decidePlay(rec: Recorder, seat: Seat, move: PlayMove): Rejection | undefined {
  const { state } = rec;
  const hand = currentHand(rec);
  const refused = checkTurn(state, hand, seat);
  if (refused) return refused;

  const tile = typeof move.tile === 'string' ? normalizeTile(move.tile, state.rules?.set ?? 0) : null;
  if (tile === null) {
    return reject(
      'rules/invalid-tile',
      `${JSON.stringify(move.tile)} is not a tile of the double-${state.rules?.set} set; write tiles like "9-4".`,
    );
  }
  const tiles = hand.hands[seat] ?? [];
  if (!tiles.includes(tile)) return reject('rules/not-in-hand', `You do not hold ${tile}.`);
  if (hand.drawnTile !== null && tile !== hand.drawnTile) {
    return reject(
      'rules/must-play-drawn',
      `After drawing, the only tile you can play is the one you drew, ${hand.drawnTile}.`,
    );
  }
  const target = hand.placements[move.on];
  if (!Number.isInteger(move.on) || !target) {
    return reject('rules/unknown-placement', `There is no placement ${String(move.on)} on the table.`);
  }
  if (hand.mustFill !== null && move.on !== hand.mustFill) {
    const filling = hand.placements[hand.mustFill];
    const left = hand.ends.find((end) => end.id === hand.mustFill)?.remaining ?? 0;
    return reject(
      'rules/must-fill-double',
      `The double ${filling?.tile} (placement ${hand.mustFill}) needs ${left} more tile(s) of its suit before play can go anywhere else.`,
    );
  }
  const end = hand.ends.find((e) => e.id === move.on);
  if (!end) return reject('rules/end-closed', `Placement ${move.on} (${target.tile}) has no open end left.`);
  if (!hasSuit(tile, end.suit)) {
    return reject(
      'rules/suit-mismatch',
      `${tile} has no ${end.suit}: placement ${move.on} (${target.tile}) takes only tiles of suit ${end.suit}.`,
    );
  }
  const left = tiles.length - 1;
  const mode = state.rules?.chickenlittle;
  if (move.announce && (mode !== 'callout' || left !== 1)) {
    return reject(
      'rules/nothing-to-announce',
      mode === 'callout'
        ? 'Announce Chickenlittle only with the play that leaves you one tile.'
        : `Chickenlittle is ${mode === 'auto' ? 'announced for you' : 'not played'} in this game.`,
    );
  }

  rec.emit({ type: 'TilePlayed', seat, tile, on: move.on, id: hand.placements.length, suit: end.suit });
  if (left === 1 && mode !== 'off' && (move.announce || mode === 'auto')) {
    rec.emit({ type: 'ChickenlittleAnnounced', seat, auto: mode === 'auto' });
  }
  if (left === 0) endHand(rec, 'out', seat);
  else settle(rec);
  return undefined;
}

/** Draws from the boneyard: allowed only with nothing playable (and normally made automatically). */
export function decideDraw(rec: Recorder, seat: Seat): Rejection | undefined {
  const hand = currentHand(rec);
  const refused = checkTurn(rec.state, hand, seat);
  if (refused) return refused;
  if (hand.drawnTile !== null)
    return reject('rules/already-drew', `You already drew ${hand.drawnTile} this turn: play it or pass.`);
  if (hasPlayable(hand, seat))
    return reject('rules/must-play', 'You hold a tile that can be played, so you must play one.');
  const top = hand.boneyard[hand.drawn];
  if (top === undefined) return reject('rules/boneyard-empty', 'The boneyard is empty: pass instead.');
  rec.emit({ type: 'TileDrawn', seat, tile: top, reason: 'turn', forced: false });
  if (!canPlay(currentHand(rec), top)) rec.emit({ type: 'TurnPassed', seat, forced: true });
  settle(rec);
  return undefined;
}

/** Passes: after drawing a playable tile under `may-play`, or with nothing playable and no boneyard. */
export function decidePass(rec: Recorder, seat: Seat): Rejection | undefined {
  const { state } = rec;
  const hand = currentHand(rec);
  const refused = checkTurn(state, hand, seat);
  if (refused) return refused;
  if (hand.drawnTile !== null) {
    if (state.rules?.drawnTile === 'must-play') {
      return reject('rules/must-play', `In this game a drawn tile that fits must be played: play ${hand.drawnTile}.`);
    }
  } else if (hasPlayable(hand, seat)) {
    return reject('rules/must-play', 'You hold a tile that can be played, so you must play one.');
  } else if (boneyardSize(hand) > 0) {
    return reject('rules/must-draw', 'With nothing playable you must draw from the boneyard before passing.');
  }
  rec.emit({ type: 'TurnPassed', seat, forced: false });
  settle(rec);
  return undefined;
}

function checkTurn(state: GameState, hand: HandState, seat: Seat): Rejection | undefined {
  if (hand.turn === seat) return undefined;
  const name = hand.turn === null ? undefined : state.players[hand.turn]?.name;
  return reject('rules/not-your-turn', `It is not your turn: seat ${hand.turn}${name ? ` (${name})` : ''} plays next.`);
}
