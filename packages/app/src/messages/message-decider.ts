import { RefusedError } from '../errors';
import { unknownCommand, type Decider, type Decision } from '../streams/decider';

/** A message posted to a game's table, by a seat. */
export type MessageEvent = { readonly type: 'MessagePosted'; readonly seat: number; readonly text: string };

/** What a seated player asks of a game's messages (that they are seated is the caller's to check). */
export type MessageCommand = {
  readonly type: 'post';
  readonly seat: number;
  /** True when the poster has left the game: they may read its messages, not post. */
  readonly left: boolean;
  /** 1-280 characters, trimmed (the contract's schema checks them). */
  readonly text: string;
};

/**
 * A game's messages are a log: whether a message may be posted depends on nothing posted before it,
 * so the state is empty, and the stream keeps no snapshot (see `DeciderStream`'s `snapshots`).
 */
export type MessagesState = Readonly<Record<never, never>>;

/** A game with no messages. */
export const initialState = (): MessagesState => ({});

/** Nothing of a message is needed to decide the next one. */
export const evolve = (state: MessagesState, _event: MessageEvent): MessagesState => state;

function post(command: MessageCommand): Decision<MessageEvent> {
  if (command.left) return new RefusedError('game/left', 'You left this game: you may read its messages, not post.');
  return [{ type: 'MessagePosted', seat: command.seat, text: command.text }];
}

/** The events a command on a game's messages causes, or why it is refused. */
export function decide(command: MessageCommand, _state: MessagesState): Decision<MessageEvent> {
  switch (command.type) {
    case 'post':
      return post(command);
    default:
      return unknownCommand(command.type);
  }
}

/** A game's messages as a decider. */
export const messageDecider: Decider<MessageCommand, MessageEvent, MessagesState> = { initialState, evolve, decide };
