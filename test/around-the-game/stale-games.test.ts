// The README's "the one due-work sweeper closes a waiting game after 7 days without activity
// (`GameCancelled`, `reason: stale`)", with the app's defaults (no stale time configured) and its own
// sweeper, on a fake clock: 7 days to the millisecond, counted from the game's last activity.
import { testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const DAY = 24 * 3_600_000;
/** The README's figure, not the implementation's constant. */
const STALE_AFTER = 7 * DAY;

async function world() {
  const clock = { now: T0 };
  const harness = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
  return { ...harness, clock, sweep: () => harness.sweeper.sweep(clock.now) };
}

describe('waiting games nobody joins', () => {
  it('are closed 7 days after their last activity, not a moment before, as stale; a join puts it off', async () => {
    const { api, clock, sweep } = await world();
    const [ann, bob, cat] = [await api.register('Ann'), await api.register('Bob'), await api.register('Cat')];
    const idle = (await api.createGame(ann.token, { seats: 3, open: true })).body.game;
    const joined = (await api.createGame(ann.token, { seats: 3 })).body.game;
    clock.now = T0 + 3 * DAY;
    expect((await api.join(bob.token, joined.id, joined.inviteCode)).status).toBe(200);

    clock.now = T0 + STALE_AFTER - 1;
    expect(await sweep()).toMatchObject({ due: 0 });
    expect((await api.view(ann.token, idle.id)).body.status).toBe('waiting');

    clock.now = T0 + STALE_AFTER;
    expect(await sweep()).toMatchObject({ due: 1, effects: { applied: 1 } });
    const closed = await api.view(ann.token, idle.id);
    expect(closed.body.status).toBe('cancelled');
    const events = await api.events(ann.token, idle.id);
    expect(events.body.commits.at(-1)).toMatchObject({ events: [{ type: 'GameCancelled', reason: 'stale' }] });
    // Gone from the lobby: nobody can join it any more.
    expect((await api.call('GET', '/v1/lobby', { token: cat.token })).body.games).toEqual([]);
    const late = await api.call('POST', `/v1/games/${idle.id}/join`, {
      token: cat.token,
      body: {},
      headers: { 'idempotency-key': `late-${idle.id}` },
    });
    expect([late.status, late.body.code]).toEqual([422, 'rules/game-cancelled']);

    // The joined one waits 7 days from the join.
    expect((await api.view(bob.token, joined.id)).body.status).toBe('waiting');
    clock.now = T0 + 3 * DAY + STALE_AFTER - 1;
    expect(await sweep()).toMatchObject({ due: 0 });
    clock.now = T0 + 3 * DAY + STALE_AFTER;
    expect(await sweep()).toMatchObject({ due: 1, effects: { applied: 1 } });
    expect((await api.view(bob.token, joined.id)).body.status).toBe('cancelled');
    // Nothing else is ever due of them.
    clock.now += 365 * DAY;
    expect(await sweep()).toMatchObject({ due: 0 });
  });

  it('never closes a game that started, however long it waits for a move', async () => {
    const { api, clock, sweep } = await world();
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    clock.now = T0 + 30 * DAY;
    expect(await sweep()).toMatchObject({ due: 0 });
    expect((await api.view(tokens[0]!, gameId)).body.status).toBe('playing');
  });
});
