// Issue 31 with issue 30's `game.cancelled`: a person who joined a game its creator then cancels is told
// on their device (on by default), in words naming who cancelled it; the creator is not told what they did.
import { afterEach, describe, expect, it } from 'vitest';
import { newKey, pushed } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

describe('a cancelled game', () => {
  it('is pushed to the player who joined it, not to the creator who cancelled it', async () => {
    const h = await pushed();
    opened.push(h);
    const [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
    await h.device(ann.token, 'ann');
    const device = await h.device(bob.token, 'bob');
    expect(device.events).toContain('game.cancelled');
    const created = await h.api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id: gameId, inviteCode } = created.body.game;
    const joined = await h.api.join(bob.token, gameId, inviteCode);
    const cancelled = await h.api.call('POST', `/v1/games/${gameId}/cancel`, {
      token: ann.token,
      headers: { 'if-match': `"${joined.body.version}"`, 'idempotency-key': newKey() },
    });
    expect(cancelled.status).toBe(200);
    await h.sweep();
    expect(h.service.to('bob')).toEqual([
      expect.objectContaining({
        type: 'game.cancelled',
        gameId,
        version: cancelled.body.version,
        title: 'Game cancelled',
        body: 'Ann cancelled it before it began.',
        url: `/games/${gameId}`,
      }),
    ]);
    expect(h.service.to('ann')).toEqual([]);
    const [push] = h.service.delivered;
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toBe(gameId);
  });
});
