import type { Move, PlayMove } from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { greedyMove } from './greedy-bot';
import { knowledgeOf } from './knowledge';
import { moveChoices } from './moves';
import { playOut } from './playout';
import { sampleDeal, worldOf } from './world';

/** The time a `strong` decision takes by default, in ms: short enough for a bot's reply (PERFORMANCE.md). */
export const DEFAULT_BUDGET_MS = 50;

// The first halving of the candidates comes after this many deals (a power of two).
const HALVE_FROM = 2;

/** A strong decision and what its search did. */
export interface Search {
  readonly move: Move | null;
  /** Games played out to the hand's end (0 when the move needed no search). */
  readonly playouts: number;
  /** Deals sampled: each plays out every candidate still in the running once. */
  readonly samples: number;
}

/**
 * Determinized Monte Carlo: deals the tiles it cannot see at random, consistently with everything its
 * seat has seen (see `knowledgeOf`), plays every candidate move out to the end of the hand on that deal
 * through the rules' `decide`, every seat then playing as `greedy` would (the same deal for every
 * candidate, so they are compared on equal luck), and repeats until the time budget is spent, dropping
 * the worse half of the candidates each time the number of deals doubles. Then makes the move whose hands
 * ended best for it on average (its score against the mean of the others'). Out of turn, and for a move
 * that needs no thought, it does what `greedy` does.
 * @example strongSearch({ view, log, level: 'strong', random: seededRandom(1), budgetMs: 20 }).playouts
 */
export function strongSearch(input: BotInput): Search {
  const { view } = input;
  const { turn, announce, callouts } = moveChoices(view);
  const me = view.viewer;
  if (announce || callouts.length > 0 || turn.length <= 1 || me === null) {
    return { move: greedyMove(input), playouts: 0, samples: 0 };
  }
  const held = view.yourTiles ?? [];
  const out = held.length === 1 ? turn.find((m): m is PlayMove => m.type === 'play') : undefined;
  if (out) return { move: out, playouts: 0, samples: 0 }; // going out: nothing scores better than 0

  const knowledge = knowledgeOf(view, input.log);
  const hidden = knowledge.voids.reduce((n, slots) => n + slots.length, knowledge.boneyardSize);
  // A view whose counts do not add up (it cannot happen in play) gets greedy's move, not a broken search.
  if (hidden !== knowledge.unseen.length) return { move: greedyMove(input), playouts: 0, samples: 0 };
  const world = worldOf(view, { lastHand: true });
  const clock = input.now ?? (() => performance.now());
  const deadline = clock() + (input.budgetMs ?? DEFAULT_BUDGET_MS);
  const sums = turn.map(() => 0);
  const runs = turn.map(() => 0);
  const mean = (i: number) => (runs[i] ? (sums[i] ?? 0) / (runs[i] ?? 1) : -Infinity);
  // Successive halving: every candidate is played out on the first deals, then, each time the number of
  // deals doubles, the worse half is dropped, so the playouts go to the moves still in the running.
  let live = turn.map((_, i) => i);
  let playouts = 0;
  let samples = 0;
  search: do {
    const state = world(sampleDeal(knowledge, me, held, input.random));
    samples++;
    for (const i of live) {
      const scores = playOut(state, turn[i] as Move);
      sums[i] = (sums[i] ?? 0) + advantage(scores, me);
      runs[i] = (runs[i] ?? 0) + 1;
      playouts++;
      if (clock() >= deadline) break search;
    }
    if (live.length > 2 && (samples & (samples - 1)) === 0 && samples >= HALVE_FROM) {
      live = [...live].sort((a, b) => mean(b) - mean(a)).slice(0, Math.max(2, Math.ceil(live.length / 2)));
    }
  } while (clock() < deadline);

  let best = live[0] ?? 0;
  for (const i of live) if (mean(i) > mean(best)) best = i;
  return { move: turn[best] ?? null, playouts, samples };
}

/** A hand's result for `me`: how much less it scored than the others on average. */
function advantage(scores: readonly number[], me: number): number {
  let others = 0;
  for (let seat = 0; seat < scores.length; seat++) if (seat !== me) others += scores[seat] ?? 0;
  return others / (scores.length - 1) - (scores[me] ?? 0);
}

/** The `strong` level's move (see `strongSearch`). */
export function strongMove(input: BotInput): Move | null {
  return strongSearch(input).move;
}
