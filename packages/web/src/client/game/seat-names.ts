import type { Game, Schemas } from '../api';

/** How a bot of each level is called on the page. */
export const BOT_NAMES: Record<Schemas['BotLevel'], string> = {
  random: 'Random bot',
  greedy: 'Greedy bot',
  strong: 'Strong bot',
};

/**
 * Whether a name reads as the word the page calls its reader ("You", "you", "(YOU)", fullwidth): its
 * letters alone, compared after NFKC. The API refuses such names now; an account named so before keeps
 * its name, and the page must never let it pass for the viewer.
 */
export function readsAsYou(name: string): boolean {
  return (
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}]/gu, '') === 'you'
  );
}

/**
 * Another player's name as the page shows it: as they chose it, but a name that reads as "You" quoted
 * and with its seat (“You” (seat 2)), so it is never read as the viewer's own move or message.
 */
export function playerName(name: string, seat: number): string {
  if (!name) return 'A deleted player';
  return readsAsYou(name) ? `“${name}” (seat ${seat + 1})` : name;
}

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
  if (s.player && s.left) return `${playerName(s.player.name, seat)} (left; a bot plays)`;
  return s.player ? playerName(s.player.name, seat) : s.bot ? `${BOT_NAMES[s.bot]} ${seat + 1}` : 'a free seat';
}
