import { stackedDeck } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';
import { stackedShuffle, testApi, newKey } from './testing';

// Double-6, two seats, four spokes. Seat 0 holds 6-6 and places it at the deal; seat 1 plays first.
const HANDS = [
  ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
  ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
];

async function stackedGame(rules: Record<string, unknown> = {}) {
  const t = await testApi(inject('dynamoEndpoint'), { shuffle: stackedShuffle(stackedDeck(6, HANDS.flat())) });
  const game = await t.api.startGame(2, { set: 6, spokes: 4, ...rules });
  const [ann, bob] = game.tokens as [string, string];
  return { ...t, ...game, ann, bob };
}

describe('POST /v1/games/{id}/moves', () => {
  it('makes the move in the caller’s seat and answers with the version, the events and the caller’s view', async () => {
    const { api, gameId, bob } = await stackedGame();
    const before = await api.view(bob, gameId);
    expect(before.body.legalMoves).toContainEqual({ type: 'play', tile: '6-4', on: 0 });
    const res = await api.move(bob, gameId, { type: 'play', tile: '4-6', on: 0 }, before.body.version);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${before.body.version + 1}"`);
    expect(res.body.version).toBe(before.body.version + 1);
    expect(res.body.events).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '6-4', on: 0, id: 1, suit: 6, forced: false },
    ]);
    expect(res.body.game.yourTiles).not.toContain('6-4');
    expect(res.body.game.hand.turn).toBe(0);
    expect(res.body.game.legalMoves).toEqual([]);
  });

  it.each([
    ['rules/not-your-turn', 0, { type: 'play', tile: '6-5', on: 0 }],
    ['rules/not-in-hand', 1, { type: 'play', tile: '6-5', on: 0 }],
    ['rules/suit-mismatch', 1, { type: 'play', tile: '5-5', on: 0 }],
    ['rules/invalid-tile', 1, { type: 'play', tile: '7-1', on: 0 }],
    ['rules/unknown-placement', 1, { type: 'play', tile: '6-4', on: 3 }],
    ['rules/must-play', 1, { type: 'pass' }],
    ['rules/must-play', 1, { type: 'draw' }],
    ['rules/nothing-to-announce', 1, { type: 'announce' }],
    ['rules/no-lapse', 0, { type: 'callout', seat: 1 }],
    ['rules/cannot-call-out-self', 0, { type: 'callout', seat: 0 }],
    ['rules/unknown-seat', 0, { type: 'callout', seat: 5 }],
  ] as const)('refuses an illegal move with 422 %s and changes nothing', async (code, seat, move) => {
    const { api, gameId, tokens } = await stackedGame();
    const token = tokens[seat] as string;
    const { body: view } = await api.view(token, gameId);
    const res = await api.move(token, gameId, move, view.version);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({ type: `/problems/${code}`, status: 422, code });
    expect(res.body.detail.length).toBeGreaterThan(10);
    expect((await api.view(token, gameId)).body.version).toBe(view.version);
  });

  it('refuses a tile on the wrong end while a double is being filled (must-fill-double) and on a full end (end-closed)', async () => {
    const { api, gameId, ann, bob } = await stackedGame();
    let version = (await api.view(bob, gameId)).body.version;
    version = (await api.move(bob, gameId, { type: 'play', tile: '6-4', on: 0 }, version)).body.version;
    const mustFill = await api.move(ann, gameId, { type: 'play', tile: '4-4', on: 1 }, version);
    expect(mustFill.body).toMatchObject({ status: 422, code: 'rules/must-fill-double' });
    for (const [token, tile] of [
      [ann, '6-5'],
      [bob, '6-2'],
      [ann, '6-3'],
    ] as const) {
      version = (await api.move(token, gameId, { type: 'play', tile, on: 0 }, version)).body.version;
    }
    const closed = await api.move(bob, gameId, { type: 'play', tile: '5-5', on: 0 }, version);
    expect(closed.body).toMatchObject({ status: 422, code: 'rules/end-closed' });
  });

  it('answers 412 with the current version to a stale If-Match, 428 without one, 400 without an Idempotency-Key', async () => {
    const { api, gameId, bob } = await stackedGame();
    const { version } = (await api.view(bob, gameId)).body;
    const stale = await api.move(bob, gameId, { type: 'play', tile: '6-4', on: 0 }, version - 1);
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'request/version-mismatch', currentVersion: version });

    const path = `/v1/games/${gameId}/moves`;
    const body = { type: 'play', tile: '6-4', on: 0 };
    const noIfMatch = await api.call('POST', path, { token: bob, body, headers: { 'idempotency-key': newKey() } });
    expect(noIfMatch.status).toBe(428);
    expect(noIfMatch.body.code).toBe('request/if-match-required');
    const noKey = await api.call('POST', path, { token: bob, body, headers: { 'if-match': `"${version}"` } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('request/idempotency-key-required');
    const badIfMatch = await api.call('POST', path, {
      token: bob,
      body,
      headers: { 'if-match': 'yesterday', 'idempotency-key': newKey() },
    });
    expect(badIfMatch.status).toBe(400);
    expect((await api.view(bob, gameId)).body.version).toBe(version);
  });

  it('returns the first reply byte for byte to a retry with the same Idempotency-Key, and refuses the key for another move', async () => {
    const { api, gameId, bob } = await stackedGame();
    const { version } = (await api.view(bob, gameId)).body;
    const key = newKey();
    const first = await api.move(bob, gameId, { type: 'play', tile: '6-4', on: 0 }, version, key);
    const retry = await api.move(bob, gameId, { type: 'play', tile: '6-4', on: 0 }, version, key);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect((await api.view(bob, gameId)).body.version).toBe(version + 1);

    const reused = await api.move(bob, gameId, { type: 'play', tile: '6-2', on: 0 }, version, key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('request/idempotency-key-reused');
  });

  it('applies a move sent many times at once exactly once, and every copy gets the same reply', async () => {
    const { api, gameId, bob } = await stackedGame();
    const { version } = (await api.view(bob, gameId)).body;
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => api.move(bob, gameId, { type: 'play', tile: '6-4', on: 0 }, version, key)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect((await api.view(bob, gameId)).body.version).toBe(version + 1);
  });

  it('includes the draws and passes the server made for other seats in the reply', async () => {
    // Seat 0 holds no 6 after the root: it draws 0-0 (useless) and passes, both at once.
    const hands = [
      ['6-6', '1-1', '2-2'],
      ['6-5', '6-4', '3-3'],
    ];
    const t = await testApi(inject('dynamoEndpoint'), {
      shuffle: stackedShuffle(stackedDeck(6, [...hands.flat(), '0-0'])),
    });
    const { gameId, tokens } = await t.api.startGame(2, { set: 6, handSize: 3 });
    const bob = tokens[1] as string;
    const { version } = (await t.api.view(bob, gameId)).body;
    const res = await t.api.move(bob, gameId, { type: 'play', tile: '6-5', on: 0 }, version);
    expect(res.body.events).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '6-5', on: 0, id: 1, suit: 6, forced: false },
      { type: 'TileDrawn', seat: 0, reason: 'turn', forced: true },
      { type: 'TurnPassed', seat: 0, forced: true },
    ]);
    expect(res.body.game.hand.turn).toBe(1);
  });

  it('does not let a player act in a game they are not seated in (404, as for a game that does not exist)', async () => {
    const { api, gameId } = await stackedGame();
    const stranger = await api.register('Eve');
    const res = await api.move(stranger.token, gameId, { type: 'pass' }, 1);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('game/not-found');
    const none = await api.move(stranger.token, 'g_AAAAAAAAAAAAAAAAAAAAAA', { type: 'pass' }, 1);
    expect(none.text.replace(/g_[\w-]+|"requestId":"[^"]+"/g, '')).toBe(
      res.text.replace(/g_[\w-]+|"requestId":"[^"]+"/g, ''),
    );
  });
});
