import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { seededRandom } from './random';
import { selfPlay } from './self-play';

// docs/rules.md, "Seats, hands, deal": "A game is N+1 hands; hand k (k = 0..N) is opened by
// (N−k)-(N−k): 9-9 first, 0-0 last. The dealer of hand k is seat k mod seats." The figures below are
// the docs', computed from N and k, for every set size and a few seat counts, under the default opening.
describe('the hands of a game', () => {
  it.each([
    [6, 2],
    [6, 5],
    [9, 3],
    [9, 4],
    [12, 6],
    [15, 8],
  ])('double-%i, %i seats: N+1 hands, hand k opened by (N−k)-(N−k) and dealt by seat k mod seats', (n, seats) => {
    const { events, state } = selfPlay({
      seats,
      rules: { set: n as 6 | 9 | 12 | 15 },
      random: seededRandom(n * 10 + seats),
    });
    expect(state.status).toBe('finished');
    const deals = events.filter((e): e is Extract<GameEvent, { type: 'HandDealt' }> => e.type === 'HandDealt');
    expect(deals.map((d) => [d.hand, d.opener, d.dealer])).toEqual(
      Array.from({ length: n + 1 }, (_, k) => [k, `${n - k}-${n - k}`, k % seats]),
    );
    expect(events.filter((e) => e.type === 'HandEnded')).toHaveLength(n + 1);
  });
});
