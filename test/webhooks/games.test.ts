// Notifications of real games, end to end: players with endpoints play through the app, the sweeper
// delivers, a receiver on loopback gets each notification exactly once (no duplicates: distinct
// webhook-ids), and what it got is what the game's log says happened. A clocked turn reminds at
// 80% and notifies its timeout.
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedNotifications as expected } from './expected';
import { hooked, seat, step } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

// Whole games played through the app and its sweeper: 10-20 s on a quiet machine, ~50 s seen under a
// load of 15 on 2 cores. The timeout bounds a hang; it does not judge speed.
describe('notifications of a game', { timeout: 180_000 }, () => {
  it('tells each player of every turn, hand and the end exactly once, as the log says', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann');
    const bob = await h.player('Bob');
    const gameId = await seat(h.api, [ann, bob], { set: 6 });
    await h.sweep();
    let moves = 0;
    while (await step(h.api, [ann, bob], gameId)) {
      moves++;
      await h.sweep();
    }
    await h.sweep();
    const commits = await h.store.streams.readAll(gameId);
    const want = expected(commits, [ann.id, bob.id]);
    const got = new Map([ann, bob].map((p) => [p.id, {} as Record<string, number>]));
    const byEndpoint = new Map([ann, bob].map((p) => [p.endpoint.id as string, p]));
    const ids = new Set<string>();
    for (const request of h.receiver.requests) {
      ids.add(String(request.headers['webhook-id']));
      // Which endpoint it went to is only in what is signed for it: each verifies with its owner's secret.
      const owner = [...byEndpoint.values()].find((p) => {
        try {
          new Webhook(p.secret).verify(
            request.body,
            Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          );
          return true;
        } catch {
          return false;
        }
      });
      expect(owner).toBeDefined();
      const counts = got.get(owner!.id)!;
      counts[request.json.type] = (counts[request.json.type] ?? 0) + 1;
      expect(request.json.data.gameId).toBe(gameId);
      // Thin: nothing of anyone's tiles. Every value is an id, a number, a time, or a list of numbers.
      for (const value of Object.values(request.json.data)) {
        const ok =
          value === null ||
          typeof value === 'number' ||
          (typeof value === 'string' &&
            (value === gameId || !Number.isNaN(Date.parse(value)) || /^[a-z]+$/.test(value))) ||
          (Array.isArray(value) && value.every((v) => typeof v === 'number'));
        expect({ value, ok }).toEqual({ value, ok: true });
      }
    }
    expect(ids.size).toBe(h.receiver.requests.length);
    expect(got).toEqual(want);
    const total = h.receiver.requests.length;
    console.log(
      `webhooks: a 2-player double-6 game of ${moves} moves, ${commits.length} commits: ${total} notifications delivered, ` +
        `${want.get(ann.id)?.['turn.started'] ?? 0} + ${want.get(bob.id)?.['turn.started'] ?? 0} turn.started, 0 duplicates`,
    );
    expect(want.get(ann.id)?.['game.finished']).toBe(1);
  });

  it('says nothing of a bot’s turns, and nothing to a seat without an endpoint', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann', { events: ['turn.started'] });
    const quiet = await h.api.register('Quiet');
    const created = await h.api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const gameId = created.body.game.id as string;
    await h.api.join(quiet.token, gameId, created.body.game.inviteCode);
    const view = await h.api.view(ann.token, gameId);
    await h.api.addBot(ann.token, gameId, { level: 'greedy' }, view.body.version);
    await h.sweep();
    // Seats 0 and 1 are people, seat 2 the bot: a reply always comes back at a person's turn.
    for (let i = 0; i < 40 && (await step(h.api, [ann, quiet], gameId)); i++) await h.sweep();
    const commits = await h.store.streams.readAll(gameId);
    const want = expected(commits, [ann.id]).get(ann.id)!;
    const types = h.receiver.requests.map((r) => r.json.type);
    expect(new Set(types)).toEqual(new Set(['turn.started']));
    expect(types.length).toBe(want['turn.started']);
    expect(types.length).toBeGreaterThan(3);
  });

  it('reminds at 80% of a clocked turn, then tells of its timeout', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann', { events: ['turn.reminder', 'turn.timed-out'] });
    const bob = await h.player('Bob', { events: ['turn.reminder', 'turn.timed-out'] });
    const gameId = await seat(h.api, [ann, bob], { set: 6, turnHours: 10 });
    await h.sweep();
    const table = await h.api.view(ann.token, gameId);
    const inTurn = [ann, bob][table.body.hand.turn as number]!;
    expect(h.receiver.requests).toHaveLength(0);
    await h.after(8 * 3_600_000 - 1_000);
    expect(h.receiver.requests).toHaveLength(0);
    // The reminder's first attempt is made in the same sweep, and counted in its report (what the
    // failure-rate metric reads).
    expect((await h.after(1_000)).effects).toMatchObject({ reminded: 1, delivered: 1 });
    expect(h.receiver.requests.map((r) => r.json)).toEqual([
      expect.objectContaining({
        type: 'turn.reminder',
        data: { gameId, version: table.body.version, seat: table.body.hand.turn, deadline: table.body.deadline },
      }),
    ]);
    // Signed for the player in turn (the clock is hours ahead of the machine's, so compared, not verified).
    const [reminder] = h.receiver.requests;
    const signedAt = new Date(Number(reminder!.headers['webhook-timestamp']) * 1000);
    expect(reminder!.headers['webhook-signature']).toBe(
      new Webhook(inTurn.secret).sign(String(reminder!.headers['webhook-id']), signedAt, reminder!.body),
    );
    await h.after(2 * 3_600_000);
    const types = h.receiver.requests.map((r) => r.json.type);
    expect(types.slice(0, 2)).toEqual(['turn.reminder', 'turn.timed-out']);
    expect(h.receiver.requests[1]!.json.data).toMatchObject({ gameId, seat: table.body.hand.turn });
  });
});
