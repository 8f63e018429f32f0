import { describe, expect, inject, it } from 'vitest';
import { createGameService } from '@chickenfoot/app';
import { silentLogger } from '@chickenfoot/app';
import { testApi } from '@chickenfoot/api/testing';
import { setupHandlers } from '@chickenfoot/app';
import { Sweeper } from '@chickenfoot/app';

const DAY = 24 * 3600_000;

/** An app whose clock a test moves, and the sweeper with the setup's due work, on the same store. */
async function world(staleAfterMs = 2 * DAY) {
  const clock = { now: Date.parse('2026-12-01T10:00:00.000Z') };
  const { api, store } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now, staleAfterMs });
  const games = createGameService({ store, clock: () => clock.now, logger: silentLogger, staleAfterMs });
  const sweeper = new Sweeper({ store, handlers: setupHandlers(games), logger: silentLogger });
  return { api, clock, sweep: () => sweeper.sweep(clock.now) };
}

describe('closing games that waited too long for players', () => {
  it('cancels a waiting game with no activity for the configured time, as stale; activity puts it off; a game in play is never closed', async () => {
    const { api, clock, sweep } = await world();
    const [ann, bob, cat] = [await api.register('Ann'), await api.register('Bob'), await api.register('Cat')];
    const idle = await api.createGame(ann.token, { seats: 3, open: true });
    const busy = await api.createGame(ann.token, { seats: 3 });
    const started = await api.createGame(ann.token, { seats: 2 });
    await api.join(bob.token, started.body.game.id, started.body.game.inviteCode);

    clock.now += 1.5 * DAY;
    await api.join(cat.token, busy.body.game.id, busy.body.game.inviteCode);
    expect((await sweep()).due).toBe(0);

    clock.now += 1 * DAY;
    const report = await sweep();
    expect(report).toMatchObject({ due: 1, claimed: 1, effects: { applied: 1 } });
    const view = await api.view(ann.token, idle.body.game.id);
    expect(view.body.status).toBe('cancelled');
    const events = await api.events(ann.token, idle.body.game.id);
    expect(events.body.commits.at(-1)).toMatchObject({ events: [{ type: 'GameCancelled', reason: 'stale' }] });
    // It left the lobby and the lists; the others are as they were.
    expect((await api.call('GET', '/v1/lobby', { token: bob.token })).body.games).toEqual([]);
    expect((await api.view(ann.token, busy.body.game.id)).body.status).toBe('waiting');

    clock.now += 1.5 * DAY;
    expect(await sweep()).toMatchObject({ due: 1, effects: { applied: 1 } });
    expect((await api.view(cat.token, busy.body.game.id)).body.status).toBe('cancelled');
    expect((await api.view(bob.token, started.body.game.id)).body.status).toBe('playing');
    clock.now += 30 * DAY;
    expect((await sweep()).due).toBe(0);
  });

  it('a sweep that finds a game joined since it was listed leaves it be', async () => {
    const { api, clock, sweep } = await world();
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const game = await api.createGame(ann.token, { seats: 2 });
    clock.now += 3 * DAY;
    // Bob joins at the last moment: his commit starts the game and takes the check out.
    await api.join(bob.token, game.body.game.id, game.body.game.inviteCode);
    expect((await sweep()).due).toBe(0);
    expect((await api.view(ann.token, game.body.game.id)).body.status).toBe('playing');
  });
});
