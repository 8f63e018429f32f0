import { ConcurrencyError, IdempotencyConflictError, type Commit, type EventStore } from '@chickenfoot/store';

/** One message of a game, as every reader sees it: who (a seat), when, and what. Nothing of the game. */
export interface GameMessage {
  /** 1 for a game's first message: resume after it. */
  readonly seq: number;
  readonly seat: number;
  readonly at: string;
  readonly text: string;
}

/**
 * A game's messages are a stream of their own beside the game's (its id and ".messages"), so a message
 * never races a move: posting needs no If-Match, and two messages at once only retry each other.
 */
export const messageStream = (gameId: string): string => `${gameId}.messages`;

// A retried post is recognised among this many of the newest messages (one Query reads them with the
// newest version): posts are rate-limited, so a retry comes back long before 25 others were posted.
const RECENT = 25;
const RACE_RETRIES = 8;

const messageOf = (commit: Commit): GameMessage => {
  const [event] = commit.events as [{ seat: number; text: string }];
  return { seq: commit.version, seat: event.seat, at: commit.at, text: event.text };
};

/** Posting and reading a game's messages. */
export class MessageLog {
  constructor(private readonly store: EventStore) {}

  /**
   * Appends a message from `seat` as the stream's next version: one Query (the newest messages) and
   * one conditional PutItem; when another message takes that version first, tried again. A retry
   * with the same key (and text) answers with the message it recorded; the key with another text
   * throws `IdempotencyConflictError`.
   */
  async post(
    gameId: string,
    seat: number,
    text: string,
    options: { key: string; commandHash: string; at: Date; by: string },
  ): Promise<GameMessage> {
    const stream = messageStream(gameId);
    for (let attempt = 0; ; attempt++) {
      const recent = await this.store.readRecent(stream, { count: RECENT, snapshots: false });
      const recorded = recent.find((c) => c.idempotencyKey === options.key);
      if (recorded) {
        if (recorded.commandHash !== options.commandHash)
          throw new IdempotencyConflictError(stream, options.key, recorded.version);
        return messageOf(recorded);
      }
      const version = recent.at(-1)?.version ?? 0;
      try {
        const { commit } = await this.store.append(stream, version, [{ type: 'MessagePosted', seat, text }], {
          idempotencyKey: options.key,
          commandHash: options.commandHash,
          at: options.at,
          by: options.by,
        });
        return messageOf(commit);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  /** The messages after `after`, oldest first, at most `limit`; `next` when there are more. */
  async after(gameId: string, after: number, limit: number): Promise<{ messages: GameMessage[]; next: number | null }> {
    const page = await this.store.readAfter(messageStream(gameId), after, { limit });
    return { messages: page.commits.map(messageOf), next: page.next };
  }
}
