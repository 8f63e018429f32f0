import { seededRandom } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { Table } from './fixtures';
import { knowledgeOf } from './knowledge';
import { suitsOf } from './suits';
import { sampleDeal, worldOf } from './world';

const bits = (...suits: number[]) => suits.reduce((b, s) => b | (1 << s), 0);

// Double-9, two seats, four spokes: the ends are 6, 3, 0 and 6 when seat 1 (holding 8-7, 8-5) must draw;
// it draws 7-5, which does not fit either, and passes.
function drewAndPassed() {
  return new Table(
    {
      hands: [
        ['9-6', '9-1', '6-1', '6-6', '3-2'],
        ['9-9', '9-3', '9-0', '8-7', '8-5'],
      ],
      boneyard: ['7-5'],
    },
    { spokes: 4 },
  )
    .play(0, '9-6', 0)
    .play(1, '9-3', 0)
    .play(0, '9-1', 0)
    .play(1, '9-0', 0)
    .play(0, '6-1', 3);
}

describe('what a seat knows of the tiles it cannot see', () => {
  it('given a seat drew and passed, every tile it holds lacks the suits that were open', () => {
    const { view, log } = drewAndPassed().input(0, 'strong');
    const known = knowledgeOf(view, log);
    expect(known.voids).toEqual([[], [bits(0, 3, 6), bits(0, 3, 6), bits(0, 3, 6)]]);
    expect(known.unseen).toHaveLength(55 - 2 - 6); // 55 tiles, seat 0's two, six on the table
    expect(known.boneyardSize).toBe(55 - 10 - 1);
  });

  it('a tile drawn after a proof of lack may show that suit: only the older tiles keep it', () => {
    // Seat 0 covers the 3 with 3-2; seat 1 draws 9-8 (the stacked deck's next tile), which does not fit.
    const table = drewAndPassed().move(0, { type: 'play', tile: '3-2', on: 2, announce: true });
    expect(table.state.hand?.hands[1]).toEqual(['8-7', '8-5', '7-5', '9-8']);
    const { view, log } = table.input(0, 'strong');
    const older = bits(0, 2, 3, 6);
    expect(knowledgeOf(view, log).voids[1]).toEqual([older, older, older, bits(0, 2, 6)]);
  });

  it('samples deal the unseen tiles in the right counts, never against a void', () => {
    const { view, log } = drewAndPassed().input(0, 'strong');
    const known = knowledgeOf(view, log);
    const world = worldOf(view);
    const random = seededRandom(2);
    const seenDeals = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const deal = sampleDeal(known, 0, view.yourTiles ?? [], random);
      expect(deal.hands[0]).toEqual(['6-6', '3-2']);
      expect(deal.hands[1]).toHaveLength(3);
      for (const t of deal.hands[1] ?? []) expect(suitsOf(t) & bits(0, 3, 6)).toBe(0);
      expect(deal.boneyard).toHaveLength(44);
      expect(new Set([...(deal.hands[1] ?? []), ...deal.boneyard])).toEqual(new Set(known.unseen));
      seenDeals.add([...(deal.hands[1] ?? [])].sort().join());
      const state = world(deal);
      expect(state.hand.ends).toEqual(drewAndPassed().state.hand?.ends);
    }
    expect(seenDeals.size).toBeGreaterThan(100);
  });

  it('a world built from the real hidden tiles is the real game (the boneyard counted from its top)', () => {
    const table = drewAndPassed();
    const real = table.state;
    if (real.status !== 'playing') throw new Error('not in play');
    const deal = { hands: real.hand.hands, boneyard: real.hand.boneyard.slice(real.hand.drawn) };
    const built = worldOf(table.input(0, 'strong').view)(deal);
    expect(built).toEqual({ ...real, hand: { ...real.hand, boneyard: deal.boneyard, drawn: 0 } });
  });
});
