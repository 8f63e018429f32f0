// README: "once a game is over, `POST /v1/games/{id}/rematch`: the first player to ask creates it (same
// rules, each seat kept for its player, `rematchOf` links back), the others accept the same way"; the
// contract: "A game has one rematch: a proposal made while another is being made, or after it, accepts
// that one". Through the app: a clocked game, its rematch and the rematch's own rematch.
import { newKey, testApi, type TestClient } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';
import { step } from '../webhooks/support';

type Player = { id: string; token: string };

async function playOut(api: TestClient, players: readonly Player[], gameId: string) {
  for (let i = 0; i < 2_000; i++) if (!(await step(api, players, gameId))) return;
  throw new Error('the game does not end');
}

const rematch = (api: TestClient, token: string, gameId: string) =>
  api.call('POST', `/v1/games/${gameId}/rematch`, { token, headers: { 'idempotency-key': newKey() } });

describe('a rematch', () => {
  it('is one game per game, with the same rules and seats; everyone who asks later accepts it; it can have its own', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });
    const { gameId, players } = await api.startGame(2, { set: 6, handSize: 2, turnHours: 12, awayAfter: 3 });
    const [ann, bob] = players as [Player, Player];
    await playOut(api, players, gameId);
    const first = (await api.view(ann.token, gameId)).body;
    expect(first.status).toBe('finished');

    // Bob asks first: he creates it, as its creator, in his own seat.
    const proposed = await rematch(api, bob.token, gameId);
    expect(proposed.status).toBe(201);
    const next = proposed.body.game;
    expect(next).toMatchObject({ status: 'waiting', rematchOf: gameId, creator: 1, yourSeat: 1 });
    expect(next.rules).toEqual(first.rules);
    expect(next.rules).toMatchObject({ set: 6, handSize: 2, turnHours: 12, awayAfter: 3 });
    // Ann accepts by asking too: the same game, her own seat, and it starts.
    const accepted = await rematch(api, ann.token, gameId);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ created: false, game: { id: next.id, yourSeat: 0, status: 'playing' } });
    expect(accepted.body.game.seats.map((s: { player: { id: string } }) => s.player.id)).toEqual([ann.id, bob.id]);
    // Asked again once it is under way: still that one game, never a second.
    const late = await rematch(api, bob.token, gameId);
    expect([late.status, late.body.created, late.body.game.id]).toEqual([200, false, next.id]);

    // The rematch is a game like any: played to its end, it has a rematch of its own, linked to it.
    await playOut(api, players, next.id);
    const third = await rematch(api, ann.token, next.id);
    expect(third.status).toBe(201);
    expect(third.body.game).toMatchObject({ rematchOf: next.id, creator: 0, yourSeat: 0 });
    expect(third.body.game.id).not.toBe(next.id);
    expect(third.body.game.rules).toEqual(first.rules);
    // And the first game's rematch is still the second game.
    expect((await rematch(api, ann.token, gameId)).body.game.id).toBe(next.id);
  }, 120_000);

  it('is refused before the end and to anyone not seated; a cancelled game has none', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, players } = await api.startGame(2, { set: 6 });
    const early = await rematch(api, players[0]!.token, gameId);
    expect([early.status, early.body.code]).toEqual([422, 'game/not-finished']);
    const eve = await api.register('Eve');
    expect((await rematch(api, eve.token, gameId)).body).toMatchObject({ status: 404, code: 'game/not-found' });
    const waiting = await api.createGame(eve.token, { seats: 2 });
    const cancelled = await api.call('POST', `/v1/games/${waiting.body.game.id}/cancel`, {
      token: eve.token,
      headers: { 'if-match': `"${waiting.body.version}"`, 'idempotency-key': newKey() },
    });
    expect(cancelled.status).toBe(200);
    const none = await rematch(api, eve.token, waiting.body.game.id);
    expect([none.status, none.body.code]).toEqual([422, 'game/not-finished']);
  });
});
