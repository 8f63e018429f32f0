// README: "A chain of bot moves is bounded per request (64 commits or 2 s); the next request on the game
// carries it on". A game of bots alone (its one player left), through the app with its default bounds;
// the bots' clock is injected (`bots.now`, the app's seam), so the 2 s are counted, not waited for.
import { testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

/** The README's figures. */
const MAX_COMMITS = 64;
const MAX_MS = 2_000;

/** A game of four seats whose player leaves at once: bots play it all, a chain per request. */
async function botsAlone(now: () => number) {
  const { api } = await testApi(inject('dynamoEndpoint'), {
    bots: { now },
    limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } },
  });
  const ann = await api.register('Ann');
  const created = await api.createGame(ann.token, { seats: 4, rules: { set: 6 }, bots: [{}, {}, {}] });
  const game = created.body.game;
  const left = await api.leave(ann.token, game.id, created.body.version);
  expect(left.status).toBe(200);
  /** The commits each request made (the leave's reply first, then each look at the game). */
  const chains: number[] = [left.body.version - created.body.version - 1];
  let { version, game: view } = left.body;
  while (view.status !== 'finished' && chains.length < 200) {
    const seen = (await api.view(ann.token, game.id)).body;
    chains.push(seen.version - version);
    ({ version } = seen);
    view = seen;
  }
  expect(view.status).toBe('finished');
  return chains;
}

// Whole games of bots: 6-15 s here; the timeout bounds a hang, it does not judge speed.
describe('a chain of bot moves', { timeout: 180_000 }, () => {
  it('stops at 64 commits a request when time is no bound, and the next request carries it on', async () => {
    const chains = await botsAlone(() => 0);
    // Every request but the last makes exactly 64; the last, what was left of the game.
    expect(chains.length).toBeGreaterThanOrEqual(2);
    expect(chains.slice(0, -1)).toEqual(chains.slice(0, -1).map(() => MAX_COMMITS));
    expect(chains.at(-1)).toBeGreaterThan(0);
    expect(chains.at(-1)).toBeLessThanOrEqual(MAX_COMMITS);
  });

  it('stops once 2 s have passed since the request’s chain began, between commits', async () => {
    // A clock that moves on 500 ms at each read: the chain reads it when it starts and before each commit
    // after the first, so the fourth commit is the last one begun within 2 s.
    let t = 0;
    const chains = await botsAlone(() => (t += 500));
    const expected = MAX_MS / 500;
    expect(chains.length).toBeGreaterThan(10);
    expect(chains.slice(0, -1)).toEqual(chains.slice(0, -1).map(() => expected));
  });
});
