import { newKey, testApi, type TestClient } from '@chickenfoot/api/testing';
import type { SweeperWebhookOptions } from '@chickenfoot/app';
import type { Move } from '@chickenfoot/rules';
import { inject } from 'vitest';
import { seatGame, type Player } from '../reliability/support/games';
import { startReceiver, type Answer } from '../support/receiver';

/** The app, its sweeper and a receiver on loopback, on one fake clock that starts at the machine's time. */
export async function hooked(options: { answer?: Answer; sweeper?: SweeperWebhookOptions } = {}) {
  const clock = { now: Date.now() };
  const harness = await testApi(inject('dynamoEndpoint'), {
    clock: () => clock.now,
    // Whole games are played here at machine speed.
    limits: { perPlayer: { burst: 10_000, perSecond: 10_000 } },
    ...(options.sweeper ? { sweeperWebhooks: options.sweeper } : {}),
  });
  const receiver = await startReceiver(options.answer);
  const { api, sweeper } = harness;
  return {
    ...harness,
    clock,
    receiver,
    /** Registers a player with an endpoint (all events unless `body` says) to `url` (the receiver's). */
    async player(name: string, body: Record<string, unknown> = {}, url = receiver.url) {
      const player = await api.register(name);
      const added = await addEndpoint(api, player.token, { url, ...body });
      return { ...player, endpoint: added.body.endpoint, secret: added.body.secret as string };
    },
    /** Sweeps at the clock's time. */
    sweep: () => sweeper.sweep(clock.now),
    /** Moves the clock on by `ms` and sweeps. */
    async after(ms: number) {
      clock.now += ms;
      return sweeper.sweep(clock.now);
    },
    async close() {
      await receiver.close();
    },
  };
}

/** `POST /v1/me/webhooks`, expecting 201. */
export async function addEndpoint(api: TestClient, token: string, body: Record<string, unknown>, key = newKey()) {
  const res = await api.call('POST', '/v1/me/webhooks', { token, body, headers: { 'idempotency-key': key } });
  if (res.status !== 201) throw new Error(`add endpoint: ${res.status} ${res.text}`);
  return res;
}

/** Creates a game of `players` (the first creates it, the others join in order) with `rules`: its id. */
export async function seat(api: TestClient, players: readonly Player[], rules: Record<string, unknown>) {
  return (await seatGame(api, players, rules)).gameId;
}

/** The seat in turn makes its first legal move (a play or pass first); null once the game is over. */
export async function step(api: TestClient, players: readonly { token: string }[], gameId: string) {
  const table = await api.view(players[0]!.token, gameId);
  if (table.body.status !== 'playing') return null;
  const seat = table.body.hand.turn as number;
  const view = await api.view(players[seat]!.token, gameId);
  const moves = view.body.legalMoves as Move[];
  const move = moves.find((m) => m.type === 'play') ?? moves[0];
  const done = await api.move(players[seat]!.token, gameId, move, view.body.version);
  if (done.status !== 200) throw new Error(`move: ${done.status} ${done.text}`);
  return { seat, version: done.body.version as number };
}
