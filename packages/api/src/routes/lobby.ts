import type { BotLevel, Ruleset } from '@chickenfoot/rules';
import type { AppDeps } from '../app-deps';
import { listLobby, quickMatch as quickMatchRoute } from '../contract/lobby';
import { quickMatch } from '@chickenfoot/app';
import { commandReply } from '@chickenfoot/app';
import { cursorRefused } from './cursor';
import { openapi, router } from './router';

/** `GET /v1/lobby` (one Query of the lobby index) and `POST /v1/lobby/quick-match`. */
export function lobbyRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, listLobby, async (c) => {
    const { limit = 50, cursor } = c.req.valid('query');
    const page = await deps.store.listLobby({ limit, ...(cursor ? { cursor } : {}) }).catch(cursorRefused(cursor));
    const now = deps.clock();
    const games = page.entries.map((e) => ({
      id: e.gameId,
      rules: e.rules as Ruleset,
      seats: Number(e.seats),
      freeSeats: Number(e.freeSeats),
      players: e.players as (string | null)[],
      bots: e.bots as (BotLevel | null)[],
      createdAt: e.createdAt,
      ageSeconds: Math.max(0, Math.floor((now - Date.parse(e.createdAt)) / 1000)),
    }));
    return c.json({ games, cursor: page.cursor }, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, quickMatchRoute, async (c) => {
    const { seats, rules = {} } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const signer = await deps.signer();
    const player = await deps.accounts.seatedPlayer(c.get('playerId'));
    const { chain, created } = await quickMatch(
      { games: deps.games, store: deps.store, gameIdFor: (id, k) => signer.gameIdFor(id, k) },
      { player, seats, rules, key },
    );
    const reply = commandReply(chain, signer);
    return c.json({ created, ...reply }, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
