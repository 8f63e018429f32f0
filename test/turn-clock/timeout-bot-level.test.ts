// README: "At the deadline the server moves for you: your seat's bot (at `botLevel`) makes a play or a
// pass"; docs/rules.md: "its bot at the game's `botLevel` (default `greedy`)", and an away seat's
// stand-in shows that level. Through the real app and its sweeper on a fake clock; the server's bots are
// the real ones, watched on their way through (`bots.choose`, the app's seam for its players).
import { testApi } from '@chickenfoot/api/testing';
import { chooseMove, type BotInput } from '@chickenfoot/bots';
import type { Move } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';

const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;

/** A clocked game of two players at `botLevel` (the default when undefined), and the bots' decisions. */
async function clocked(botLevel: string | undefined) {
  const clock = { now: T0 };
  const asked: { seat: number | null; level: string; move: Move | null }[] = [];
  const choose = (input: BotInput) => {
    const move = chooseMove(input);
    asked.push({ seat: input.view.viewer, level: input.level, move });
    return move;
  };
  const harness = await testApi(inject('dynamoEndpoint'), {
    clock: () => clock.now,
    bots: { choose, budgetMs: 20 },
  });
  const rules = { set: 6, turnHours: 1, awayAfter: 1, ...(botLevel ? { botLevel } : {}) };
  const game = await harness.api.startGame(2, rules);
  return { ...harness, ...game, clock, asked };
}

describe('a turn that times out', () => {
  it.each([
    ['random', 'random'],
    ['greedy', 'greedy'],
    ['strong', 'strong'],
    [undefined, 'greedy'],
  ] as const)(
    'is played by a bot at the game’s botLevel (%s → %s), recorded after TurnTimedOut',
    async (botLevel, level) => {
      const { api, sweeper, clock, asked, tokens, gameId } = await clocked(botLevel);
      const before = (await api.view(tokens[0]!, gameId)).body;
      const seat = before.hand.turn as number;
      expect(asked).toEqual([]);
      clock.now = T0 + HOUR;
      expect(await sweeper.sweep(clock.now)).toMatchObject({ effects: { applied: 1 } });
      // The timed-out seat's decision came first, at the game's level, and its choice is what was played.
      const [decision] = asked;
      expect(decision).toMatchObject({ seat, level });
      const commit = (await api.events(tokens[1 - seat]!, gameId, before.version)).body.commits[0];
      // awayAfter 1: this timeout also makes the seat away, recorded before the timeout's move (rules.md).
      expect(commit.events.slice(0, 2)).toEqual([
        { type: 'TurnTimedOut', seat },
        { type: 'SeatAway', seat },
      ]);
      const move = decision!.move!;
      expect(commit.events[2]).toMatchObject(
        move.type === 'play'
          ? { type: 'TilePlayed', seat, tile: move.tile, on: move.on }
          : { type: 'TurnPassed', seat },
      );
      // The stand-in shows the same level, and plays at it.
      const after = (await api.view(tokens[1 - seat]!, gameId)).body;
      expect(after.seats[seat]).toMatchObject({ away: true, bot: level });
      expect(asked.filter((a) => a.seat === seat).map((a) => a.level)).toEqual(
        asked.filter((a) => a.seat === seat).map(() => level),
      );
    },
  );
});
