import { testApi } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { chooser } from './choice';
import { playObserved, type HiddenGame } from './hidden-game';
import { readTruth } from './knowledge';
import { checkExchanges, emptyReport } from './leaks';
import { figure, SOAK } from './scale';

// Every set, two to five seats, and the rule options that change what is drawn and shown. Whole
// games at the default hand sizes (a smaller hand does not make a game shorter: the boneyard is
// drawn either way). Double-15 with two seats (16 hands, ~1,700 moves) is the longest, so the
// long sets try refused moves and catch up less often.
export const HIDDEN_GAMES: readonly HiddenGame[] = [
  { set: 6, seats: 2, every: { probe: 5, catchUp: 7 } },
  { set: 6, seats: 5, rules: { opening: 'next-highest', drawnTile: 'must-play' }, every: { probe: 5, catchUp: 7 } },
  { set: 9, seats: 4, every: { probe: 5, catchUp: 7 } },
  { set: 12, seats: 3, rules: { spokes: 4, chickenlittle: 'auto' }, every: { probe: 9, catchUp: 15 } },
  { set: 15, seats: 2, every: { probe: 9, catchUp: 15 } },
  // With bots: their moves come in the players' replies and catch-ups, redacted like anyone's; a
  // player who leaves reads on as a spectator.
  { set: 6, seats: 3, bots: ['random', 'greedy'], every: { probe: 3, catchUp: 4 } },
  {
    set: 9,
    seats: 4,
    bots: ['greedy', 'random'],
    leaves: { seat: 1, afterMoves: 12 },
    every: { probe: 5, catchUp: 5 },
  },
  {
    set: 6,
    seats: 4,
    rules: { drawnTile: 'must-play' },
    leaves: { seat: 0, afterMoves: 9 },
    every: { probe: 5, catchUp: 6 },
  },
  // Turn clocks: absent players timed out (the server's move for them is redacted like theirs would
  // be), away seats played by their bot, more time given, seats taken back.
  { set: 6, seats: 3, rules: { turnHours: 2, awayAfter: 2 }, absences: { every: 3 }, every: { probe: 5, catchUp: 4 } },
  {
    set: 6,
    seats: 2,
    rules: { turnHours: 24, awayAfter: 2, botLevel: 'random' },
    absences: { every: 5 },
    every: { probe: 5, catchUp: 6 },
  },
];
/**
 * Plays each of `GAMES` to its end (one seed, ten under SOAK=1), every response and event a seat
 * receives scanned for a tile it may not know. Two test files share the list, so that the longest
 * games (the large sets) run beside the others rather than after them.
 */
export function hiddenInformationSuite(GAMES: readonly HiddenGame[]): void {
  const SEEDS = SOAK ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1];
  const report = emptyReport();
  let games = 0;

  describe('hidden information: no seat is ever shown a tile it may not know', () => {
    afterAll(() => {
      console.log(
        `hidden information: ${games} games, ${figure(report.responses)} responses and ${figure(report.events)} events scanned, ${figure(report.tiles)} tiles checked, ${report.leaks.length} leaks`,
      );
    });

    it.each(
      SEEDS.flatMap((seed) =>
        GAMES.map((game) => ({
          ...game,
          seed,
          label: `double-${game.set}, ${game.seats} seats${game.bots ? ` (${game.bots.length} bots)` : ''}${game.leaves ? `, seat ${game.leaves.seat} leaves` : ''}${game.absences ? ', players absent' : ''}, ${JSON.stringify(game.rules ?? {})}, seed ${seed}`,
        })),
      ),
    )(
      '$label',
      async ({ seed, label: _, ...game }) => {
        const clock = { now: Date.parse('2026-12-01T09:00:00.000Z') };
        const { api, store, sweeper } = await testApi(inject('dynamoEndpoint'), {
          shuffle: fisherYates(seededRandom(seed * 1000 + game.set * 10 + game.seats)),
          limits: { perPlayer: { burst: 1e9, perSecond: 1e9 } },
          clock: () => clock.now,
        });
        // A turn's time (and any extra) runs out: the clock moves past it and the sweeper runs.
        const runOut = async () => {
          clock.now += 2 * 336 * 3_600_000;
          const swept = await sweeper.sweep(clock.now);
          if (swept.effects.applied !== 1) throw new Error(`no timeout made: ${JSON.stringify(swept)}`);
        };
        const { gameId, exchanges, moves, timeouts } = await playObserved(api, game, chooser(seed), { runOut });
        if (game.absences) expect(timeouts).toBeGreaterThan(0);
        const truth = await readTruth(store, gameId);
        const final = truth.states.at(-1);
        expect(final?.status).toBe('finished');
        expect(final?.handScores).toHaveLength(game.set + 1);
        expect(moves).toBeGreaterThan(game.set);

        const found = checkExchanges(exchanges, truth);
        games++;
        report.responses += found.responses;
        report.events += found.events;
        report.tiles += found.tiles;
        report.leaks.push(...found.leaks);
        expect(found.leaks.slice(0, 20)).toEqual([]);
        // Every commit reached every seat at least once (the final catch-ups), so every event was scanned per seat.
        expect(found.events).toBeGreaterThanOrEqual(
          truth.events.flat().length * (game.seats - (game.bots?.length ?? 0)),
        );
      },
      SOAK ? 600_000 : 120_000,
    );
  });
}
