import type { Move } from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { greedyMove } from './greedy-bot';
import { randomMove } from './random-bot';
import { strongMove } from './strong-bot';

/**
 * The move this seat's bot makes now, from its legal moves (including an out-of-turn announce or
 * call-out), or null when it wants to do nothing now (not its turn and nothing worth calling out).
 * Decides from `view` and `log` only; every random choice comes from `random`.
 * @example
 * const move = chooseMove({ view: viewFor(state, 2), log, level: 'greedy', random: seededRandom(1) });
 * if (move) decide({ type: 'move', seat: 2, move }, state, context);
 */
export function chooseMove(input: BotInput): Move | null {
  if (input.view.legalMoves.length === 0) return null;
  switch (input.level) {
    case 'random':
      return randomMove(input);
    case 'greedy':
      return greedyMove(input);
    case 'strong':
      return strongMove(input);
    default: {
      const unknown: never = input.level;
      throw new Error(`unknown bot level ${JSON.stringify(unknown)}`);
    }
  }
}
