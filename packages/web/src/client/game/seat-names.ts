import type { Game, Schemas } from '../api';

/** How a bot of each level is called on the page. */
export const BOT_NAMES: Record<Schemas['BotLevel'], string> = {
  random: 'Random bot',
  greedy: 'Greedy bot',
  strong: 'Strong bot',
};

/**
 * What the page calls a seat: its player's name; a bot by its level and its seat ("Greedy bot 3": how
 * it plays, and two bots of one level never share a name); a player who left by name, a bot now
 * playing for them; "a free seat" while nobody has taken it; "A deleted player" for an account
 * deleted since. With `you`, the viewer's own seat is "You".
 * @example seatName(view, 1) // 'Bob', 'Greedy bot 2', 'Bob (left; a bot plays)'
 */
export function seatName(view: Game, seat: number, you = false): string {
  if (you && seat === view.yourSeat && !view.seats[seat]?.left) return 'You';
  const s = view.seats[seat];
  if (!s) return `Seat ${seat + 1}`;
  // A deleted account's name is taken out of its games: the seat shows an empty one.
  if (s.player && s.left) return `${s.player.name || 'A deleted player'} (left; a bot plays)`;
  return s.player ? s.player.name || 'A deleted player' : s.bot ? `${BOT_NAMES[s.bot]} ${seat + 1}` : 'a free seat';
}
