import type { Game } from './api';
import { seatName } from './game/seat-names';

/**
 * A finished game's result in a line, for the list of games: who won, and every seat's total, lowest
 * first ("You won: You 43, Bob 61"). Null until the game is over.
 * @example resultLine(view) // 'Bob and you won: Bob 40, You 40, Greedy bot 3 77'
 */
export function resultLine(view: Game): string | null {
  if (!view.winners || view.winners.length === 0) return null;
  const names = view.winners.map((seat) => seatName(view, seat, true)).join(' and ');
  const order = view.seats.map((s) => s.seat).sort((a, b) => (view.totals[a] ?? 0) - (view.totals[b] ?? 0));
  const scores = order.map((seat) => `${seatName(view, seat, true)} ${view.totals[seat] ?? 0}`).join(', ');
  return `${names} won: ${scores}`;
}

/** A day as a person reads it in a list: "3 Dec 2026", in the browser's language. */
export function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });
}
