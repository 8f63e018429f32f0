import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi, type TestClient } from './testing';

/** Plays a started game to its end: whoever's turn it is makes their first legal move. */
async function playOut(api: TestClient, gameId: string, tokens: readonly string[]) {
  for (let i = 0; i < 5000; i++) {
    const { body } = await api.view(tokens[0]!, gameId);
    if (body.status !== 'playing') return body;
    const seat: number = body.hand.turn;
    const mine = await api.view(tokens[seat]!, gameId);
    const moved = await api.move(tokens[seat]!, gameId, mine.body.legalMoves[0], mine.body.version);
    if (moved.status !== 200) throw new Error(`move: ${moved.status} ${moved.text}`);
  }
  throw new Error('the game does not end');
}

describe('rematch', () => {
  it('after the end, a player proposes: same rules and seats, kept for each player; the others accept; it links back', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });
    const { gameId, players, tokens } = await api.startGame(3, { set: 6, handSize: 2, doubleBlank: 0 });
    const early = await api.call('POST', `/v1/games/${gameId}/rematch`, {
      token: tokens[1],
      headers: { 'idempotency-key': newKey() },
    });
    expect([early.status, early.body.code]).toEqual([422, 'game/not-finished']);
    const done = await playOut(api, gameId, tokens);
    expect(done.status).toBe('finished');

    const propose = (token: string, k = newKey()) =>
      api.call('POST', `/v1/games/${gameId}/rematch`, { token, headers: { 'idempotency-key': k } });
    // Seats 1 and 2 propose at once: one game is made, by one of them; the other accepts it.
    const keys = [newKey(), newKey()];
    const both = await Promise.all([propose(tokens[1]!, keys[0]), propose(tokens[2]!, keys[1])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const won = both[0]!.status === 201 ? 0 : 1;
    const [proposed, accepted] = [both[won]!, both[1 - won]!];
    expect([proposed.body.created, accepted.body.created]).toEqual([true, false]);
    const next = proposed.body.game;
    expect(next).toMatchObject({
      status: 'waiting',
      rematchOf: gameId,
      creator: won + 1,
      yourSeat: won + 1,
      inviteCode: null,
    });
    expect(next.rules).toEqual(done.rules);
    expect(next.id).not.toBe(gameId);
    expect((await propose(tokens[won + 1]!, keys[won])).text).toBe(proposed.text);

    // Someone not in the game before can neither propose nor join it, not even knowing its id.
    const eve = await api.register('Eve');
    expect((await propose(eve.token)).status).toBe(404);
    const sneak = await api.call('POST', `/v1/games/${next.id}/join`, {
      token: eve.token,
      body: {},
      headers: { 'idempotency-key': newKey() },
    });
    expect([sneak.status, sneak.body.code]).toEqual([404, 'game/not-found']);

    // The other accepted by proposing too; seat 0 does by joining without a code. Each takes their own seat.
    expect(accepted.body).toMatchObject({
      created: false,
      game: { id: next.id, yourSeat: 2 - won, status: 'waiting' },
    });
    const joined = await api.call('POST', `/v1/games/${next.id}/join`, {
      token: tokens[0],
      body: {},
      headers: { 'idempotency-key': newKey() },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.game).toMatchObject({ yourSeat: 0, status: 'playing', rematchOf: gameId });
    expect(joined.body.game.seats.map((s: { player: { id: string } }) => s.player.id)).toEqual(
      players.map((p) => p.id),
    );
  }, 60_000);

  it('a seat a bot played (or whose player left) is a bot’s again; one who left cannot propose', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, {
      seats: 3,
      rules: { set: 6, handSize: 2 },
      bots: [{ seat: 2, level: 'random' }],
    });
    const gameId = created.body.game.id as string;
    await api.join(bob.token, gameId, created.body.game.inviteCode);
    const view = await api.view(bob.token, gameId);
    await api.leave(bob.token, gameId, view.body.version);
    await playOut(api, gameId, [ann.token, ann.token, ann.token]);
    const refused = await api.call('POST', `/v1/games/${gameId}/rematch`, {
      token: bob.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'game/left']);
    const proposed = await api.call('POST', `/v1/games/${gameId}/rematch`, {
      token: ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    // Only Ann is kept a seat: the bots fill the rest, so the rematch starts at once.
    expect(proposed.status).toBe(201);
    expect(proposed.body.game.seats.map((s: { bot: string | null }) => s.bot)).toEqual([null, 'greedy', 'random']);
    expect(proposed.body.game.status).toBe('playing');
  }, 60_000);

  it('shows to every player of the old game once proposed: the old view links it, their lists show it, they may read it', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });
    const { gameId, tokens } = await api.startGame(3, { set: 6, handSize: 2, doubleBlank: 0 });
    const [ann, bob, cy] = tokens as [string, string, string];
    await playOut(api, gameId, tokens);
    expect((await api.view(ann, gameId)).body.rematch).toBeNull();
    const proposed = await api.call('POST', `/v1/games/${gameId}/rematch`, {
      token: bob,
      headers: { 'idempotency-key': newKey() },
    });
    expect(proposed.status).toBe(201);
    const next = proposed.body.game.id as string;
    const entry = async (token: string) =>
      (await api.call('GET', '/v1/me/games', { token })).body.games.find((g: { id: string }) => g.id === next);
    for (const token of tokens) expect((await api.view(token, gameId)).body.rematch).toBe(next);
    // Ann and Cy have not joined it yet: they see it in their lists and may read it, in the seat kept for them.
    for (const [seat, token] of [
      [0, ann],
      [2, cy],
    ] as const) {
      expect(await entry(token)).toMatchObject({
        status: 'waiting',
        rematchOf: gameId,
        invited: true,
        yourTurn: false,
      });
      const seen = await api.view(token, next);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ status: 'waiting', rematchOf: gameId, yourSeat: seat, yourTiles: [] });
      expect(seen.body.seats[seat].player).toBeNull();
      expect((await api.events(token, next)).status).toBe(200);
    }
    expect(await entry(bob)).toMatchObject({ status: 'waiting', invited: false });
    // A stranger still sees nothing of it.
    const eve = await api.register('Eve');
    expect((await api.view(eve.token, next)).status).toBe(404);
    // Once they join, it is theirs like any other game.
    for (const token of [ann, cy]) {
      const joined = await api.call('POST', `/v1/games/${next}/join`, {
        token,
        body: {},
        headers: { 'idempotency-key': newKey() },
      });
      expect(joined.status).toBe(200);
    }
    expect(await entry(ann)).toMatchObject({ status: 'playing', invited: false });
    expect((await api.view(cy, next)).body.seats[2].player).not.toBeNull();
  }, 60_000);

  it('reaches a page left open on the old game: its long-poll ends once the rematch is proposed, and its view is never a stale 304', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), {
      limits: { pollMs: 20, perPlayer: { burst: 1e6, perSecond: 1e6 } },
    });
    const { gameId, tokens } = await api.startGame(2, { set: 6, handSize: 2, doubleBlank: 0 });
    const [ann, bob] = tokens as [string, string];
    const over = await playOut(api, gameId, tokens);
    const etag = `"${over.version}"`;
    // Ann's page waits on the finished game: the proposal (Bob's, a moment later) ends the wait, not its 20 s.
    const started = performance.now();
    const waiting = api.call('GET', `/v1/games/${gameId}/events?after=${over.version}&wait=20`, { token: ann });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const proposed = await api.call('POST', `/v1/games/${gameId}/rematch`, {
      token: bob,
      headers: { 'idempotency-key': newKey() },
    });
    expect(proposed.status).toBe(201);
    const answered = await waiting;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answered.body).toMatchObject({ commits: [], version: over.version, nextCursor: null });
    // The view she had said no rematch at the same version: asked again with its ETag, it is sent whole.
    const again = await api.call('GET', `/v1/games/${gameId}`, { token: ann, headers: { 'if-none-match': etag } });
    expect([again.status, again.headers.get('etag'), again.body.rematch]).toEqual([200, etag, proposed.body.game.id]);
    // Once the rematch is there, a wait on the old game runs its course (no answer at once to loop on).
    const quiet = performance.now();
    const idle = await api.call('GET', `/v1/games/${gameId}/events?after=${over.version}&wait=1`, { token: ann });
    expect(idle.body.commits).toEqual([]);
    expect(performance.now() - quiet).toBeGreaterThanOrEqual(900);
  }, 60_000);
});
