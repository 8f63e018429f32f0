// README: "A chain of bot moves is bounded per request (64 commits or 2 s); due work carries it on".
// A game of bots alone (its one player left), through the app with its default bounds: the leave's
// own chain stops at the bound, a look at the game makes two bot moves at most, and the sweeper's due
// work plays the rest, chain by chain, each within the same bound. The bots' clock is injected
// (`bots.now`, the app's seam), so the 2 s are counted, not waited for.
import { testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

/** The README's figures. */
const MAX_COMMITS = 64;
const MAX_MS = 2_000;

/** A game of four seats whose player leaves at once: bots play it all, a chain per request or due item. */
async function botsAlone(now: () => number, set = 6) {
  const { api, store, sweeper } = await testApi(inject('dynamoEndpoint'), {
    // What is tested is the chain's bound, not the player's budget of bot thinking: that is unbounded.
    bots: { now, perPlayer: { burstMs: 1e12, perSecondMs: 1e12 } },
    limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } },
  });
  const ann = await api.register('Ann');
  const created = await api.createGame(ann.token, { seats: 4, rules: { set }, bots: [{}, {}, {}] });
  const game = created.body.game;
  const left = await api.leave(ann.token, game.id, created.body.version);
  expect(left.status).toBe(200);
  const leave = left.body.version - created.body.version - 1;
  const look = (await api.view(ann.token, game.id)).body.version - left.body.version;
  /** The commits each sweep made, until the game is over. */
  const sweeps: number[] = [];

  // Read from the store, not by a look (which would make bot moves of its own).
  const latest = async () => (await store.streams.readAll(game.id)).at(-1)!;
  let last = await latest();
  while (!last.events.some((e) => (e as { type: string }).type === 'GameEnded') && sweeps.length < 200) {
    await sweeper.sweep(Date.now());
    const now = await latest();
    sweeps.push(now.version - last.version);
    last = now;
  }
  expect((await api.view(ann.token, game.id)).body.status).toBe('finished');
  return { leave, look, sweeps };
}

// Whole games of bots: 6-15 s here; the timeout bounds a hang, it does not judge speed.
describe('a chain of bot moves', { timeout: 180_000 }, () => {
  it('stops at 64 commits a request when time is no bound; a look makes 2 at most; due work carries it on, 64 a chain', async () => {
    const { leave, look, sweeps } = await botsAlone(() => 0, 9);
    expect(leave).toBe(MAX_COMMITS);
    expect(look).toBe(2);
    // A sweep carries the chain on a bound at a time (and, what its own chains leave due, in another
    // pass): whole chains of 64, but the game's last.
    expect(sweeps.length).toBeGreaterThanOrEqual(2);
    for (const made of sweeps.slice(0, -1)) expect(made % MAX_COMMITS, `${sweeps}`).toBe(0);
    expect(sweeps.at(-1)).toBeGreaterThan(0);
  });

  it('stops once 2 s have passed since the request’s chain began, between commits', async () => {
    // A clock that moves on 500 ms at each read: the chain reads it when it starts and before each commit
    // after the first, so the fourth commit is the last one begun within 2 s. A look's bound is 200 ms:
    // one commit (every call makes one).
    let t = 0;
    const { leave, look, sweeps } = await botsAlone(() => (t += 500));
    const expected = MAX_MS / 500;
    expect(leave).toBe(expected);
    expect(look).toBe(1);
    expect(sweeps.length).toBeGreaterThan(3);
    for (const made of sweeps.slice(0, -1)) expect(made % expected, `${sweeps}`).toBe(0);
  });

  it('rests between the moves of due work as many times each move’s time as `restRatio` says', async () => {
    // Each read of the bots' clock moves it 20 ms: a move's time is 20 ms at least, its rest 80 ms at
    // least (real time, waited), so a sweep that makes n moves lasts 80·n ms or more (without resting,
    // ~27 ms a move on this machine under load). Only a lower bound is judged: a busy machine makes it
    // longer, never shorter. Chains of 6 moves, so that one sweep makes a few.
    let t = 0;
    const bots = { now: () => (t += 20), perPlayer: { burstMs: 1e12, perSecondMs: 1e12 }, restRatio: 4, maxCommits: 6 };
    const { api, store, sweeper } = await testApi(inject('dynamoEndpoint'), { bots });
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, { seats: 4, rules: { set: 6 }, bots: [{}, {}, {}] });
    const left = await api.leave(ann.token, created.body.game.id, created.body.version);
    const started = performance.now();
    await sweeper.sweep(Date.now());
    const ms = performance.now() - started;
    const made = (await store.streams.readAll(created.body.game.id)).at(-1)!.version - left.body.version;
    expect(made).toBeGreaterThanOrEqual(6);
    expect(ms, `${made} moves`).toBeGreaterThanOrEqual(80 * made);
  });
});
