import { decide, evolve, initialState, type Command, type GameEvent, type GameState } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { notificationsOf, peopleOf, type CommitFacts } from './notifications';

const base = (events: GameEvent[], after: GameState, turn: CommitFacts['turn'] = null): CommitFacts => ({
  gameId: 'g_1',
  version: 7,
  events,
  after,
  turn,
  awaited: turn?.to ?? null,
  deadline: null,
});

/** A 2-seat game of Ann and Bob, started (dealt from an unshuffled deck). */
function started(): GameState {
  const ctx = { shuffle: (tiles: readonly string[]) => [...tiles] };
  let state = initialState();
  const apply = (command: Command) => {
    const d = decide(command, state, ctx);
    if (!d.ok) throw new Error(d.code);
    state = d.events.reduce(evolve, state);
    return d.events;
  };
  apply({ type: 'create', player: { id: 'ann', name: 'Ann' }, seats: 2, rules: { set: 6 } });
  apply({ type: 'join', player: { id: 'bob', name: 'Bob' } });
  return state;
}

describe('notifications of a commit', () => {
  it('tells the player now awaited that their turn began, and nobody when the same player stays in turn', () => {
    const state = started();
    expect(notificationsOf(base([], state, { from: 'ann', to: 'bob' }))).toEqual([
      { type: 'turn.started', recipients: ['bob'], data: { gameId: 'g_1', version: 7, seat: 1, deadline: null } },
    ]);
    expect(notificationsOf(base([], state, null))).toEqual([]);
    // A bot's turn (nobody awaited) is nobody's news.
    expect(notificationsOf(base([], state, { from: 'ann', to: null }))).toEqual([]);
  });

  it('tells every person at the table that the game started, a hand ended (scores) and the game is over', () => {
    const state = started();
    const scores = [0, 12];
    const ended: GameEvent[] = [
      { type: 'HandEnded', hand: 0, reason: 'out', out: 0, scores, hands: [[], ['6-6']] },
      { type: 'GameEnded', totals: [0, 12], winners: [0] },
    ];
    const made = notificationsOf(base([{ type: 'GameStarted' }, ...ended], state));
    expect(made.map((n) => [n.type, n.recipients])).toEqual([
      ['game.started', ['ann', 'bob']],
      ['hand.ended', ['ann', 'bob']],
      ['game.finished', ['ann', 'bob']],
    ]);
    expect(made[1]!.data).toEqual({
      gameId: 'g_1',
      version: 7,
      hand: 0,
      reason: 'out',
      out: 0,
      scores,
      totals: state.totals,
    });
    // Thin: the hands revealed at the end of the hand are not in it.
    expect(JSON.stringify(made)).not.toContain('6-6');
    expect(made[2]!.data).toEqual({ gameId: 'g_1', version: 7, totals: [0, 12], winners: [0] });
  });

  it('tells a timed-out player of their timeout, and leaves bot seats out of the table’s news', () => {
    const state = started();
    const withBot = { ...state, bots: [null, 'greedy'] } as GameState;
    expect(peopleOf(withBot)).toEqual(['ann']);
    const made = notificationsOf(base([{ type: 'TurnTimedOut', seat: 1 }, { type: 'GameStarted' }], withBot));
    expect(made).toEqual([
      { type: 'turn.timed-out', recipients: ['bob'], data: { gameId: 'g_1', version: 7, seat: 1 } },
      { type: 'game.started', recipients: ['ann'], data: { gameId: 'g_1', version: 7 } },
    ]);
  });
});

describe('turn.started on every new turn', () => {
  it('tells the mover of their new turn when the turn comes back to them in the same commit (the others had forced moves)', () => {
    const state = started();
    const awaitedNow = state.players[state.hand!.turn!]!.id;
    // The awaited player is the same before and after (no turn change), but the turn moved on.
    const facts = {
      ...base([{ type: 'TurnPassed', seat: 1 } as GameEvent], state, null),
      awaited: awaitedNow,
    };
    expect(notificationsOf(facts).map((n) => [n.type, n.recipients])).toEqual([['turn.started', [awaitedNow]]]);
    // A commit that does not move the turn on (a draw) begins no turn.
    const drew = {
      ...base([{ type: 'TileDrawn', seat: 0, tile: '6-6' } as GameEvent], state, null),
      awaited: awaitedNow,
    };
    expect(notificationsOf(drew)).toEqual([]);
  });
});
