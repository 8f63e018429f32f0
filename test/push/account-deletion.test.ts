// Issue 31 with issue 28's erasure: deleting an account removes its browsers' push subscriptions through
// the same path as its webhook endpoints (`belongings.removeAll`, before the deletion's commit), erases
// what the store kept of those browsers (endpoint, keys, label), and no push waiting for a retry reaches
// them afterwards. Through the real app, its sweeper and a loopback push service.
import { afterEach, describe, expect, it } from 'vitest';
import { newKey, pushed } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

describe('a deleted account', () => {
  it('loses its devices, their endpoints, keys and labels are erased, and nothing more is pushed to them', async () => {
    const h = await pushed();
    opened.push(h);
    const [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
    const phone = h.service.subscribe('ann-phone');
    const label = 'Ann’s phone';
    const registered = await h.api.call('POST', '/v1/me/push-subscriptions', {
      token: ann.token,
      body: { endpoint: phone.endpoint, keys: phone.keys, label },
    });
    expect(registered.status).toBe(201);
    await h.api.call('PATCH', `/v1/me/push-subscriptions/${registered.body.id}`, {
      token: ann.token,
      // Told of a game's start and end only: what waits for her is not a turn, which her leaving would end.
      body: { label: `${label} (work)`, events: ['game.started', 'game.finished'] },
    });
    await h.device(bob.token, 'bob');
    // Ann's push service is down: her "game started" waits for a retry.
    h.service.answer((device) => (device === 'ann-phone' ? 503 : 201));
    const created = await h.api.createGame(ann.token, { seats: 2, rules: { set: 6, handSize: 2 } });
    const gameId = created.body.game.id as string;
    await h.api.join(bob.token, gameId, created.body.game.inviteCode as string);
    await h.sweep();
    expect(h.service.to('bob').map((p) => p.type)).toContain('game.started');
    // Her phone was tried and refused: no push reached it, one waits.
    expect(h.service.requests).toBeGreaterThan(h.service.delivered.length);
    expect(h.service.to('ann-phone')).toEqual([]);

    const etag = (await h.api.call('GET', '/v1/me', { token: ann.token })).headers.get('etag')!;
    const headers = { 'if-match': etag, 'idempotency-key': newKey() };
    const deleted = await h.api.call('DELETE', '/v1/me', { token: ann.token, headers });
    expect(deleted.status).toBe(204);

    // Her push service is back: the push that waited is dropped unsent, and nothing new goes to her phone.
    h.service.answer(() => 201);
    for (let i = 0; i < 6; i++) await h.after(10 * 60_000);
    expect(h.service.to('ann-phone')).toEqual([]);
    // What the store keeps of her devices names no browser: every commit and snapshot erased.
    const commits = await h.store.streams.readAll(`${ann.id}.push`, { snapshots: true });
    expect(commits.length).toBeGreaterThanOrEqual(3);
    const kept = JSON.stringify(commits.map((c) => ({ events: c.events, snapshot: c.snapshot })));
    for (const secret of [phone.endpoint, phone.keys.p256dh, phone.keys.auth, 'Ann’s phone', 'ann-phone'])
      expect(kept).not.toContain(secret);
    const last = commits.at(-1)!;
    expect(last.events).toEqual([{ type: 'PushUnsubscribed', ids: [registered.body.id], reason: 'account-deleted' }]);
    expect((last.snapshot as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    // Bob's device is his own: still there.
    const bobs = await h.api.call('GET', '/v1/me/push-subscriptions', { token: bob.token });
    expect(bobs.body.subscriptions.map((s: { label: string }) => s.label)).toEqual(['bob']);
  });
});
