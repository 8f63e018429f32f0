import type { Move } from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { moveChoices } from './moves';

/**
 * The baseline: a uniformly random move of its turn (plays announce when they leave one tile). Out of
 * turn it announces when it may, and calls a lapse out half the time it is offered one.
 */
export function randomMove(input: BotInput): Move | null {
  const { turn, announce, callouts } = moveChoices(input.view);
  if (announce) return announce;
  if (callouts.length > 0 && input.random(2) === 0) return callouts[input.random(callouts.length)] ?? null;
  return turn[input.random(turn.length)] ?? null;
}
