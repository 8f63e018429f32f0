// `game.cancelled`: a game someone joined that is then cancelled (by its creator, or closed after waiting
// too long for players) is told to those who joined, through the app, its sweeper and a receiver on
// loopback; the creator who cancelled it is not told what they did.
import { newKey } from '@chickenfoot/api/testing';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { hooked } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

describe('a cancelled game', { timeout: 60_000 }, () => {
  it('is told to each player who joined it, not to the creator who cancelled it', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann');
    const bob = await h.player('Bob');
    const created = await h.api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id: gameId, inviteCode } = created.body.game;
    const joined = await h.api.join(bob.token, gameId, inviteCode);
    const cancelled = await h.api.call('POST', `/v1/games/${gameId}/cancel`, {
      token: ann.token,
      headers: { 'if-match': `"${joined.body.version}"`, 'idempotency-key': newKey() },
    });
    expect(cancelled.status).toBe(200);
    await h.sweep();
    const told = h.receiver.requests.filter((r) => r.json.type === 'game.cancelled');
    expect(told.map((r) => r.json.data)).toEqual([{ gameId, version: cancelled.body.version, cancelled: 'creator' }]);
    // Bob's endpoint, signed with his secret.
    const headers = Object.fromEntries(Object.entries(told[0]!.headers).map(([k, v]) => [k, String(v)]));
    expect(() => new Webhook(bob.secret).verify(told[0]!.body, headers)).not.toThrow();
    expect(() => new Webhook(ann.secret).verify(told[0]!.body, headers)).toThrow();
  });

  it('closed for waiting too long is told to everyone in it, its creator too', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann');
    const bob = await h.player('Bob');
    const created = await h.api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id: gameId, inviteCode } = created.body.game;
    await h.api.join(bob.token, gameId, inviteCode);
    await h.sweep();
    // Days later, the stale check closes it (the default wait is at most a week).
    await h.after(8 * 24 * 3_600_000);
    await h.sweep();
    expect((await h.api.view(ann.token, gameId)).body.status).toBe('cancelled');
    const told = h.receiver.requests.filter((r) => r.json.type === 'game.cancelled');
    expect(told).toHaveLength(2);
    for (const request of told) expect(request.json.data).toMatchObject({ gameId, cancelled: 'stale' });
  });
});
