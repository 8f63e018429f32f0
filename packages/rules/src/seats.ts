import type { BotRequest } from './commands';
import type { Seat } from './events';
import { reject, type Refusal } from './rejections';
import { BOT_LEVELS, type BotLevel } from './ruleset';
import type { GameState, WaitingGame } from './state';

/**
 * Who sits where: free seats, bot seats, seats whose player left, and the checks for seating a bot and
 * for leaving. `decide` asks the checks; `evolve` applies `BotSeated` and `SeatLeft`; views show the result.
 */

/** True when nobody, player or bot, has taken `seat`. */
export function isFree(game: GameState, seat: Seat): boolean {
  return seat >= 0 && seat < game.seatCount && !game.players[seat] && !game.bots[seat];
}

/** The lowest free seat, or -1 when every seat is taken. */
export function firstFreeSeat(game: GameState): Seat {
  for (let seat = 0; seat < game.seatCount; seat++) if (isFree(game, seat)) return seat;
  return -1;
}

/** True when every seat is taken, by a player or a bot: a waiting game then starts. */
export function isFull(game: GameState): boolean {
  return game.seatCount > 0 && firstFreeSeat(game) < 0;
}

/** The level of the bot playing `seat`, or null when a player plays it (or nobody does yet). */
export function botAt(game: GameState, seat: Seat): BotLevel | null {
  return game.bots[seat] ?? null;
}

/** True when `seat`'s player left and a bot plays it now. */
export function hasLeft(game: GameState, seat: Seat): boolean {
  return !!game.players[seat] && !!game.bots[seat];
}

/** How a seat is named to the others: its player, or the bot that plays it. */
export function seatName(game: GameState, seat: Seat): string | undefined {
  const bot = botAt(game, seat);
  return bot ? `a ${bot} bot` : game.players[seat]?.name;
}

/** The codes seating a bot can be refused with, at creation or later. */
export type BotSeatCode = 'rules/game-full' | 'rules/unknown-seat' | 'rules/seat-taken' | 'rules/unknown-bot-level';

/**
 * Where and at what level a bot asked for by `request` sits in `game`: the seat it names (which must
 * be free) or the lowest free one, at the level it names or the game's `botLevel`. Or why it cannot.
 */
export function placeBot(
  game: WaitingGame,
  request: BotRequest,
): { readonly seat: Seat; readonly level: BotLevel } | Refusal<BotSeatCode> {
  const level = request.level ?? game.rules.botLevel;
  if (!(BOT_LEVELS as readonly unknown[]).includes(level)) {
    return reject('rules/unknown-bot-level', `A bot plays at one of ${BOT_LEVELS.join(', ')}, not ${String(level)}.`);
  }
  const { seat } = request;
  if (seat === undefined) {
    const free = firstFreeSeat(game);
    return free < 0 ? reject('rules/game-full', 'Every seat in this game is taken.') : { seat: free, level };
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.seatCount) {
    return reject('rules/unknown-seat', `There is no seat ${String(seat)} in this game.`);
  }
  if (!isFree(game, seat)) return reject('rules/seat-taken', `Seat ${seat} is taken already.`);
  return { seat, level };
}

/** The codes leaving can be refused with. */
export type LeaveCode =
  | 'rules/game-not-found'
  | 'rules/game-finished'
  | 'rules/unknown-seat'
  | 'rules/already-left'
  | 'rules/creator-cannot-leave'
  | 'rules/game-cancelled';

/**
 * Why the player of `seat` may not leave, or null when they may: a game over cannot be left, nor a seat
 * nobody sits in or a bot plays; before the start the creator (seat 0, unless a rematch) stays, since the game is theirs
 * to fill (with bots, say) until it starts.
 */
export function refuseLeave(game: GameState, seat: Seat): Refusal<LeaveCode> | null {
  if (game.status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  if (game.status === 'finished') return reject('rules/game-finished', 'The game is over: there is nothing to leave.');
  if (game.status === 'cancelled')
    return reject('rules/game-cancelled', 'The game was cancelled: there is nothing to leave.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.seatCount || isFree(game, seat)) {
    return reject('rules/unknown-seat', `Nobody sits in seat ${String(seat)} of this game.`);
  }
  if (botAt(game, seat)) return reject('rules/already-left', `A bot plays seat ${seat}: there is nobody to leave.`);
  if (game.status === 'waiting' && seat === game.setup.creator) {
    return reject(
      'rules/creator-cannot-leave',
      'The creator stays until the game starts: fill the free seats (with bots, say), then leave if you like.',
    );
  }
  return null;
}

/** The level of the bot that takes over from a player who leaves `game` now: the game's, once it is in play. */
export function successorOf(game: GameState): BotLevel | null {
  return game.status === 'playing' ? game.rules.botLevel : null;
}
