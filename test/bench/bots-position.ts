/**
 * bench:bots' mid-game position and `strong`'s playout rate from it, given a tree's bots and rules (so
 * that bots-round.ts can measure another checkout's with the same code): seat 0's first decision in a
 * greedy game once 15 tiles are down and it has at least three moves to weigh.
 */
import type { BotInput, chooseMove, playBotGame, strongSearch } from '@chickenfoot/bots';
import type { seededRandom } from '@chickenfoot/rules';

/** What a tree's bots must offer to be measured (every version since the benchmark began does). */
export interface BotsModule {
  readonly chooseMove: typeof chooseMove;
  readonly playBotGame: typeof playBotGame;
  readonly strongSearch: typeof strongSearch;
}

/** What a tree's rules must offer. */
export interface RulesModule {
  readonly seededRandom: typeof seededRandom;
}

/** What one search from the position measured. */
export interface PlayoutRate {
  playoutsPerSecond: number;
  candidates: number;
  board: number;
}

/** The position: seat 0's first decision in a seeded greedy game with 15 tiles down and 3 moves to weigh. */
function midGame(bots: BotsModule, rules: RulesModule, seats: number): BotInput {
  let position: BotInput | null = null;
  try {
    bots.playBotGame({
      levels: Array.from({ length: seats }, () => 'greedy' as const),
      random: rules.seededRandom(4242 + seats),
      choose: (input, seat) => {
        const board = input.view.hand?.board.length ?? 0;
        const turnMoves = input.view.legalMoves.filter((m) => m.type === 'play' && !m.announce).length;
        if (seat === 0 && input.view.hand?.turn === 0 && board >= 15 && turnMoves >= 3) {
          position = input;
          throw new Error('found');
        }
        return bots.chooseMove(input);
      },
    });
  } catch (stop) {
    if (!position) throw stop;
  }
  if (!position) throw new Error('no mid-game position');
  return position;
}

/**
 * `strong`'s playouts per second from the mid-game position, searching for `ms`.
 * @example midGamePlayouts(bots, rules, 4, 1000).playoutsPerSecond // ~55,000 here
 */
export function midGamePlayouts(bots: BotsModule, rules: RulesModule, seats: number, ms: number): PlayoutRate {
  const found = midGame(bots, rules, seats);
  const start = performance.now();
  const search = bots.strongSearch({ ...found, level: 'strong', budgetMs: ms, random: rules.seededRandom(1) });
  const seconds = (performance.now() - start) / 1000;
  return {
    playoutsPerSecond: Math.round(search.playouts / seconds),
    candidates: found.view.legalMoves.length,
    board: found.view.hand?.board.length ?? 0,
  };
}
