// Issue 28, finding 2: a cheap read cost seconds of CPU (every look at a game settled its bots, up to
// 64 commits or 2 s), so one account reading twenty games of bots over and over slowed everyone. Now
// what a player's requests set the bots thinking is bounded by their own budget (4 s at once, 250 ms a
// second), a look makes 2 bot moves at most, and due work carries the rest at the sweeper's pace. Judged
// by counts, on an injected clock where each bot decision "takes" 500 ms: no wall-clock timing.
import { testApi } from '@chickenfoot/api/testing';
import { chooseMove, type BotInput } from '@chickenfoot/bots';
import { describe, expect, inject, it } from 'vitest';

const DECISION_MS = 500;
const BURST_MS = 4000;
const REFILL_MS_PER_S = 250;

describe('one player reading games of bots over and over', () => {
  it('sets at most their budget of bot thinking going; another player’s bots answer as before', async () => {
    let t = 0;
    const { api, store } = await testApi(inject('dynamoEndpoint'), {
      bots: {
        now: () => t,
        // Every decision advances the bots' clock by 500 ms: what it would have cost in CPU.
        choose: (input: BotInput) => {
          t += DECISION_MS;
          return chooseMove(input);
        },
      },
      limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } },
    });
    const mallory = await api.register('Mallory');
    const games: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api.createGame(mallory.token, { seats: 4, rules: { set: 9 }, bots: [{}, {}, {}] });
      const left = await api.leave(mallory.token, created.body.game.id, created.body.version);
      expect(left.status).toBe(200);
      games.push(created.body.game.id);
    }
    // 100 looks at the five games, on a clock that stands still between decisions (no refill).
    for (let i = 0; i < 100; i++) expect((await api.view(mallory.token, games[i % 5]!)).status).toBe(200);
    let botCommits = 0;
    for (const id of games) botCommits += (await store.streams.readAll(id)).filter((c) => c.by === 'bot').length;
    // What was spent is at most the burst, the refill over the time the bots' clock moved (only by
    // their own decisions here), and one decision more: the call that crossed the line finished it.
    const allowedMs = BURST_MS + (REFILL_MS_PER_S / 1000) * t + DECISION_MS;
    expect(botCommits * DECISION_MS).toBeLessThanOrEqual(allowedMs);
    expect(botCommits).toBeGreaterThan(0);

    // Bob's game against bots: his move is answered with his bots' moves, from his own budget.
    const bob = await api.register('Bob');
    const created = await api.createGame(bob.token, { seats: 2, rules: { set: 6 }, bots: [{}] });
    let view = (await api.view(bob.token, created.body.game.id)).body;
    expect(view.hand.turn).toBe(0);
    const moved = await api.move(bob.token, view.id, view.legalMoves[0], view.version);
    expect(moved.status).toBe(200);
    view = (await api.view(bob.token, view.id)).body;
    // Back to Bob (or the hand or game over): his bot did not wait for anyone's budget.
    expect(view.status === 'finished' || view.hand.turn === 0).toBe(true);
    console.log(
      `bot budget: 5 games of bots, 100 looks by one player: ${botCommits} bot moves set off (${botCommits * DECISION_MS} ms of thinking, at most ${allowedMs}); another player's bots answered at once`,
    );
  });
});
