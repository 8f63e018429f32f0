import type { Store } from '@chickenfoot/store';
import type { Accounts } from '../accounts/accounts';
import type { Clock } from '../clock';
import { commandHash } from '../command-hash';
import { RateLimitedError, revokedWhileWaiting } from '../errors';
import { wasReplayed, type Replayable } from '../replayed';
import type { GameService } from '../games/service';
import { seatedIn } from '../seated';
import { TokenBuckets, type RateLimit } from '../token-buckets';
import { REVOKED } from '../waits/long-poll';
import type { GameWatcher } from '../waits/game-watcher';
import { MessageLog, messageStream, type GameMessage } from './log';

/** A table talk, not a chat room: a few lines at once, then one every 5 s, per player and game. */
export const MESSAGE_RATE: RateLimit = { burst: 5, perSecond: 0.2 };

/** The most messages one page holds. */
export const MESSAGE_PAGE = 200;

/** A page of a game's messages, as one player reads them. */
export interface MessagePage {
  readonly messages: GameMessage[];
  /** Pass as `after` for more; null: caught up. */
  readonly next: number | null;
  /** Where to resume (`after`) next time. */
  readonly seq: number;
  /** True while the reader mutes the game: `messages` is then empty. */
  readonly muted: boolean;
}

/** Which messages to read, and how long to wait for one when there is none yet. */
export interface MessagesQuery {
  readonly after: number;
  readonly limit?: number | undefined;
  /** With none after `after`: how long to wait for one (a long-poll), in ms; 0 answers at once. */
  readonly waitMs?: number;
  /** Aborted when the client goes away. */
  readonly signal?: AbortSignal;
  /** The session of the token the caller waits with: revoked, it ends the wait. */
  readonly session?: string;
}

/** What the messages' service is built from. */
export interface MessagesParts {
  readonly store: Store;
  readonly games: Pick<GameService, 'load'>;
  /** Where a player's mutes are kept: their account (and whether a waiting token is still open). */
  readonly accounts: Pick<Accounts, 'mute' | 'muted' | 'sessionOpen'>;
  /** Long-polls of the message streams (a watcher of their own: its waits are not the game's). */
  readonly watcher: GameWatcher;
  readonly clock: Clock;
  /** Messages per player and game (default `MESSAGE_RATE`). */
  readonly rate?: RateLimit;
}

/**
 * A game's table talk: its seated players post (not those who left), every one of them reads (those
 * who left too), and each may mute the game's messages for themselves (kept on their account).
 */
export class MessagesService {
  readonly #log: MessageLog;
  // Per player and game, in this process (like the per-player limit): a burst, then a slow refill.
  readonly #buckets: TokenBuckets;

  constructor(private readonly parts: MessagesParts) {
    this.#log = new MessageLog(parts.store);
    this.#buckets = new TokenBuckets(parts.rate ?? MESSAGE_RATE, parts.clock);
  }

  /** Posts `text` from the player's seat; a retry with the same key answers with the message it posted (marked replayed). */
  async post(playerId: string, gameId: string, key: string, text: string): Promise<GameMessage & Replayable> {
    const { seat, left } = await seatedIn(this.parts.games, gameId, playerId);
    const bucket = `${playerId}:${gameId}`;
    if (!this.#buckets.take(bucket)) {
      const retry = this.#buckets.retryAfter(bucket);
      throw new RateLimitedError(`Too many messages: try again in ${retry} s.`, retry);
    }
    const meta = { key, commandHash: commandHash('message', playerId, text), at: new Date(this.parts.clock()) };
    const posted = await this.#log.post(gameId, { type: 'post', seat, left, text }, { ...meta, by: playerId });
    // A retry of a post recorded already is no new message: it costs the player nothing of the limit.
    if (wasReplayed(posted)) {
      this.#buckets.giveBack(bucket);
      return posted;
    }
    // Those waiting on this table in this process hear of it at once, not at their next poll.
    this.parts.watcher.nudge(messageStream(gameId));
    return posted;
  }

  /**
   * The messages after `after` (at most `limit`, and `MESSAGE_PAGE`), none while the player mutes the
   * game. With `waitMs` and none yet, waits that long for one (a long-poll on the game's message
   * stream, as fast as the game's own events), then reads again.
   */
  async list(playerId: string, gameId: string, query: MessagesQuery): Promise<MessagePage> {
    await seatedIn(this.parts.games, gameId, playerId);
    const { after } = query;
    const limit = Math.min(query.limit ?? MESSAGE_PAGE, MESSAGE_PAGE);
    let found = await this.#log.after(gameId, after, limit);
    const muted = await this.parts.accounts.muted(playerId, gameId);
    if (found.messages.length === 0 && !muted && (query.waitMs ?? 0) > 0) {
      if ((await this.#wait(playerId, gameId, query)) > after) found = await this.#log.after(gameId, after, limit);
    }
    const seq = found.messages.at(-1)?.seq ?? after;
    return { messages: muted ? [] : found.messages, next: found.next, seq, muted };
  }

  /** Waits for the game's messages to pass `query.after`; a token revoked meanwhile ends it (401). */
  async #wait(playerId: string, gameId: string, query: MessagesQuery): Promise<number> {
    const { session, signal } = query;
    const alive = session === undefined ? undefined : () => this.parts.accounts.sessionOpen(playerId, session);
    const latest = await this.parts.watcher.wait(messageStream(gameId), playerId, query.after, query.waitMs ?? 0, {
      ...(signal ? { signal } : {}),
      ...(alive ? { alive } : {}),
    });
    if (latest === REVOKED) throw revokedWhileWaiting();
    return latest;
  }

  /**
   * Mutes (or unmutes) the game's messages for the player alone: a change of their account, so it
   * holds on every device. Setting it again changes nothing.
   */
  async mute(playerId: string, gameId: string, muted: boolean): Promise<{ muted: boolean }> {
    await seatedIn(this.parts.games, gameId, playerId);
    await this.parts.accounts.mute(playerId, gameId, muted);
    return { muted };
  }
}
