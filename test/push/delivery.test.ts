// Issue 31: pushes derived from the commits that cause them, delivered by the sweeper through the
// SSRF-safe sender to a push service on loopback that checks the VAPID JWT and decrypts each push
// with the subscription's private key, as the browser would.
import { afterEach, describe, expect, it } from 'vitest';
import type { Move } from '@chickenfoot/rules';
import { newKey, PAYLOAD_KEYS, pushed, VAPID_PUBLIC } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

type Harness = Awaited<ReturnType<typeof pushed>>;
const SHORT = { set: 6, handSize: 2, doubleBlank: 0 };

/** A two-player game of Ann and Bob, started: its id. */
async function started(h: Harness, ann: { token: string }, bob: { token: string }) {
  const created = await h.api.createGame(ann.token, { seats: 2, rules: SHORT });
  const id = created.body.game.id as string;
  const joined = await h.api.join(bob.token, id, created.body.game.inviteCode as string);
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  return id;
}

/** The seat in turn plays its first legal move (a play first): the seat that moved, or null once over. */
async function step(h: Harness, tokens: readonly string[], gameId: string) {
  const table = await h.api.view(tokens[0]!, gameId);
  if (table.body.status !== 'playing') return null;
  const seat = table.body.hand.turn as number;
  const view = await h.api.view(tokens[seat]!, gameId);
  const moves = view.body.legalMoves as Move[];
  const done = await h.api.move(
    tokens[seat]!,
    gameId,
    moves.find((m) => m.type === 'play') ?? moves[0],
    view.body.version,
  );
  if (done.status !== 200) throw new Error(`move: ${done.status} ${done.text}`);
  return seat;
}

describe('pushes', () => {
  it(
    'tell exactly the right players of every event they want, signed and encrypted, with no tile',
    { timeout: 180_000 },
    async () => {
      const h = await pushed();
      opened.push(h);
      const [ann, bob, cy] = [await h.api.register('Ann'), await h.api.register('Bob'), await h.api.register('Cy')];
      const devices = { ann: await h.device(ann.token, 'ann'), bob: await h.device(bob.token, 'bob') };
      await h.device(cy.token, 'cy');
      expect(devices.ann.events).toEqual([
        'turn.started',
        'turn.reminder',
        'game.started',
        'game.finished',
        'game.cancelled',
        'rematch.offered',
      ]);
      const gameId = await started(h, ann, bob);
      await h.sweep();
      // Both told of the start; whoever opens is told it is their turn too.
      const opening = (await h.api.view(ann.token, gameId)).body.hand.turn as number;
      expect(h.service.to('ann').map((p) => p.type)).toEqual([
        'game.started',
        ...(opening === 0 ? ['turn.started'] : []),
      ]);
      expect(h.service.to('bob').map((p) => p.type)).toEqual([
        'game.started',
        ...(opening === 1 ? ['turn.started'] : []),
      ]);
      const tokens = [ann.token, bob.token];
      const names = ['ann', 'bob'];
      for (let moves = 0; moves < 200; moves++) {
        const counts = names.map((n) => h.service.to(n).length);
        const before = (await h.api.view(ann.token, gameId)).body;
        const seat = await step(h, tokens, gameId);
        if (seat === null) break;
        await h.sweep();
        const after = (await h.api.view(ann.token, gameId)).body;
        const fresh = names.map((n, i) => h.service.to(n).slice(counts[i]));
        const turns = fresh.map((f) => f.filter((p) => p.type === 'turn.started'));
        if (after.status !== 'playing') {
          expect(turns.flat()).toEqual([]);
          continue;
        }
        const to = after.hand.turn as number;
        // Only the player the game now awaits is ever told it is their turn, once at most, at this version;
        // told for sure when the turn passed to them (a turn that went round back to them may tell too).
        expect(turns[1 - to]).toEqual([]);
        expect(turns[to]!.length).toBeLessThanOrEqual(1);
        for (const turn of turns[to]!)
          expect(turn).toMatchObject({
            gameId,
            version: after.version,
            title: 'Your turn',
            by: seat === 0 ? 'Ann' : 'Bob',
          });
        if (after.hand.turn !== before.hand.turn) expect(turns[to]).toHaveLength(1);
      }
      expect((await h.api.view(ann.token, gameId)).body.status).toBe('finished');
      for (const name of names) {
        const all = h.service.to(name);
        expect(all.at(-1)).toMatchObject({ type: 'game.finished', gameId, title: 'Game over' });
        // Off by default: a hand's end; a stranger's news: never.
        expect(all.map((p) => p.type)).not.toContain('hand.ended');
        for (const payload of all) expect(Object.keys(payload).sort()).toEqual(PAYLOAD_KEYS);
      }
      expect(h.service.to('cy')).toEqual([]);
      // A rematch offered by Ann: Bob is asked, Ann is not.
      const rematch = await h.api.call('POST', `/v1/games/${gameId}/rematch`, {
        token: ann.token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(rematch.status).toBe(201);
      await h.sweep();
      expect(h.service.to('bob').at(-1)).toMatchObject({ type: 'rematch.offered', title: 'Rematch?' });
      expect(h.service.to('ann').at(-1)?.type).toBe('game.finished');
      // Every push was signed with the server's key and refused nowhere; none carries a tile ("3-5") or a token.
      expect(h.service.refused).toEqual([]);
      for (const push of h.service.delivered) {
        expect(push.vapidKey).toBe(VAPID_PUBLIC);
        expect(push.text).not.toMatch(/\b\d-\d\b|cf2\.|tiles|hand"/);
        expect(push.headers.topic).toBe(push.json.gameId);
        expect(push.headers.urgency).toBe(push.json.type === 'turn.started' ? 'high' : 'normal');
      }
    },
  );

  it('drops a subscription its push service answers 404 or 410 for; the others go on', async () => {
    const h = await pushed();
    opened.push(h);
    const [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
    await h.device(ann.token, 'gone');
    await h.device(ann.token, 'missing');
    await h.device(ann.token, 'kept');
    h.service.answer((device) => (device === 'gone' ? 410 : device === 'missing' ? 404 : 201));
    await started(h, ann, bob);
    await h.sweep();
    const listed = await h.api.call('GET', '/v1/me/push-subscriptions', { token: ann.token });
    expect(listed.body.subscriptions.map((s: { label: string }) => s.label)).toEqual(['kept']);
    expect(h.service.to('kept').map((p) => p.type)).toContain('game.started');
    // Once dropped, never tried again.
    const tries = h.service.requests;
    await h.after(3_600_000);
    expect(h.service.requests).toBe(tries);
  });

  it('a push service down for a while gets, once back, the newest push of each game, and nothing stale', async () => {
    const h = await pushed();
    opened.push(h);
    const [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
    await h.device(ann.token, 'ann');
    await h.device(bob.token, 'bob');
    h.service.answer(() => 503);
    const games = [await started(h, ann, bob), await started(h, ann, bob)];
    const tokens = [ann.token, bob.token];
    // Each game played on until it awaits Ann after at least three moves; every push meanwhile fails.
    for (const gameId of games) {
      for (let moves = 0; moves < 40; moves++) {
        await step(h, tokens, gameId);
        await h.after(1_000);
        const view = (await h.api.view(ann.token, gameId)).body;
        if (moves >= 2 && view.status === 'playing' && view.hand.turn === 0) break;
      }
    }
    expect(h.service.delivered).toEqual([]);
    h.service.answer(() => 201);
    for (let i = 0; i < 8; i++) await h.after(10 * 60_000);
    const views = await Promise.all(games.map(async (id) => (await h.api.view(ann.token, id)).body));
    expect(views.map((v) => [v.status, v.hand.turn])).toEqual([
      ['playing', 0],
      ['playing', 0],
    ]);
    const turns = h.service.to('ann').filter((p) => p.type === 'turn.started');
    // One "your turn" per game, the newest (the game's version now), whatever came before it.
    expect(turns.map((p) => [p.gameId, p.version]).sort()).toEqual(views.map((v, i) => [games[i], v.version]).sort());
    // Bob's turns are over: none of his "your turn" pushes is delivered late.
    expect(h.service.to('bob').filter((p) => p.type === 'turn.started')).toEqual([]);
  });

  it('removes the subscriptions of a revoked token, of every other token, and of a deleted account', async () => {
    const h = await pushed();
    opened.push(h);
    const ann = await h.api.register('Ann');
    const issue = async () =>
      (await h.api.call('POST', '/v1/me/tokens', { token: ann.token, headers: { 'idempotency-key': newKey() } })).body;
    const [phone, tablet] = [await issue(), await issue()];
    await h.device(ann.token, 'laptop');
    await h.device(phone.token, 'phone');
    await h.device(tablet.token, 'tablet');
    const labels = async () =>
      (await h.api.call('GET', '/v1/me/push-subscriptions', { token: ann.token })).body.subscriptions.map(
        (s: { label: string }) => s.label,
      );
    expect(await labels()).toEqual(['laptop', 'phone', 'tablet']);
    const etag = async () => (await h.api.call('GET', '/v1/me', { token: ann.token })).headers.get('etag')!;
    const change = async () => ({ 'idempotency-key': newKey(), 'if-match': await etag() });
    const revoked = await h.api.call('DELETE', `/v1/me/tokens/${phone.id}`, {
      token: ann.token,
      headers: await change(),
    });
    expect(revoked.status).toBe(204);
    expect(await labels()).toEqual(['laptop', 'tablet']);
    const others = await h.api.call('DELETE', '/v1/me/tokens', { token: ann.token, headers: await change() });
    expect(others.status).toBe(204);
    expect(await labels()).toEqual(['laptop']);
    const deleted = await h.api.call('DELETE', '/v1/me', { token: ann.token, headers: await change() });
    expect(deleted.status).toBe(204);
    const stream = await h.store.streams.readLatest(`${ann.id}.push`, { consistent: true });
    expect((stream?.snapshot as { subscriptions: unknown[] }).subscriptions).toEqual([]);
  });
});

describe('a clocked turn', () => {
  it('reminds the player it awaits at 80% of the turn, with the deadline, urgently; nobody else', async () => {
    const h = await pushed();
    opened.push(h);
    const [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
    await h.device(ann.token, 'ann');
    await h.device(bob.token, 'bob');
    const created = await h.api.createGame(ann.token, { seats: 2, rules: { ...SHORT, turnHours: 10 } });
    const gameId = created.body.game.id as string;
    await h.api.join(bob.token, gameId, created.body.game.inviteCode as string);
    await h.sweep();
    const view = (await h.api.view(ann.token, gameId)).body;
    const awaited = view.hand.turn === 0 ? 'ann' : 'bob';
    const before = h.service.delivered.length;
    await h.after(7.9 * 3_600_000);
    expect(h.service.delivered.length).toBe(before);
    await h.after(0.2 * 3_600_000);
    const reminders = h.service.delivered.slice(before);
    expect(reminders.map((r) => [r.device, r.json.type])).toEqual([[awaited, 'turn.reminder']]);
    expect(reminders[0]!.json).toMatchObject({
      gameId,
      title: 'Your turn is running out',
      deadline: expect.any(String),
    });
    expect(reminders[0]!.headers.urgency).toBe('high');
    // Kept by the push service until the deadline, and no longer: about 2 h were left.
    expect(Number(reminders[0]!.headers.ttl)).toBeGreaterThan(3_600);
    expect(Number(reminders[0]!.headers.ttl)).toBeLessThanOrEqual(2 * 3_600);
  });
});
