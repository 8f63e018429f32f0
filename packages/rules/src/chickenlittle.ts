import type { Seat } from './events';
import { reject, type RejectionOf } from './rejections';
import type { Ruleset } from './ruleset';

/**
 * The Chickenlittle rules: who must announce, who may be called out, and how each seat's status moves.
 * `evolve` applies the transitions, `decide` and `legalMoves` ask the checks.
 */

/**
 * Where a seat stands with Chickenlittle: `pending` holds one tile unannounced, `vulnerable` is pending
 * after another player placed a tile (so may be called out), `penalized` lost its next turn to a call-out.
 */
export type ChickenlittleStatus = 'none' | 'pending' | 'vulnerable' | 'announced' | 'penalized';

/** The game's option: announcements with call-outs, made for the player, or not played. */
export type ChickenlittleMode = Ruleset['chickenlittle'];

/** Every seat of a new hand: nothing to announce. */
export function dealtStatuses(seats: number): ChickenlittleStatus[] {
  const statuses: ChickenlittleStatus[] = [];
  for (let seat = 0; seat < seats; seat++) statuses.push('none');
  return statuses;
}

/**
 * After `placer` places a tile (the root included) and holds `left`: one tile left means they must announce
 * (pending); and another player's placement is what turns an unannounced one-tile hand into a lapse.
 * Under `off` nobody ever has anything to announce.
 */
export function afterPlacement(
  statuses: readonly ChickenlittleStatus[],
  placer: Seat,
  left: number,
  mode: ChickenlittleMode,
): readonly ChickenlittleStatus[] {
  if (mode === 'off') return statuses;
  const own: ChickenlittleStatus = left === 1 ? 'pending' : 'none';
  // Nearly every placement changes nothing here; keep the array then instead of copying it.
  if (statuses[placer] === own && !anyPending(statuses)) return statuses;
  return statuses.map((status, seat) => (seat === placer ? own : status === 'pending' ? 'vulnerable' : status));
}

// A plain loop: includes, a builtin call, was asked after every placement.
function anyPending(statuses: readonly ChickenlittleStatus[]): boolean {
  for (let seat = 0; seat < statuses.length; seat++) if (statuses[seat] === 'pending') return true;
  return false;
}

/** After `seat` draws and holds `held`: going from one tile to two ends the need to announce. */
export function afterDraw(
  statuses: readonly ChickenlittleStatus[],
  seat: Seat,
  held: number,
): readonly ChickenlittleStatus[] {
  return held !== 1 && statuses[seat] !== 'none' ? replaceAt(statuses, seat, 'none') : statuses;
}

/** After `seat` announces. */
export function afterAnnounce(statuses: readonly ChickenlittleStatus[], seat: Seat): readonly ChickenlittleStatus[] {
  return replaceAt(statuses, seat, 'announced');
}

/** After `seat` is called out: a drawn penalty ends the lapse; a lost turn is owed (penalized). */
export function afterCallout(
  statuses: readonly ChickenlittleStatus[],
  seat: Seat,
  penalty: Penalty,
): readonly ChickenlittleStatus[] {
  return replaceAt(statuses, seat, penalty === 'skip' ? 'penalized' : 'none');
}

/** After `seat` lost its turn to the penalty: it holds one tile unannounced again, and must announce. */
export function afterSkip(statuses: readonly ChickenlittleStatus[], seat: Seat): readonly ChickenlittleStatus[] {
  return replaceAt(statuses, seat, 'pending');
}

/**
 * How a placement that leaves `left` tiles is announced with it: `asked` when the player said so with
 * their play, `unasked` when they did not (or placed the root, which is part of the deal), `forced` when
 * the server made the play for them (and so says it for them). Null: nothing is announced now.
 */
export function announcementWith(
  mode: ChickenlittleMode,
  left: number,
  how: 'asked' | 'unasked' | 'forced',
): { readonly auto: boolean } | null {
  if (left !== 1 || mode === 'off') return null;
  if (mode === 'auto' || how === 'forced') return { auto: true };
  return how === 'asked' ? { auto: false } : null;
}

/** True when a play that leaves `left` tiles may carry `announce: true`. */
export function mayAnnounceWithPlay(mode: ChickenlittleMode, left: number): boolean {
  return mode === 'callout' && left === 1;
}

/** Why a play that leaves `left` tiles may not carry `announce: true`, or null when it may. */
export function refuseAnnounceWithPlay(mode: ChickenlittleMode, left: number): RejectionOf<'play'> | null {
  if (mayAnnounceWithPlay(mode, left)) return null;
  return reject(
    'rules/nothing-to-announce',
    mode === 'callout' ? 'Announce Chickenlittle only with the play that leaves you one tile.' : modeSays(mode),
  );
}

/** True when a seat of this status may announce now (out of turn too). */
export function mayAnnounce(mode: ChickenlittleMode, status: ChickenlittleStatus | undefined): boolean {
  return mode === 'callout' && (status === 'pending' || status === 'vulnerable');
}

/** Why a seat of this status may not announce now, or null when it may. */
export function refuseAnnounce(
  mode: ChickenlittleMode,
  status: ChickenlittleStatus | undefined,
): RejectionOf<'announce'> | null {
  if (mayAnnounce(mode, status)) return null;
  const why =
    mode !== 'callout'
      ? modeSays(mode)
      : status === 'announced'
        ? 'You have already announced Chickenlittle.'
        : status === 'penalized'
          ? 'You lose your next turn for the lapse; announce again after it.'
          : 'Announce Chickenlittle only when you hold exactly one tile.';
  return reject('rules/nothing-to-announce', why);
}

/** True when `seat` may call out `target`: another seat with a lapse (vulnerable). */
export function mayCallOut(
  mode: ChickenlittleMode,
  statuses: readonly ChickenlittleStatus[],
  seat: Seat,
  target: Seat,
): boolean {
  return mode === 'callout' && target !== seat && statuses[target] === 'vulnerable';
}

/** Why `seat` may not call out `target`, or null when it may. */
export function refuseCallout(
  mode: ChickenlittleMode,
  statuses: readonly ChickenlittleStatus[],
  seat: Seat,
  target: Seat,
): RejectionOf<'callout'> | null {
  if (mode !== 'callout') return reject('rules/no-lapse', 'There are no Chickenlittle call-outs in this game.');
  if (!Number.isInteger(target) || target < 0 || target >= statuses.length) {
    return reject('rules/unknown-seat', `There is no seat ${String(target)} in this game.`);
  }
  if (target === seat) return reject('rules/cannot-call-out-self', 'You cannot call yourself out; announce instead.');
  if (!mayCallOut(mode, statuses, seat, target)) {
    return reject('rules/no-lapse', `Seat ${target} has no Chickenlittle lapse to call out.`);
  }
  return null;
}

/** A call-out's penalty: draw one tile, or, with the boneyard empty, lose the next turn. */
export type Penalty = 'draw' | 'skip';

/** The penalty a call-out brings with `boneyardLeft` tiles in the boneyard. */
export function penaltyFor(boneyardLeft: number): Penalty {
  return boneyardLeft > 0 ? 'draw' : 'skip';
}

function modeSays(mode: ChickenlittleMode): string {
  return `Chickenlittle is ${mode === 'auto' ? 'announced for you' : 'not played'} in this game.`;
}

function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const copy = items.slice();
  copy[index] = value;
  return copy;
}
