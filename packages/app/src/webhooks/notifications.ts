import type { GameEvent, GameState } from '@chickenfoot/rules';
import { movesTurnOn } from '../games/turn-clock';
import type { WebhookEventType } from './event-types';

/**
 * What a notification says, by type: thin on purpose. Ids, the game's version (fetch its events
 * `after` the version you have to catch up) and what a receiver needs to decide whether to fetch;
 * never a tile, never a hand. Each type carries exactly its fields (see contract/webhook-events.ts).
 */
export interface NotificationData {
  readonly gameId: string;
  readonly version: number;
  /** turn.*: the recipient's seat. */
  readonly seat?: number | null;
  /** turn.started / turn.reminder: when the turn times out (ISO 8601), or null without a clock. */
  readonly deadline?: string | null;
  /** hand.ended: which hand (0-based), how it ended, who went out, each seat's points and totals. */
  readonly hand?: number;
  readonly reason?: 'out' | 'blocked';
  readonly out?: number | null;
  readonly scores?: readonly number[];
  readonly totals?: readonly number[];
  /** game.finished: the winning seats. */
  readonly winners?: readonly number[];
  /** rematch.offered: the finished game the rematch is of. */
  readonly rematchOf?: string;
  /** game.cancelled: by its creator, or closed after waiting too long for players (`stale`). */
  readonly cancelled?: 'creator' | 'stale';
}

/**
 * What a commit can notify of: every webhook event, and `rematch.offered` (a person's news: pushed,
 * not a webhook event, so no endpoint ever wants it).
 */
export type NotificationType = WebhookEventType | 'rematch.offered';

/** One notification and whom it is for. */
export interface Notification {
  readonly type: NotificationType;
  /** Player ids (never a bot: a bot seat has no player to tell). */
  readonly recipients: readonly string[];
  readonly data: NotificationData;
}

/** What a commit is, for deriving its notifications. */
export interface CommitFacts {
  readonly gameId: string;
  readonly version: number;
  readonly events: readonly GameEvent[];
  /** The game after the commit. */
  readonly after: GameState;
  /** Whom the game awaited before and after it, when that changed (the commit's turn change). */
  readonly turn: { readonly from: string | null; readonly to: string | null } | null;
  /** The player the game awaits after it (changed or not), or null. */
  readonly awaited: string | null;
  /** The awaited player's deadline after it, or null. */
  readonly deadline: string | null;
}

/** The players in the game's seats who are people: not a bot's seat (one left by its player included). */
export function peopleOf(state: GameState): string[] {
  return state.players.flatMap((player, seat) => (player && !state.bots[seat] ? [player.id] : []));
}

const seatOfPlayer = (state: GameState, playerId: string): number | null => {
  const seat = state.players.findIndex((p) => p?.id === playerId);
  return seat < 0 ? null : seat;
};

/**
 * The notifications a commit makes, in the order they happened: a pure function of the commit, so
 * the move path (to know whether any is wanted) and the sweeper (to deliver them) derive the same.
 * `turn.started` goes to the player the game awaits after a commit that began a turn of theirs: one
 * that changed whom it awaits, or moved the turn on and back to them (never for a bot's turn, nor for
 * a move that keeps the same turn going, a draw).
 * `rematch.offered` goes to the players a rematch keeps a seat for, but its proposer.
 * `turn.reminder` is not a commit's: the sweeper makes it at 80% of a clocked turn.
 */
export function notificationsOf(facts: CommitFacts): Notification[] {
  const { gameId, version, after } = facts;
  const everyone = peopleOf(after);
  const out: Notification[] = [];
  for (const event of facts.events) {
    if (event.type === 'GameStarted')
      out.push({ type: 'game.started', recipients: everyone, data: { gameId, version } });
    else if (event.type === 'GameCreated' && event.rematchOf !== undefined && event.reserved) {
      // The proposer's seat is theirs already; the others' are kept for them until they accept.
      const proposer = event.reserved[event.creator ?? 0];
      const recipients = event.reserved.filter((id): id is string => id !== null && id !== proposer);
      if (recipients.length > 0)
        out.push({ type: 'rematch.offered', recipients, data: { gameId, version, rematchOf: event.rematchOf } });
    } else if (event.type === 'TurnTimedOut') {
      const player = after.players[event.seat];
      if (player)
        out.push({ type: 'turn.timed-out', recipients: [player.id], data: { gameId, version, seat: event.seat } });
    } else if (event.type === 'HandEnded') {
      // Totals change only when a hand ends, and one commit ends at most one hand: the state's are this hand's.
      out.push({
        type: 'hand.ended',
        recipients: everyone,
        data: {
          gameId,
          version,
          hand: event.hand,
          reason: event.reason,
          out: event.out,
          scores: event.scores,
          totals: after.totals,
        },
      });
    } else if (event.type === 'GameCancelled') {
      // Whoever joined is told; a creator who cancelled knows it already.
      const creator = after.players[after.setup.creator]?.id;
      const told = event.reason === 'creator' ? everyone.filter((id) => id !== creator) : everyone;
      if (told.length > 0)
        out.push({ type: 'game.cancelled', recipients: told, data: { gameId, version, cancelled: event.reason } });
    } else if (event.type === 'GameEnded')
      out.push({
        type: 'game.finished',
        recipients: everyone,
        data: { gameId, version, totals: event.totals, winners: event.winners },
      });
  }
  const to = facts.awaited;
  // A new turn: whom the game awaits changed, or the turn moved on and came back to the same player
  // (every other seat had a forced move): either way they have a turn to take, with a new deadline.
  const changed = facts.turn !== null && facts.turn.from !== facts.turn.to;
  if (to !== null && after.status === 'playing' && (changed || movesTurnOn(facts.events))) {
    out.push({
      type: 'turn.started',
      recipients: [to],
      data: { gameId, version, seat: seatOfPlayer(after, to), deadline: facts.deadline },
    });
  }
  return out;
}
