import { TestClock } from '@chickenfoot/app';
import { describe, expect, inject, it } from 'vitest';
import { testApi } from './testing';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

describe('the test clock', () => {
  it('moves a server’s time forward: a clocked turn times out, and the game’s view shows the clock', async () => {
    const clock = new TestClock(() => T0);
    const swept: number[] = [];
    const { api, sweeper } = await testApi(inject('dynamoEndpoint'), {
      clock: clock.now,
      testClock: { clock, onAdvance: () => swept.push(clock.now()) },
    });
    const game = await api.startGame(2, { set: 6, turnHours: 24, awayAfter: 1 });
    const before = (await api.view(game.tokens[0]!, game.gameId)).body;
    expect(before.testClock).toEqual({ now: new Date(T0).toISOString(), advancedHours: 0 });
    const turn = before.hand.turn as number;

    const moved = await api.call('POST', '/v1/test-clock/advance', { token: game.tokens[0]!, body: { hours: 25 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: new Date(T0 + 25 * 3_600_000).toISOString(), advancedHours: 25 });
    // The server is asked to run what fell due at once (npm start sweeps then); here, the test sweeps.
    expect(swept).toEqual([T0 + 25 * 3_600_000]);
    await sweeper.sweep(clock.now());

    const after = (await api.view(game.tokens[0]!, game.gameId)).body;
    expect(after.seats[turn].timeouts).toBe(1);
    expect(after.seats[turn].away).toBe(true);
    expect(after.testClock.advancedHours).toBe(25);
    const read = await api.call('GET', '/v1/test-clock', { token: game.tokens[1]! });
    expect(read.body).toEqual(moved.body);
  });

  it('moves only forward, by whole hours', async () => {
    const clock = new TestClock(() => T0);
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: clock.now, testClock: { clock } });
    const ann = await api.register('Ann');
    for (const hours of [0, -1, 1.5, 8761]) {
      const res = await api.call('POST', '/v1/test-clock/advance', { token: ann.token, body: { hours } });
      expect(res.status, String(hours)).toBe(400);
    }
    expect(clock.advancedMs).toBe(0);
  });

  it('is not there on a server without one: 404 (not 405), and no game shows a clock', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const game = await api.startGame(2, { set: 6 });
    for (const [method, path] of [
      ['GET', '/v1/test-clock'],
      ['POST', '/v1/test-clock/advance'],
    ] as const) {
      const body = method === 'POST' ? { body: { hours: 1 } } : {};
      const res = await api.call(method, path, { token: game.tokens[0]!, ...body });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('request/not-found');
    }
    expect((await api.view(game.tokens[0]!, game.gameId)).body).not.toHaveProperty('testClock');
  });
});
