import { describe, expect, it } from 'vitest';
import { given } from '../streams/decider';
import { messageDecider as messages, type MessageEvent } from './message-decider';

const posted = (seat: number, text: string): MessageEvent => ({ type: 'MessagePosted', seat, text });

describe('a game’s messages, given/when/then', () => {
  it('posts a seated player’s message, whatever was said before', () => {
    for (const history of [[], [posted(1, 'hi'), posted(0, 'hello')]])
      expect(given(messages, history).when({ type: 'post', seat: 2, left: false, text: 'gl hf' })).toEqual([
        posted(2, 'gl hf'),
      ]);
  });

  it('refuses a player who left the game: they read, they do not post', () => {
    expect(given(messages, [posted(1, 'hi')]).when({ type: 'post', seat: 1, left: true, text: 'bye' })).toMatchObject({
      kind: 'refused',
      code: 'game/left',
    });
  });

  it('keeps no state: a message needs nothing of the ones before it', () => {
    expect(given(messages, [posted(0, 'a'), posted(1, 'b')]).state).toEqual(messages.initialState());
  });
});
