import { stackedDeck } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';
import { newKey, stackedThenSeeded, testApi } from './testing';

const tilesIn = (value: unknown) => JSON.stringify(value).match(/\b\d+-\d+\b/g) ?? [];

describe('leaving a game before it starts', () => {
  it('frees the seat: the one who left is out of the game and its lists; the creator cannot leave', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob, cid] = [await api.register('Ann'), await api.register('Bob'), await api.register('Cid')];
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id, inviteCode } = created.body.game;
    const joined = await api.join(bob.token, id, inviteCode);
    expect((await store.playerGames.list(bob.id)).games.map((g) => g.gameId)).toEqual([id]);

    const key = newKey();
    const left = await api.leave(bob.token, id, joined.body.version, key);
    expect((await api.leave(bob.token, id, joined.body.version, key)).text).toBe(left.text);
    expect(left.status).toBe(200);
    expect(left.body.events).toEqual([{ type: 'SeatLeft', seat: 1, bot: null }]);
    expect(left.body.game).toMatchObject({ yourSeat: 1, yourTiles: [], legalMoves: [] });
    expect(left.body.game.seats[1]).toMatchObject({ player: null, bot: null, left: false });
    expect((await api.view(bob.token, id)).status).toBe(404);
    expect((await store.playerGames.list(bob.id)).games).toEqual([]);
    const creator = await api.leave(ann.token, id, left.body.version);
    expect([creator.status, creator.body.code]).toEqual([422, 'rules/creator-cannot-leave']);

    // Cid takes the seat Bob left; Bob may join again, in the last one, which starts the game.
    expect((await api.join(cid.token, id, inviteCode)).body.game.yourSeat).toBe(1);
    const again = await api.join(bob.token, id, inviteCode);
    expect(again.body.game).toMatchObject({ yourSeat: 2, status: 'playing' });
  });
});

describe('leaving a game in play', () => {
  it('a bot takes the seat over as it stands; the one who left sees the game as a spectator and moves no more', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const { gameId, players, tokens } = await api.startGame(3, { set: 6, botLevel: 'random' });
    const { body: table } = await api.view(tokens[0] as string, gameId);
    // The seat in turn leaves: its bot plays at once, in the reply.
    const seat: number = table.hand.turn;
    const leaver = tokens[seat] as string;
    const before = await api.view(leaver, gameId);
    const key = newKey();
    const left = await api.leave(leaver, gameId, before.body.version, key);
    expect(left.status).toBe(200);
    expect(left.body.events[0]).toEqual({ type: 'SeatLeft', seat, bot: 'random' });
    expect(left.body.events[1]).toMatchObject({ seat });
    expect(left.body.version).toBeGreaterThan(before.body.version + 1);
    const { game } = left.body;
    expect(game).toMatchObject({ yourSeat: seat, yourTiles: [], drawnTile: null, legalMoves: [] });
    expect(game.seats[seat]).toMatchObject({ player: { id: players[seat]!.id }, bot: 'random', left: true });
    // A spectator's view: the only tiles in it are on the table (and the opener).
    const table2 = new Set([...game.hand.board.map((p: { tile: string }) => p.tile), game.hand.opener]);
    for (const tile of tilesIn({ ...game, pastHands: [] })) expect(table2).toContain(tile);
    expect((await api.leave(leaver, gameId, before.body.version, key)).text).toBe(left.text);

    // The game goes on for the others; the one who left may read it but not move.
    const view = await api.view(leaver, gameId);
    expect(view.status).toBe(200);
    expect(view.body.yourTiles).toEqual([]);
    const move = await api.move(leaver, gameId, { type: 'pass' }, view.body.version);
    expect([move.status, move.body.code]).toEqual([403, 'game/left']);
    expect((await api.leave(leaver, gameId, view.body.version)).body.code).toBe('rules/already-left');
    const events = await api.events(leaver, gameId);
    const dealt = events.body.commits.flatMap((c: { events: { type: string }[] }) =>
      c.events.filter((e) => e.type === 'HandDealt'),
    );
    expect(dealt.every((e: { tiles?: unknown }) => e.tiles === undefined)).toBe(true);
    // It stays in their list of games, and is never their turn again.
    expect((await store.playerGames.list(players[seat]!.id)).games.map((g) => g.gameId)).toEqual([gameId]);
    expect((await store.playerGames.list(players[seat]!.id, { myTurn: true })).games).toEqual([]);
  });
});

// Double-6, three seats of two tiles. Seat 0 deals and holds 6-6: it places the root at the deal and
// is left one tile (1-0), unannounced. Seat 1 plays 6-5 next (announcing: it then holds one tile too).
const HANDS = [
  ['6-6', '1-0'],
  ['6-5', '2-2'],
  ['6-4', '3-3'],
];

async function chickenlittleGame() {
  const shuffle = stackedThenSeeded(3, stackedDeck(6, HANDS.flat()));
  const t = await testApi(inject('dynamoEndpoint'), { shuffle });
  const game = await t.api.startGame(3, { set: 6, handSize: 2 });
  const version = (await t.api.view(game.tokens[0] as string, game.gameId)).body.version;
  return { ...t, ...game, version };
}

describe('leaving with Chickenlittle to say', () => {
  it('a seat pending when its player leaves: its bot announces at once', async () => {
    const { api, gameId, tokens, version } = await chickenlittleGame();
    const { body: mine } = await api.view(tokens[0] as string, gameId);
    expect(mine.seats[0].chickenlittle).toBe('pending');
    const left = await api.leave(tokens[0] as string, gameId, version);
    expect(left.body.events).toEqual([
      { type: 'SeatLeft', seat: 0, bot: 'greedy' },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: false },
    ]);
    expect(left.body.game.seats[0].chickenlittle).toBe('announced');
  });

  it('a seat with a lapse when its player leaves: the lapse stands until its bot announces, at once', async () => {
    const { api, gameId, tokens, version } = await chickenlittleGame();
    const played = await api.move(
      tokens[1] as string,
      gameId,
      { type: 'play', tile: '6-5', on: 0, announce: true },
      version,
    );
    expect(played.body.game.seats[0].chickenlittle).toBe('vulnerable');
    expect(played.body.game.hand.turn).toBe(2);
    const left = await api.leave(tokens[0] as string, gameId, played.body.version);
    expect(left.body.events).toEqual([
      { type: 'SeatLeft', seat: 0, bot: 'greedy' },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: false },
    ]);
    // Too late to call it out now.
    const callout = await api.move(tokens[2] as string, gameId, { type: 'callout', seat: 0 }, left.body.version);
    expect(callout.body.code).toBe('rules/no-lapse');
  });

  it('a player’s lapse is called out by a bot as soon as it begins', async () => {
    const shuffle = stackedThenSeeded(3, stackedDeck(6, HANDS.flat()));
    const { api } = await testApi(inject('dynamoEndpoint'), { shuffle });
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6, handSize: 2 }, bots: [{ seat: 2 }] });
    const joined = await api.join(bob.token, created.body.game.id, created.body.game.inviteCode);
    const gameId = created.body.game.id;
    // Ann announces for the root; Bob plays 6-5 and forgets to announce; the bot in seat 2 plays, and
    // Bob's lapse begins: the bot calls him out, and he draws.
    const announced = await api.move(ann.token, gameId, { type: 'announce' }, joined.body.version);
    const played = await api.move(bob.token, gameId, { type: 'play', tile: '6-5', on: 0 }, announced.body.version);
    const types = played.body.events.map((e: { type: string }) => e.type);
    expect(types.slice(0, 2)).toEqual(['TilePlayed', 'TilePlayed']);
    expect(played.body.events).toContainEqual({ type: 'ChickenlittleCalledOut', seat: 1, by: 2, penalty: 'draw' });
    expect(played.body.game.yourTiles).toHaveLength(2);
  });
});
