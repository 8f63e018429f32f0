import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi, type TestClient } from './testing';

// What a player's lists tell them without opening a game (issue 30: "the API tells every client what a
// person needs"): the my-turn inbox by nearest deadline, that they are away, which bot took over a
// seat whose player left, and a game they joined that was cancelled. Through the real app on dynalite.
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Summary = { id: string; status: string; away: boolean; bots: (string | null)[]; deadline: string | null };
const list = async (api: TestClient, token: string, query = '') =>
  (await api.call('GET', `/v1/me/games${query}`, { token })).body as { games: Summary[]; cursor: string | null };
const entry = async (api: TestClient, token: string, gameId: string) =>
  (await list(api, token)).games.find((g) => g.id === gameId);

/** Plays `gameId` (Bob's, Ann joined in seat 1) on Bob's side until it waits on Ann. */
async function untilAnnsTurn(api: TestClient, bob: string, gameId: string): Promise<void> {
  for (let guard = 0; guard < 40; guard++) {
    const view = (await api.view(bob, gameId)).body;
    if (view.hand.turn === 1) return;
    const move = view.legalMoves.find((m: { type: string }) => m.type === 'play') ?? view.legalMoves[0];
    expect((await api.move(bob, gameId, move, view.version)).status).toBe(200);
  }
  throw new Error('the game never waited on Ann');
}

describe('your games, as your lists tell them', () => {
  it('puts the nearest deadline first in the my-turn inbox, then games without a clock, oldest first', async () => {
    const clock = { now: T0 };
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
    const ann = await api.register('Ann');
    const ids: string[] = [];
    // Begun in this order, an hour apart: no clock, a 48-hour clock, a 2-hour clock, no clock.
    for (const turnHours of [null, 48, 2, null]) {
      const bob = await api.register(`Bob ${ids.length}`);
      const created = await api.createGame(bob.token, { seats: 2, rules: { set: 6, turnHours } });
      await api.join(ann.token, created.body.game.id, created.body.game.inviteCode);
      await untilAnnsTurn(api, bob.token, created.body.game.id);
      ids.push(created.body.game.id);
      clock.now += HOUR;
    }
    const [slow, long, short, later] = ids as [string, string, string, string];
    const inbox = await list(api, ann.token, '?turn=mine');
    expect(inbox.games.map((g) => g.id)).toEqual([short, long, slow, later]);
    expect(inbox.games[0]!.deadline).toBe(iso(T0 + 2 * HOUR + 2 * HOUR));
    expect(inbox.games[1]!.deadline).toBe(iso(T0 + HOUR + 48 * HOUR));
    // Page by page, the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { games: Summary[]; cursor: string | null } = await list(
        api,
        ann.token,
        `?turn=mine&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.games.map((g) => g.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual([short, long, slow, later]);
  });

  it('says when you are away, and when you are back', async () => {
    const clock = { now: T0 };
    const { api, sweeper } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
    const { gameId, tokens } = await api.startGame(2, { set: 6, turnHours: 1, awayAfter: 1 });
    const ann = tokens[0]!;
    expect(await entry(api, ann, gameId)).toMatchObject({ away: false });
    const absent = (await api.view(ann, gameId)).body.hand.turn as number;
    clock.now += HOUR;
    expect((await sweeper.sweep(clock.now)).effects.applied).toBe(1);
    const gone = tokens[absent]!;
    expect((await api.view(gone, gameId)).body.seats[absent].away).toBe(true);
    expect(await entry(api, gone, gameId)).toMatchObject({ status: 'playing', away: true });
    expect(await entry(api, tokens[1 - absent]!, gameId)).toMatchObject({ away: false });
    const back = await api.returnToGame(gone, gameId, (await api.view(gone, gameId)).body.version);
    expect(back.status).toBe(200);
    expect(await entry(api, gone, gameId)).toMatchObject({ away: false });
  });

  it('names the bot that took over the seat of a player who left, in every player’s list', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(3, { set: 6, botLevel: 'random' });
    expect((await entry(api, tokens[0]!, gameId))?.bots).toEqual([null, null, null]);
    const leaver = tokens[2]!;
    const left = await api.leave(leaver, gameId, (await api.view(leaver, gameId)).body.version);
    expect(left.status).toBe(200);
    for (const token of tokens) expect((await entry(api, token, gameId))?.bots).toEqual([null, null, 'random']);
  });

  it('keeps a cancelled game in the lists of those who joined it, marked cancelled', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id, inviteCode } = created.body.game;
    const joined = await api.join(bob.token, id, inviteCode);
    const cancelled = await api.call('POST', `/v1/games/${id}/cancel`, {
      token: ann.token,
      headers: { 'if-match': `"${joined.body.version}"`, 'idempotency-key': newKey() },
    });
    expect(cancelled.status).toBe(200);
    expect(await entry(api, bob.token, id)).toMatchObject({ status: 'cancelled', yourTurn: false });
    expect(await entry(api, ann.token, id)).toMatchObject({ status: 'cancelled' });
  });
});
