import type { Game } from '../api';
import { seatName } from './seat-names';

/** "Bob went out", "you went out", "nobody could play: the hand is blocked". */
export function howItEnded(view: Game, out: number | null): string {
  if (out === null) return 'nobody could play: the hand is blocked';
  return out === view.yourSeat ? 'you went out' : `${seatName(view, out)} went out`;
}

/** Each seat's total after hand `hand`: the scores of every hand up to it, added. */
export function totalsAfter(view: Game, hand: number): number[] {
  const totals = view.seats.map(() => 0);
  for (const past of view.pastHands) {
    if (past.index > hand) continue;
    past.scores.forEach((points, seat) => (totals[seat] = (totals[seat] ?? 0) + points));
  }
  return totals;
}

/** "You win with 43 points!", "Ann and Bob win with 40 points!"; null until the game is over. */
export function winnersLine(view: Game): string | null {
  const winners = view.winners;
  if (!winners) return null;
  const names = winners.map((s) => seatName(view, s, true)).join(' and ');
  const verb = winners.length === 1 && winners[0] !== view.yourSeat ? 'wins' : 'win';
  return `${names} ${verb} with ${view.totals[winners[0] ?? 0] ?? 0} points!`;
}
