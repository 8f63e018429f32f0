import { newKey, testApi } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { chooser } from './support/choice';
import { playObserved, type HiddenGame } from './support/hidden-game';
import { readTruth } from './support/knowledge';
import { checkExchanges, emptyReport } from './support/leaks';
import { figure, SOAK } from './support/scale';

// Every set, two to five seats, and the rule options that change what is drawn and shown. Whole
// games at the default hand sizes (a smaller hand does not make a game shorter: the boneyard is
// drawn either way). Double-15 with two seats (16 hands, ~1,700 moves) is the longest, so the
// long sets try refused moves and catch up less often.
const GAMES: readonly HiddenGame[] = [
  { set: 6, seats: 2, every: { probe: 5, catchUp: 7 } },
  { set: 6, seats: 5, rules: { opening: 'next-highest', drawnTile: 'must-play' }, every: { probe: 5, catchUp: 7 } },
  { set: 9, seats: 4, every: { probe: 5, catchUp: 7 } },
  { set: 12, seats: 3, rules: { spokes: 4, chickenlittle: 'auto' }, every: { probe: 9, catchUp: 15 } },
  { set: 15, seats: 2, every: { probe: 9, catchUp: 15 } },
  // With bots: their moves come in the players' replies and catch-ups, redacted like anyone's; a
  // player who leaves reads on as a spectator.
  { set: 6, seats: 3, bots: ['random', 'greedy'], every: { probe: 3, catchUp: 4 } },
  {
    set: 9,
    seats: 4,
    bots: ['greedy', 'random'],
    leaves: { seat: 1, afterMoves: 12 },
    every: { probe: 5, catchUp: 5 },
  },
  {
    set: 6,
    seats: 4,
    rules: { drawnTile: 'must-play' },
    leaves: { seat: 0, afterMoves: 9 },
    every: { probe: 5, catchUp: 6 },
  },
];
const SEEDS = SOAK ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1];
const report = emptyReport();
let games = 0;

describe('hidden information: no seat is ever shown a tile it may not know', () => {
  afterAll(() => {
    console.log(
      `hidden information: ${games} games, ${figure(report.responses)} responses and ${figure(report.events)} events scanned, ${figure(report.tiles)} tiles checked, ${report.leaks.length} leaks`,
    );
  });

  it.each(
    SEEDS.flatMap((seed) =>
      GAMES.map((game) => ({
        ...game,
        seed,
        label: `double-${game.set}, ${game.seats} seats${game.bots ? ` (${game.bots.length} bots)` : ''}${game.leaves ? `, seat ${game.leaves.seat} leaves` : ''}, ${JSON.stringify(game.rules ?? {})}, seed ${seed}`,
      })),
    ),
  )(
    '$label',
    async ({ seed, label: _, ...game }) => {
      const { api, store } = await testApi(inject('dynamoEndpoint'), {
        shuffle: fisherYates(seededRandom(seed * 1000 + game.set * 10 + game.seats)),
        limits: { perPlayer: { burst: 1e9, perSecond: 1e9 } },
      });
      const { gameId, exchanges, moves } = await playObserved(api, game, chooser(seed));
      const truth = await readTruth(store, gameId);
      const final = truth.states.at(-1);
      expect(final?.status).toBe('finished');
      expect(final?.handScores).toHaveLength(game.set + 1);
      expect(moves).toBeGreaterThan(game.set);

      const found = checkExchanges(exchanges, truth);
      games++;
      report.responses += found.responses;
      report.events += found.events;
      report.tiles += found.tiles;
      report.leaks.push(...found.leaks);
      expect(found.leaks.slice(0, 20)).toEqual([]);
      // Every commit reached every seat at least once (the final catch-ups), so every event was scanned per seat.
      expect(found.events).toBeGreaterThanOrEqual(truth.events.flat().length * (game.seats - (game.bots?.length ?? 0)));
    },
    SOAK ? 600_000 : 120_000,
  );
});

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
