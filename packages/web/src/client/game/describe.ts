import type { BoardLayout } from '../../board/layout';
import type { Commit, Game, GameEvent } from '../api';
import { BOT_NAMES, playerName, seatName } from './seat-names';
import type { NewsEntry } from './store';

/** What a sentence needs: who sits where, and the names of the current hand's placements. */
export interface Speaker {
  readonly view: Game;
  /** The board's name of a placement of the current hand ("6-4 on the 6 of spoke 2"), if known. */
  readonly placement: (id: number, tile: string) => string | null;
}

/** The speaker of `view`, naming placements as `layout` (the board the view shows) labels them. */
export function speakerFor(view: Game, layout: BoardLayout | null): Speaker {
  return {
    view,
    placement: (id, tile) => layout?.tiles.find((t) => t.id === id && t.tile === tile)?.label ?? null,
  };
}

/** "You" for the viewer, the seat's name otherwise. */
function who(speaker: Speaker, seat: number): string {
  return seatName(speaker.view, seat, true);
}

/** Each seat's points, by name: "Ann 12, Bob 0". */
function scores(speaker: Speaker, points: readonly number[]): string {
  return points.map((p, seat) => `${who(speaker, seat)} ${p}`).join(', ');
}

/** One event as a sentence, as this player may know it (the API has already redacted it). */
export function describe(event: GameEvent, speaker: Speaker, inHand: boolean): string {
  switch (event.type) {
    case 'GameCreated':
      return `The game was created: ${event.seats} seats, double-${event.rules.set}.`;
    case 'SeatTaken':
      return `${event.seat === speaker.view.yourSeat ? 'You' : playerName(event.player.name, event.seat)} took seat ${event.seat + 1}.`;
    case 'GameStarted':
      return 'Every seat is taken: the game has started.';
    case 'HandDealt':
      return `Hand ${event.hand + 1} was dealt${event.tiles ? ` (you got ${event.tiles.length} tiles)` : ''}: the ${event.opener} opens it.`;
    case 'TileDrawn': {
      const what = event.tile ? event.tile : 'a tile';
      const why =
        event.reason === 'penalty' ? ' as a penalty' : event.reason === 'opening' ? ' looking for the opener' : '';
      return `${who(speaker, event.seat)} drew ${what}${why}.`;
    }
    case 'RootPlaced':
      return `${who(speaker, event.seat)} placed the ${event.tile} in the middle.`;
    case 'TilePlayed': {
      const where = (inHand && speaker.placement(event.id, event.tile)) || event.tile;
      return `${who(speaker, event.seat)} played ${where}${event.forced ? ' (the only move)' : ''}.`;
    }
    case 'TurnPassed':
      return `${who(speaker, event.seat)} passed.`;
    case 'TurnSkipped':
      return `${who(speaker, event.seat)} lost a turn.`;
    case 'ChickenlittleAnnounced':
      return `${who(speaker, event.seat)} said “Chickenlittle!”${event.auto ? ' (said by the game)' : ''}`;
    case 'ChickenlittleCalledOut':
      return calledOut(event, speaker);
    case 'HandEnded': {
      const how = event.out === null ? 'nobody could play' : `${who(speaker, event.out)} went out`;
      return `Hand ${event.hand + 1} is over: ${how}. Points: ${scores(speaker, event.scores)}.`;
    }
    case 'GameEnded': {
      const names = event.winners.map((seat) => who(speaker, seat));
      const best = event.totals[event.winners[0] ?? 0] ?? 0;
      return `The game is over: ${names.join(' and ')} won with ${best} points. Totals: ${scores(speaker, event.totals)}.`;
    }
    default:
      return describeSeat(event, speaker);
  }
}

/** The events about the seats and whoever plays them (a bot, someone away, someone given time), and a cancelled game. */
type SeatEvent = Extract<
  GameEvent,
  {
    type:
      | 'BotSeated'
      | 'SeatLeft'
      | 'GameCancelled'
      | 'TurnTimedOut'
      | 'SeatAway'
      | 'SeatReturned'
      | 'TimeGiven'
      | 'PlayerErased';
  }
>;

/** A seat's event as a sentence: `describe`'s second half, which says anything it does not know plainly. */
function describeSeat(event: SeatEvent, speaker: Speaker): string {
  switch (event.type) {
    case 'BotSeated':
      return `A ${BOT_NAMES[event.level].toLowerCase()} took seat ${event.seat + 1}.`;
    case 'SeatLeft': {
      const player = speaker.view.seats[event.seat]?.player;
      const name = player ? playerName(player.name, event.seat) : `Seat ${event.seat + 1}`;
      const who = event.seat === speaker.view.yourSeat ? 'You' : name;
      return event.bot
        ? `${who} left the game: a ${BOT_NAMES[event.bot].toLowerCase()} plays the seat from now on.`
        : `${who} left the game: seat ${event.seat + 1} is free again.`;
    }
    case 'GameCancelled':
      return event.reason === 'creator'
        ? 'The game was cancelled by its creator before it started.'
        : 'The game was closed: it waited too long for players.';
    case 'TurnTimedOut':
      return `${who(speaker, event.seat)} ran out of time: a bot moves for them.`;
    case 'SeatAway':
      return `${who(speaker, event.seat)} timed out too often and is away: a bot plays their turns until they come back.`;
    case 'SeatReturned':
      return `${who(speaker, event.seat)} came back and plays their own turns again.`;
    case 'TimeGiven':
      return `${who(speaker, event.by)} gave ${who(speaker, event.seat)} ${event.hours} more hour${event.hours === 1 ? '' : 's'}.`;
    case 'PlayerErased':
      return `The player of seat ${event.seat + 1} deleted their account: the seat keeps its place, without a name.`;
    default:
      return unknown(event);
  }
}

/**
 * A call-out, said so that whoever lapsed knows why it cost them: one tile left, no "Chickenlittle!"
 * said before another player placed a tile.
 */
function calledOut(event: Extract<GameEvent, { type: 'ChickenlittleCalledOut' }>, speaker: Speaker): string {
  const caller = who(speaker, event.by);
  if (event.seat === speaker.view.yourSeat) {
    const cost = event.penalty === 'draw' ? 'draw a penalty tile' : 'lose your next turn (the boneyard is empty)';
    return `${caller} called you out: you had one tile left and had not said “Chickenlittle!” when the next tile was placed, so you ${cost}.`;
  }
  const name = seatName(speaker.view, event.seat);
  const cost = event.penalty === 'draw' ? 'draws a penalty tile' : 'loses the next turn';
  return `${caller} called ${name} out: one tile left and no “Chickenlittle!” when the next tile was placed, so ${name} ${cost}.`;
}

/** A kind of event this client does not know yet (the API added one): said plainly, never a crash. */
function unknown(event: never): string {
  return `Something happened (${(event as { type: string }).type}).`;
}

/**
 * The commits as sentences, oldest first, each with the hand it belongs to. `hand` is the hand the
 * first of them is of (the story so far knows it); left out, it is the view's when they hold no deal,
 * and none until their deal when they do. A placement is named by the board only when it is of the
 * hand on the table now (placement ids start again each hand).
 * @example toNews(page.commits, speaker, 3)
 */
export function toNews(commits: readonly Commit[], speaker: Speaker, hand?: number | null): NewsEntry[] {
  const dealt = commits.some((c) => c.events.some((e) => e.type === 'HandDealt'));
  let current: number | null = hand !== undefined ? hand : dealt ? null : (speaker.view.hand?.index ?? null);
  const entries: NewsEntry[] = [];
  for (const commit of commits) {
    for (const [n, event] of commit.events.entries()) {
      if (event.type === 'HandDealt') current = event.hand;
      const inHand = current !== null && current === speaker.view.hand?.index;
      const milestone = event.type === 'HandEnded' || event.type === 'GameEnded';
      const text = describe(event, speaker, inHand);
      const key = `${commit.version}.${n}`;
      entries.push({ key, version: commit.version, at: commit.at, text, milestone, hand: current });
    }
  }
  return entries;
}
