import type { Store } from '@chickenfoot/store';
import { DeciderStream, type StreamCommit } from '../streams/decider-stream';
import { markReplayed, type Replayable } from '../replayed';
import { messageDecider, type MessageCommand, type MessageEvent, type MessagesState } from './message-decider';

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

const messageOf = (commit: StreamCommit<MessageEvent>): GameMessage => {
  const [event] = commit.events as [MessageEvent];
  return { seq: commit.version, seat: event.seat, at: commit.at, text: event.text };
};

/** Posting and reading a game's messages: one commit each, its version the message's `seq`. */
export class MessageLog {
  readonly #stream: DeciderStream<MessageCommand, MessageEvent, MessagesState>;

  constructor(store: Store) {
    this.#stream = new DeciderStream(store, messageDecider, {
      snapshots: false,
      recognise: RECENT,
      retries: RACE_RETRIES,
    });
  }

  /**
   * Appends a message as the stream's next version: one Query (the newest messages) and one
   * conditional PutItem; when another message takes that version first, tried again. A retry with
   * the same key (and text) answers with the message it recorded (marked replayed); the key with another text throws
   * `KeyReusedError`; a refusal of the decider is thrown as it is.
   */
  async post(
    gameId: string,
    command: MessageCommand,
    meta: { key: string; commandHash: string; at: Date; by: string },
  ): Promise<GameMessage & Replayable> {
    const { commit, replayed } = await this.#stream.handle(messageStream(gameId), command, meta);
    if (!commit) throw new TypeError('a post always records a message');
    return markReplayed(messageOf(commit), replayed);
  }

  /** The messages after `after`, oldest first, at most `limit`; `next` when there are more. */
  async after(gameId: string, after: number, limit: number): Promise<{ messages: GameMessage[]; next: number | null }> {
    const page = await this.#stream.readAfter(messageStream(gameId), after, limit);
    return { messages: page.commits.map(messageOf), next: page.next };
  }
}
