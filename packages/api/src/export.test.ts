import { describe, expect, inject, it } from 'vitest';
import { replay, type GameExport } from '@chickenfoot/app';
import { newKey, testApi, type TestClient } from './testing';

const LIMITS = { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } };

/** Plays a started game to its end: whoever's turn it is makes a legal move (the i-th, round robin). */
async function playOut(api: TestClient, gameId: string, tokens: readonly string[]) {
  for (let i = 0; i < 5000; i++) {
    const { body } = await api.view(tokens[0]!, gameId);
    if (body.status !== 'playing') return body;
    const seat: number = body.hand.turn;
    const mine = await api.view(tokens[seat]!, gameId);
    const moves = mine.body.legalMoves;
    const moved = await api.move(tokens[seat]!, gameId, moves[i % moves.length], mine.body.version);
    if (moved.status !== 200) throw new Error(`move: ${moved.status} ${moved.text}`);
  }
  throw new Error('the game does not end');
}

describe('export and replay of a finished game', () => {
  it('is refused before the end, and to anyone not in the game', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), LIMITS);
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const eve = await api.register('Eve');
    for (const path of [`/v1/games/${gameId}/export`, `/v1/games/${gameId}/replay?at=1`]) {
      const early = await api.call('GET', path, { token: tokens[0] });
      expect([early.status, early.body.code]).toEqual([422, 'game/not-finished']);
      // Nothing of the deal in the refusal.
      expect(early.text.replace(/"requestId":"[^"]+"/, '')).not.toMatch(/\b\d{1,2}-\d{1,2}\b/);
      const stranger = await api.call('GET', path, { token: eve.token });
      expect([stranger.status, stranger.body.code]).toEqual([404, 'game/not-found']);
    }
  });

  it('exports every tile and replays with the rules to the same scores, for every game played here', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), LIMITS);
    const finished: { id: string; token: string; totals: number[] }[] = [];
    // Two players, two tiles a hand; three with a bot; four bots once their creator left.
    for (const [seats, rules] of [
      [2, { set: 6, handSize: 2 }],
      [3, { set: 6, handSize: 3, doubleBlank: 50 }],
    ] as const) {
      const { gameId, tokens } = await api.startGame(seats, rules);
      const end = await playOut(api, gameId, tokens);
      finished.push({ id: gameId, token: tokens[1]!, totals: end.totals });
    }
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, {
      seats: 4,
      rules: { set: 6 },
      bots: [{}, { level: 'random' }, {}],
    });
    await api.leave(ann.token, created.body.game.id, created.body.version);
    let last = created.body.game;
    for (let i = 0; i < 200 && last.status !== 'finished'; i++) last = (await api.view(ann.token, last.id)).body;
    finished.push({ id: last.id, token: ann.token, totals: last.totals });

    let replayed = 0;
    for (const game of finished) {
      const res = await api.call('GET', `/v1/games/${game.id}/export`, { token: game.token });
      expect(res.status).toBe(200);
      const doc = res.body as GameExport;
      expect(doc).toMatchObject({ format: 'chickenfoot/export-1', id: game.id, final: { totals: game.totals } });
      // Every hidden tile is in it: each deal's hands and boneyard.
      const deals = doc.commits.flatMap((c) => c.events).filter((e) => e.type === 'HandDealt');
      expect(deals).toHaveLength(7);
      for (const deal of deals as unknown as { hands: string[][]; boneyard: string[] }[])
        expect(deal.hands.flat().length + deal.boneyard.length).toBe(28);
      // The rules replay the log to the scores the game ended with.
      const end = replay(doc).at(-1);
      expect(end?.status).toBe('finished');
      expect(end?.totals).toEqual(doc.final.totals);
      expect(end?.handScores).toEqual(doc.final.handScores);
      expect(end?.winners).toEqual(doc.final.winners);
      replayed++;
    }
    expect(replayed).toBe(finished.length);
    console.log(`export: ${replayed} of ${finished.length} exported games replayed to their scores`);
  }, 120_000);

  it('steps through a game move by move: each step the commit’s events and the table after it, every tile shown', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), LIMITS);
    const { gameId, tokens } = await api.startGame(2, { set: 6, handSize: 2 });
    await playOut(api, gameId, tokens);
    const doc = (await api.call('GET', `/v1/games/${gameId}/export`, { token: tokens[0] })).body as GameExport;
    const first = await api.call('GET', `/v1/games/${gameId}/replay`, { token: tokens[0] });
    expect(first.body).toMatchObject({ version: 0, last: doc.commits.length, events: [], hands: null, game: null });
    for (const at of [1, 3, Math.floor(doc.commits.length / 2), doc.commits.length]) {
      const step = await api.call('GET', `/v1/games/${gameId}/replay?at=${at}`, { token: tokens[1] });
      expect(step.status).toBe(200);
      expect(step.body.events).toEqual(doc.commits[at - 1]?.events);
      const state = replay(doc, at).at(-1);
      expect(step.body.hands).toEqual(state?.hand?.hands ?? null);
      expect(step.body.game.totals).toEqual(state?.totals);
      expect(step.body.game).not.toHaveProperty('yourTiles');
    }
    const past = await api.call('GET', `/v1/games/${gameId}/replay?at=${doc.commits.length + 1}`, { token: tokens[0] });
    expect([past.status, past.body.code]).toEqual([400, 'request/version-ahead']);
  }, 60_000);

  it('leaves a deleted account’s name out of the export, as out of every view', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), LIMITS);
    const [ann, zed] = [await api.register('Ann'), await api.register('Zedediah')];
    const created = await api.createGame(ann.token, { seats: 2, rules: { set: 6, handSize: 2 } });
    await api.join(zed.token, created.body.game.id, created.body.game.inviteCode);
    await playOut(api, created.body.game.id, [ann.token, zed.token]);
    const me = await api.call('GET', '/v1/me', { token: zed.token });
    const gone = await api.call('DELETE', '/v1/me', {
      token: zed.token,
      headers: { 'if-match': me.headers.get('etag')!, 'idempotency-key': newKey() },
    });
    expect(gone.status).toBe(204);
    const res = await api.call('GET', `/v1/games/${created.body.game.id}/export`, { token: ann.token });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Ann');
    expect(res.text).not.toContain('Zedediah');
    expect(replay(res.body).at(-1)?.totals).toEqual(res.body.final.totals);
  }, 60_000);
});
