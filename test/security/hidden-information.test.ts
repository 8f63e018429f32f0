import { newKey, testApi } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';
import { HIDDEN_GAMES, hiddenInformationSuite } from './support/hidden-suite';
import { readTruth } from './support/knowledge';
import { checkExchanges } from './support/leaks';

// The shorter games here; the large sets (double-12 and 15) in hidden-information-long.test.ts.
hiddenInformationSuite(HIDDEN_GAMES.filter((game) => game.set < 12));

describe('the scan itself', () => {
  it('holds a watcher to what a spectator knows: a seat’s tile in a watch view is a leak', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'), { shuffle: fisherYates(seededRandom(97)) });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const link = await api.call('POST', `/v1/games/${gameId}/watch-links`, {
      token: tokens[1],
      headers: { 'idempotency-key': newKey() },
    });
    const res = await api.call('GET', '/v1/watch', { token: link.body.token });
    const truth = await readTruth(store, gameId);
    expect(checkExchanges([{ seat: -1, method: 'GET', path: '/v1/watch', res }], truth).leaks).toEqual([]);
    const held = truth.states[res.body.version]?.hand?.hands[0]?.[0] as string;
    const tampered = { ...res, body: { ...res.body, yourTiles: [held] } };
    expect(checkExchanges([{ seat: -1, method: 'GET', path: '/v1/watch', res: tampered }], truth).leaks).toEqual([
      expect.stringContaining(`was shown ${held}, which seat 0 holds`),
    ]);
  });

  it('holds a player who left to what a spectator knows: the tiles of the seat they left are the bot’s', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'), { shuffle: fisherYates(seededRandom(98)) });
    const { gameId, tokens } = await api.startGame(3, { set: 6 });
    const version = (await api.view(tokens[2] as string, gameId)).body.version;
    const left = await api.leave(tokens[2] as string, gameId, version);
    expect(left.status).toBe(200);
    const res = await api.view(tokens[2] as string, gameId);
    const truth = await readTruth(store, gameId);
    const path = `/v1/games/${gameId}`;
    expect(checkExchanges([{ seat: 2, method: 'GET', path, res }], truth).leaks).toEqual([]);
    const held = truth.states[res.body.version]?.hand?.hands[2]?.[0] as string;
    const tampered = { ...res, body: { ...res.body, yourTiles: [held] } };
    expect(checkExchanges([{ seat: 2, method: 'GET', path, res: tampered }], truth).leaks).toEqual([
      expect.stringContaining(`was shown ${held}, which seat 2 holds`),
    ]);
  });

  it('reports another seat’s tile, a deal key and the boneyard’s order when a response carries them', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'), { shuffle: fisherYates(seededRandom(99)) });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const truth = await readTruth(store, gameId);
    const hand = truth.states.at(-1)?.hand;
    if (!hand) throw new Error('the game was not dealt');
    const res = await api.view(tokens[0] as string, gameId);
    const clean = checkExchanges([{ seat: 0, method: 'GET', path: `/v1/games/${gameId}`, res }], truth);
    expect(clean.leaks).toEqual([]);
    expect(clean.tiles).toBeGreaterThanOrEqual(hand.hands[0]?.length ?? 1);

    const theirs = hand.hands[1]?.[0] as string;
    const bones = hand.boneyard.slice(hand.drawn, hand.drawn + 3);
    const tampered = {
      ...res,
      body: { ...res.body, yourTiles: [...res.body.yourTiles, theirs], note: `next: ${bones.join(' ')}`, boneyard: [] },
    };
    const found = checkExchanges([{ seat: 0, method: 'GET', path: `/v1/games/${gameId}`, res: tampered }], truth);
    expect(found.leaks).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`was shown ${theirs}, which seat 1 holds`),
        expect.stringContaining('"boneyard" key'),
        expect.stringContaining(`order shows through: ${bones.join(', ')}`),
      ]),
    );
  });
});
