import { seatName, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { Notification } from '../webhooks/notifications';
import { PUSH_TEST } from './event-types';

/**
 * What a push says, as the service worker reads it (decrypted in the browser): enough to show a
 * notification and open its game, and nothing a stranger could use. The game, whose turn (the
 * recipient's: the push is theirs), the deadline, who moved, a short text; never a tile, a hand, a
 * token or a secret. Built per recipient, since "you" and "your" are theirs.
 */
export interface PushPayload {
  readonly type: Notification['type'] | typeof PUSH_TEST;
  readonly gameId: string | null;
  readonly version: number;
  readonly title: string;
  readonly body: string;
  /** The page to open on a click: the game's, or the home page. */
  readonly url: string;
  /** When the recipient's turn times out (ISO 8601), or null. */
  readonly deadline: string | null;
  /** Who moved (a seat's name as the table sees it), or null. */
  readonly by: string | null;
  /** One notification per game on the device: a newer one replaces it. */
  readonly tag: string;
  /** When it happened, ISO 8601. */
  readonly at: string;
}

/** What a payload is made from: the notification, its recipient, the game after it and the commit's events. */
export interface PayloadFacts {
  readonly notification: Notification;
  readonly recipient: string;
  readonly game: GameState;
  readonly events: readonly GameEvent[];
  readonly at: string;
}

// A move by a seat: the first of a commit's names who acted (a timeout's bot move is its player's seat).
const MOVES: ReadonlySet<GameEvent['type']> = new Set(['RootPlaced', 'TilePlayed', 'TurnPassed', 'TileDrawn']);

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The name of the seat that moved first in `events`, or null (no move: a game's start, a reminder). */
export function moverOf(game: GameState, events: readonly GameEvent[]): string | null {
  const move = events.find((e) => MOVES.has(e.type)) as { seat?: number } | undefined;
  return move?.seat === undefined ? null : (seatName(game, move.seat) ?? null);
}

/** The others at the table, by name, as a list in words ("Ann, Bob and a greedy bot"). */
function othersOf(game: GameState, recipient: string): string {
  const names = game.players.flatMap((p, seat) => (p?.id === recipient ? [] : [seatName(game, seat) ?? 'a bot']));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The title and text of a notification, in the recipient's words. */
function wordsOf(facts: PayloadFacts, by: string | null): { title: string; body: string } {
  const { notification: n, game, recipient } = facts;
  switch (n.type) {
    case 'turn.started':
      return { title: 'Your turn', body: by ? `${capital(by)} moved: it is your turn.` : 'It is your turn.' };
    case 'turn.reminder':
      return { title: 'Your turn is running out', body: 'Move before the deadline, or a bot moves for you.' };
    case 'turn.timed-out':
      return { title: 'Your time ran out', body: 'A bot moved for you. Your next turn is yours again.' };
    case 'game.started':
      return { title: 'Your game started', body: `With ${othersOf(game, recipient) || 'the table'}.` };
    case 'hand.ended':
      return { title: 'A hand is over', body: `Hand ${(n.data.hand ?? 0) + 1} is over: see the scores.` };
    case 'game.finished': {
      const winners = (n.data.winners ?? []).map((s) =>
        game.players[s]?.id === recipient ? 'you' : (seatName(game, s) ?? 'a bot'),
      );
      const won = winners.length === 0 ? 'The game is over.' : `${capital(winners.join(' and '))} won.`;
      return { title: 'Game over', body: won };
    }
    case 'game.cancelled':
      return {
        title: 'Game cancelled',
        body:
          n.data.cancelled === 'stale'
            ? 'It waited too long for players and was closed.'
            : `${capital(seatName(game, game.setup.creator) ?? 'Its creator')} cancelled it before it began.`,
      };
    case 'rematch.offered': {
      const proposer = seatName(game, game.setup.creator) ?? 'Someone';
      return { title: 'Rematch?', body: `${capital(proposer)} wants to play again, same rules, same seats.` };
    }
  }
}

/** The payload of one notification for one recipient. */
export function pushPayloadOf(facts: PayloadFacts): PushPayload {
  const { notification: n } = facts;
  const by = n.type === 'turn.started' ? moverOf(facts.game, facts.events) : null;
  return {
    type: n.type,
    gameId: n.data.gameId,
    version: n.data.version,
    ...wordsOf(facts, by),
    url: `/games/${n.data.gameId}`,
    deadline: n.data.deadline ?? null,
    by,
    tag: `game-${n.data.gameId}`,
    at: facts.at,
  };
}

/** The payload of a test push (`POST /v1/me/push-subscriptions/{id}/test`). */
export function testPayload(at: string): PushPayload {
  return {
    type: PUSH_TEST,
    gameId: null,
    version: 0,
    title: 'Notifications are on',
    body: 'This device will be told when it is your turn.',
    url: '/',
    deadline: null,
    by: null,
    tag: 'test',
    at,
  };
}
