import type { BotRequest, Command } from './commands';
import { dealHand } from './flow';
import type { Recorder } from './recorder';
import { reject, type Refusal, type RejectionOf } from './rejections';
import { isFull, placeBot, refuseLeave, successorOf, type BotSeatCode } from './seats';
import type { WaitingGame } from './state';

/** Seats a bot in a free seat of a waiting game; only the creator may. The last seat taken starts the game. */
export function decideAddBot(
  command: Extract<Command, { type: 'add-bot' }>,
  rec: Recorder,
): RejectionOf<'add-bot'> | undefined {
  const game = rec.state;
  if (game.status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  if (game.status === 'cancelled') return reject('rules/game-cancelled', 'The game was cancelled before it started.');
  if (command.by !== game.setup.creator) {
    return reject('rules/not-creator', 'Only the player who created the game may seat a bot.');
  }
  if (game.status !== 'waiting') return reject('rules/game-full', 'The game has started: every seat is taken.');
  const seated = seatBots(rec, game, [command.bot]);
  if ('ok' in seated) return seated;
  startWhenFull(rec, seated);
  return undefined;
}

/**
 * The player of `command.seat` leaves. Before the start their seat is free again; in play a bot at the
 * game's `botLevel` takes it over as it stands, and the game goes on.
 */
export function decideLeave(
  command: Extract<Command, { type: 'leave' }>,
  rec: Recorder,
): RejectionOf<'leave'> | undefined {
  const game = rec.state;
  const refused = refuseLeave(game, command.seat);
  if (refused) return refused;
  const event = { type: 'SeatLeft', seat: command.seat, bot: successorOf(game) } as const;
  if (game.status === 'waiting') rec.waiting(game, event);
  else rec.emit(event);
  return undefined;
}

/** Seats each requested bot in turn (each sees the seats the ones before it took); the game after, or why not. */
export function seatBots(
  rec: Recorder,
  game: WaitingGame,
  requests: readonly BotRequest[],
): WaitingGame | Refusal<BotSeatCode> {
  let now = game;
  for (const request of requests) {
    const place = placeBot(now, request);
    if ('ok' in place) return place;
    now = rec.waiting(now, { type: 'BotSeated', seat: place.seat, level: place.level });
  }
  return now;
}

/** Starts a waiting game whose seats are all taken: `GameStarted`, then the first hand's deal. */
export function startWhenFull(rec: Recorder, game: WaitingGame): void {
  if (isFull(game)) dealHand(rec, rec.waiting(game, { type: 'GameStarted' }), 0);
}
