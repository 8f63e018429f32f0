import { howItEnded, winnersLine } from './hand-record';
import { advice } from './moves';
import { seatName } from './seat-names';
import type { GameState } from './store';

/**
 * The one line that says where the game is, first thing on the page: whose turn and what to do (pick
 * a highlighted tile…), a hand's end being shown, the winners, or why nothing shows.
 * @example turnLine(state) // 'Hand 2 of 10: your turn: pick a highlighted tile.'
 */
export function turnLine(state: GameState): string {
  const view = state.view;
  if (state.phase === 'signed-out') return 'Sign in (on the home page) to see this game.';
  if (state.phase === 'missing') return state.problem ?? 'There is no such game, or you have no seat in it.';
  if (!view) return state.problem ?? 'Loading the game…';
  const offline = state.online ? '' : ' (reconnecting…)';
  if (view.status === 'cancelled') return `This game was cancelled before it started.${offline}`;
  if (view.status === 'waiting') {
    const taken = view.seats.filter((s) => s.player || s.bot).length;
    return `Waiting for players: ${taken} of ${view.seats.length} seats taken.${offline}`;
  }
  if (view.status === 'finished')
    return `The game is over: ${(winnersLine(view) ?? '').replace(/^You /, 'you ')}${offline}`;
  const total = view.rules.set + 1;
  const ended = state.ended ? view.pastHands.find((h) => h.index === state.ended?.hand) : undefined;
  if (ended) return `Hand ${ended.index + 1} of ${total} is over: ${howItEnded(view, ended.out)}.${offline}`;
  if (view.seats[view.yourSeat]?.left) return `You left this game: a bot plays your seat.${offline}`;
  const hand = view.hand;
  const prefix = hand ? `Hand ${hand.index + 1} of ${total}: ` : '';
  if (view.legalMoves.some((m) => m.type === 'announce')) return `${prefix}say “Chickenlittle!” now.${offline}`;
  if (hand?.turn === view.yourSeat) return `${prefix}${advice(view, state.selected)}.${offline}`;
  const name = hand?.turn === null || hand?.turn === undefined ? null : seatName(view, hand.turn);
  return `${prefix}${name ?? 'someone'} to play.${offline}`;
}
