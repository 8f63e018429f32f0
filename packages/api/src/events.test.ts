import { describe, expect, inject, it } from 'vitest';
import { stackedDeck } from '@chickenfoot/rules';
import { stackedShuffle, testApi } from './testing';

// Double-6, seven tiles each: Ann holds 6-6 and places it; Bob holds no 6, so the server draws for
// him at once (a 6 turns up third from the top of the boneyard, and he may play it or pass).
const BOB_DRAWS = stackedDeck(6, [
  ...['6-6', '6-5', '6-4', '5-5', '5-4', '4-4', '3-3'],
  ...['5-3', '5-2', '4-3', '4-2', '3-2', '2-2', '1-1'],
  ...['5-1', '4-1', '6-3'],
]);

async function playSome(
  api: Awaited<ReturnType<typeof testApi>>['api'],
  gameId: string,
  tokens: string[],
  moves: number,
) {
  for (let made = 0; made < moves;) {
    for (const token of tokens) {
      const { body } = await api.view(token, gameId);
      const move = body.legalMoves.find((m: { type: string }) => m.type === 'play' || m.type === 'pass');
      if (!move) continue;
      const res = await api.move(token, gameId, move, body.version);
      if (res.status !== 200) throw new Error(res.text);
      made++;
    }
  }
}

describe('GET /v1/games/{id}/events', () => {
  it('returns every commit after a version, each event redacted for the caller', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { shuffle: stackedShuffle(BOB_DRAWS) });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    await playSome(api, gameId, tokens, 6);
    const [ann, bob] = tokens as [string, string];
    const all = await api.call('GET', `/v1/games/${gameId}/events?after=0`, { token: ann });
    expect(all.status).toBe(200);
    const versions = all.body.commits.map((c: { version: number }) => c.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect(all.body.next).toBeNull();
    expect(all.body.version).toBe(versions.at(-1));

    const events = all.body.commits.flatMap((c: { events: unknown[] }) => c.events);
    const dealt = events.find((e: { type: string }) => e.type === 'HandDealt');
    const annTiles = (await api.view(ann, gameId)).body;
    expect(dealt).toMatchObject({ tiles: expect.any(Array), tileCounts: [7, 7], boneyardSize: 14 });
    expect(dealt).not.toHaveProperty('hands');
    expect(dealt).not.toHaveProperty('boneyard');
    // Bob's deal is not in Ann's events; Bob's own catch-up shows his.
    const bobEvents = (
      await api.call('GET', `/v1/games/${gameId}/events?after=0`, { token: bob })
    ).body.commits.flatMap((c: { events: unknown[] }) => c.events);
    const bobDealt = bobEvents.find((e: { type: string }) => e.type === 'HandDealt');
    for (const tile of bobDealt.tiles) expect(dealt.tiles).not.toContain(tile);
    const bobDraws = events.filter((e: { type: string; seat: number }) => e.type === 'TileDrawn' && e.seat === 1);
    expect(bobDraws.length).toBeGreaterThanOrEqual(3);
    for (const e of bobDraws) expect(e).not.toHaveProperty('tile');
    // ...while Bob's own catch-up shows him the tiles he drew, in the boneyard's order.
    const bobOwnDraws = bobEvents.filter((e: { type: string; seat: number }) => e.type === 'TileDrawn' && e.seat === 1);
    expect(bobOwnDraws.slice(0, 3).map((e: { tile: string }) => e.tile)).toEqual(['5-1', '4-1', '6-3']);
    expect(annTiles.version).toBe(all.body.version);
  });

  it('refuses a cursor past the game’s newest version, naming that version (a client never resumes from nowhere)', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const { version } = (await api.view(tokens[0] as string, gameId)).body;
    const ahead = await api.call('GET', `/v1/games/${gameId}/events?after=${version + 1}&wait=5`, { token: tokens[0] });
    expect(ahead.status).toBe(400);
    expect(ahead.body).toMatchObject({ code: 'request/version-ahead', currentVersion: version });
    const caughtUp = await api.call('GET', `/v1/games/${gameId}/events?after=${version}`, { token: tokens[0] });
    expect(caughtUp.body).toMatchObject({ commits: [], next: null, version });
  });

  it('pages with limit and next until caught up', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    await playSome(api, gameId, tokens, 5);
    const seen: number[] = [];
    let after = 0;
    for (let requests = 0; requests < 20; requests++) {
      const page = await api.call('GET', `/v1/games/${gameId}/events?after=${after}&limit=2`, { token: tokens[0] });
      seen.push(...page.body.commits.map((c: { version: number }) => c.version));
      after = page.body.version;
      if (page.body.next === null) break;
      expect(page.body.next).toBe(after);
    }
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    expect(seen.at(-1)).toBe((await api.view(tokens[0] as string, gameId)).body.version);
  });

  it('long-polls: returns as soon as something happens, and gives up at the cap', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { maxWaitSeconds: 1, pollMs: 50 } });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const [ann] = tokens as [string];
    const { version } = (await api.view(ann, gameId)).body;

    const started = Date.now();
    const capped = await api.call('GET', `/v1/games/${gameId}/events?after=${version}&wait=20`, { token: ann });
    const waited = Date.now() - started;
    expect(capped.body).toEqual({ commits: [], next: null, nextCursor: null, version });
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5000);

    const polling = api.call('GET', `/v1/games/${gameId}/events?after=${version}&wait=20`, { token: ann });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await playSome(api, gameId, tokens, 1);
    const early = await polling;
    expect(early.body.commits[0].version).toBe(version + 1);
  });

  it('refuses strangers (404) and bad parameters (400)', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2);
    const eve = await api.register('Eve');
    expect((await api.call('GET', `/v1/games/${gameId}/events`, { token: eve.token })).status).toBe(404);
    for (const query of ['after=-1', 'after=x', 'limit=0', 'limit=5000', 'wait=21', 'wait=1.5']) {
      const res = await api.call('GET', `/v1/games/${gameId}/events?${query}`, { token: tokens[0] });
      expect(res.status, query).toBe(400);
      expect(res.body.issues[0].path).toMatch(/^query\./);
    }
  });
});
