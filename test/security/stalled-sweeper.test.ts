// Issue 28, finding 1: one player stalled everyone's webhooks and turn timeouts. Two accounts with ten
// endpoints each at a receiver that never answers queued hundreds of test deliveries (all 202); another
// player's test delivery then waited 352 s, a sweep ran 648 s, and shutdown waited for it. Here, end to
// end through the app and the app's own sweeper with its real SSRF-safe sender, against a loopback
// receiver that accepts connections and never answers: the queue is capped, the victim's delivery and a
// turn's timeout are done in the first sweep, the sweep keeps to its budget, and shutdown is prompt.
// Attempts time out after 1 s here (15 s by default) so that the test takes seconds; the margins on wall
// time are wide (a busy 2-core machine), the counts exact.
import { createServer, type Server, type Socket } from 'node:net';
import { newKey, testApi } from '@chickenfoot/api/testing';
import { appSweeper, silentLogger, sweepEvery } from '@chickenfoot/app';
import type { GameEvent } from '@chickenfoot/rules';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startReceiver } from '../support/receiver';

/** A TCP listener that takes every connection and never answers (nor closes). */
async function silentReceiver(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const silent = await silentReceiver();
const answering = await startReceiver();
afterAll(async () => {
  await silent.close();
  await answering.close();
});

describe('a player whose receivers never answer', () => {
  it('cannot stall another player’s delivery, a turn’s timeout, or the shutdown', async () => {
    const clock = { now: Date.parse('2026-12-04T12:00:00Z') };
    const { api, store } = await testApi(inject('dynamoEndpoint'), {
      clock: () => clock.now,
      limits: { perPlayer: { burst: 10_000, perSecond: 10_000 } },
    });
    const post = (token: string, path: string, body?: unknown) =>
      api.call('POST', path, { token, body, headers: { 'idempotency-key': newKey() } });

    // Mallory: ten endpoints at the silent receiver, and as many test deliveries as she may queue.
    const mallory = await api.register('Mallory');
    const statuses: number[] = [];
    for (let e = 0; e < 10; e++) {
      const endpoint = (await post(mallory.token, '/v1/me/webhooks', { url: silent.url })).body.endpoint;
      for (let t = 0; t < 5; t++)
        statuses.push((await post(mallory.token, `/v1/me/webhooks/${endpoint.id}/test`)).status);
    }
    // Three a time per endpoint wait; the rest are refused (429), not queued.
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);

    // Vic: one endpoint at a receiver that answers, and a test delivery queued after all of Mallory's.
    const vic = await api.register('Vic');
    const vicEndpoint = (await post(vic.token, '/v1/me/webhooks', { url: answering.url })).body.endpoint;
    expect((await post(vic.token, `/v1/me/webhooks/${vicEndpoint.id}/test`)).status).toBe(202);

    // Bob and Cy's clocked game: Bob's turn runs out.
    const [bob, cy] = [await api.register('Bob'), await api.register('Cy')];
    const created = await api.createGame(bob.token, { seats: 2, rules: { set: 6, turnHours: 1 } });
    expect((await api.join(cy.token, created.body.game.id, created.body.game.inviteCode)).status).toBe(200);
    clock.now += 2 * 3_600_000;

    const sweeper = appSweeper({
      store,
      clock: () => clock.now,
      logger: silentLogger,
      webhooks: { allowLoopbackHttp: true, timeoutMs: 1_000 },
      sweep: { budgetMs: 4_000, attemptMs: 1_000 },
    });
    const started = performance.now();
    const report = await sweeper.sweep(clock.now);
    const sweepMs = performance.now() - started;
    expect(answering.requests.filter((r) => JSON.parse(r.body).type === 'webhook.test')).toHaveLength(1);
    const events = (await store.streamsOf<GameEvent>().readAll(created.body.game.id)).flatMap((c) => c.events);
    expect(events.some((e) => e.type === 'TurnTimedOut')).toBe(true);
    // Mallory's attempts were made (they hang until their timeout), two at a time at most.
    expect(silent.connections()).toBeGreaterThan(0);
    expect(report.effects.applied).toBe(1);
    // The budget (4 s) and one attempt's time: a sweep never runs on for Mallory's queue.
    expect(sweepMs).toBeLessThan(4_000 + 1_000 + 5_000);

    // Shutdown while attempts hang: the timer stops at once, abandoning them (retried later).
    const timer = sweepEvery(sweeper, { clock: () => clock.now, logger: silentLogger, everyMs: 60_000 });
    clock.now += 3_600_000;
    timer.soon();
    const before = silent.connections();
    await expect.poll(() => silent.connections(), { timeout: 10_000 }).toBeGreaterThan(before);
    const stopping = performance.now();
    await timer.stop();
    const stopMs = performance.now() - stopping;
    expect(stopMs).toBeLessThan(3_000);
    console.log(
      `stalled sweeper: 30 of 50 test deliveries queued (20 refused, 429); Vic's delivered and the timeout applied in a sweep of ${Math.round(sweepMs)} ms (budget 4000); shutdown with attempts hanging: ${Math.round(stopMs)} ms`,
    );
  });
});
