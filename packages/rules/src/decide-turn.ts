import { anyFits, endFor, type OpenEnd } from './board';
import { refuseAnnounceWithPlay } from './chickenlittle';
import type { PlayMove } from './commands';
import type { Seat } from './events';
import { playTile, settle } from './flow';
import type { Recorder } from './recorder';
import { reject, type RejectionOf } from './rejections';
import { seatName } from './seats';
import type { PlayingGame } from './state';
import { normalizeTile, type Tile } from './tiles';

/** Places a tile from the hand against an open end; may announce Chickenlittle with it. */
export function decidePlay(
  rec: Recorder,
  game: PlayingGame,
  seat: Seat,
  move: PlayMove,
): RejectionOf<'play'> | undefined {
  const { hand, rules } = game;
  const refused = refuseOutOfTurn(game, seat);
  if (refused) return refused;

  const tile = typeof move.tile === 'string' ? normalizeTile(move.tile, rules.set) : null;
  if (tile === null) {
    return reject(
      'rules/invalid-tile',
      `${JSON.stringify(move.tile)} is not a tile of the double-${rules.set} set; write tiles like "9-4".`,
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
  const end = endFor(hand, tile, move.on);
  if ('ok' in end) return end;
  if (move.announce) {
    const cannot = refuseAnnounceWithPlay(rules.chickenlittle, tiles.length - 1);
    if (cannot) return cannot;
  }
  playAndSettle(rec, game, seat, tile, end, move.announce === true);
  return undefined;
}

/**
 * The play itself, whether checked here or listed (fast/in-place.ts): the tile placed (with the
 * announcement asked), then every forced move that follows.
 */
export function playAndSettle(
  rec: Recorder,
  game: PlayingGame,
  seat: Seat,
  tile: Tile,
  end: OpenEnd,
  announce: boolean,
) {
  const after = playTile(rec, game, seat, tile, end, announce ? 'asked' : 'unasked');
  if (after) settle(rec, after);
}

/**
 * A draw sent by a player is always refused: the server makes every draw the rules allow, at once
 * (see `forcedMove`), so the seat in turn has either drawn already or holds a tile that fits.
 */
export function decideDraw(game: PlayingGame, seat: Seat): RejectionOf<'draw'> {
  const { hand } = game;
  const refused = refuseOutOfTurn(game, seat);
  if (refused) return refused;
  if (hand.drawnTile !== null) {
    return reject('rules/already-drew', `You already drew ${hand.drawnTile} this turn: play it or pass.`);
  }
  if (!anyFits(hand, hand.hands[seat] ?? [])) throw unsettled(seat);
  return reject('rules/must-play', 'You hold a tile that can be played, so you must play one.');
}

/** Passes: allowed only after drawing a tile that fits, under `may-play` (every other pass is forced). */
export function decidePass(rec: Recorder, game: PlayingGame, seat: Seat): RejectionOf<'pass'> | undefined {
  const { hand, rules } = game;
  const refused = refuseOutOfTurn(game, seat);
  if (refused) return refused;
  if (hand.drawnTile === null) {
    if (!anyFits(hand, hand.hands[seat] ?? [])) throw unsettled(seat);
    return reject('rules/must-play', 'You hold a tile that can be played, so you must play one.');
  }
  if (rules.drawnTile === 'must-play') {
    return reject('rules/must-play', `In this game a drawn tile that fits must be played: play ${hand.drawnTile}.`);
  }
  settle(rec, rec.play(game, { type: 'TurnPassed', seat, forced: false }));
  return undefined;
}

/** Why `seat` may not make a move only the seat in turn may make, or undefined when it is in turn. */
export function refuseOutOfTurn(game: PlayingGame, seat: Seat) {
  const { turn } = game.hand;
  if (turn === seat) return undefined;
  const name = turn === null ? undefined : seatName(game, turn);
  return reject('rules/not-your-turn', `It is not your turn: seat ${turn}${name ? ` (${name})` : ''} plays next.`);
}

// decide settles every state it leaves behind, so only a state cut short (say, a commit's events folded
// in part) can hold a seat in turn with nothing to play and no draw made for it.
function unsettled(seat: Seat): Error {
  return new Error(`seat ${seat} is in turn with nothing to play and no forced draw or pass made for it`);
}
