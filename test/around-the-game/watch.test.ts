// README: a watch link's token "shows the game as a seat without tiles sees it (no hand, no moves, no
// invite code), until any seated player revokes it; it opens nothing else". Judged over a whole game
// against its true events (from the store): at every move the watcher's view and its catch-up show no
// tile that was not on the table or turned face up at a hand's end; its long-poll wakes on a move; the
// link still shows the game once it is over, and a revocation ends it at once.
import { newKey, testApi } from '@chickenfoot/api/testing';
import type { GameEvent } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';
import { step } from '../webhooks/support';

const TILE = /\b\d{1,2}-\d{1,2}\b/g;

describe('a watch link, over a whole game', () => {
  it('never shows a tile that is not public, follows the game with a long-poll, and ends when revoked', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'), {
      limits: { perPlayer: { burst: 1e6, perSecond: 1e6 }, pollMs: 20 },
    });
    const { gameId, players } = await api.startGame(2, { set: 6 });
    const link = await api.call('POST', `/v1/games/${gameId}/watch-links`, {
      token: players[0]!.token,
      headers: { 'idempotency-key': newKey() },
    });
    const watch = link.body.token as string;
    /** The tiles public so far: on the table, the openers, and every hand's tiles once it ended. */
    const publicTiles = async () => {
      const shown = new Set<string>();
      for (const commit of await store.streamsOf<GameEvent>().readAll(gameId)) {
        for (const event of commit.events) {
          if (event.type === 'RootPlaced' || event.type === 'TilePlayed') shown.add(event.tile);
          if (event.type === 'HandDealt') shown.add(event.opener);
          if (event.type === 'HandEnded') event.hands.flat().forEach((t) => shown.add(t));
        }
      }
      return shown;
    };
    const leaks = (text: string, shown: Set<string>) => (text.match(TILE) ?? []).filter((t) => !shown.has(t));
    let moves = 0;
    let version = 0;
    for (;;) {
      const [seen, events, shown] = [
        await api.call('GET', '/v1/watch', { token: watch }),
        await api.call('GET', `/v1/watch/events?after=${version}`, { token: watch }),
        await publicTiles(),
      ];
      expect(seen.status).toBe(200);
      for (const key of ['yourSeat', 'yourTiles', 'inviteCode', 'legalMoves', 'drawnTile'])
        expect(seen.body).not.toHaveProperty(key);
      expect({ view: leaks(seen.text, shown), events: leaks(events.text, shown) }).toEqual({ view: [], events: [] });
      version = events.body.version as number;
      expect(seen.body.version).toBe(version);
      if (seen.body.status !== 'playing') break;
      // A long-poll of the watcher wakes with the next move.
      const waiting = api.call('GET', `/v1/watch/events?after=${version}&wait=20`, { token: watch });
      expect(await step(api, players, gameId)).not.toBeNull();
      const woke = await waiting;
      expect(woke.body.commits[0].version).toBe(version + 1);
      moves++;
    }
    expect(moves).toBeGreaterThan(20);
    // Over, the game is still shown: the final totals, every hand face up.
    const final = await api.call('GET', '/v1/watch', { token: watch });
    expect(final.body).toMatchObject({ status: 'finished' });
    // Revoked by the other seat: refused at once, and the link opens nothing else meanwhile.
    expect((await api.view(watch, gameId)).status).toBe(401);
    const revoked = await api.call('DELETE', `/v1/games/${gameId}/watch-links/${link.body.id}`, {
      token: players[1]!.token,
    });
    expect(revoked.status).toBe(204);
    for (const path of ['/v1/watch', '/v1/watch/events?after=0'])
      expect((await api.call('GET', path, { token: watch })).status).toBe(401);
  }, 120_000);
});
