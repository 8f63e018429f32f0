import type { AppDeps } from '../app-deps';
import { createGame, getGame, joinGame } from '../contract/games';
import { commandReply } from '@chickenfoot/app';
import { notFound } from '@chickenfoot/app';
import { gameView } from '@chickenfoot/app';
import { seatOfActor } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/** Creating, joining and reading games. */
export function gameRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, createGame, async (c) => {
    const { seats, rules, bots, open } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const playerId = c.get('playerId');
    const signer = await deps.signer();
    const gameId = signer.gameIdFor(playerId, key);
    const player = await deps.accounts.seatedPlayer(playerId);
    const command = {
      type: 'create',
      seats,
      ...(rules ? { rules } : {}),
      ...(bots ? { bots } : {}),
      ...(open ? { open } : {}),
      player,
    } as const;
    const chain = await deps.games.run(gameId, { kind: 'player', playerId }, command, { expectedVersion: 0, key });
    const reply = commandReply(chain, signer);
    return c.json(reply, 201, { Location: `/v1/games/${gameId}`, ETag: `"${reply.version}"` });
  });

  openapi(app, joinGame, async (c) => {
    const { id } = c.req.valid('param');
    const { inviteCode } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const playerId = c.get('playerId');
    const signer = await deps.signer();
    // Checked before any read, and worded the same whether or not the game exists. Without a code,
    // only an open game may be joined: the service answers any other as if there were none.
    if (inviteCode !== undefined && !signer.isInviteCode(id, inviteCode)) {
      throw new ApiProblem(
        'game/not-found',
        `The invite code does not match game ${id}: check both, as they were shared with you.`,
      );
    }
    const player = await deps.accounts.seatedPlayer(playerId);
    const chain = await deps.games.run(
      id,
      { kind: 'player', playerId },
      { type: 'join', player, ...(inviteCode === undefined ? { withoutCode: true } : {}) },
      { expectedVersion: null, key },
    );
    const reply = commandReply(chain, signer);
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });

  openapi(app, getGame, async (c) => {
    const { id } = c.req.valid('param');
    const loaded = await deps.games.load(id);
    const seat = loaded ? seatOfActor(loaded.state, { kind: 'player', playerId: c.get('playerId') }) : -1;
    if (!loaded || seat < 0) throw notFound(id);
    // Bot moves that are due (a chain a crash or its bound cut short) are made before answering.
    const game = (await deps.games.settleBots(id, loaded)).game ?? loaded;
    const etag = `"${game.version}"`;
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };
    if (matchesEtag(c.req.valid('header')['if-none-match'], etag)) return c.body(null, 304, headers);
    const view = gameView({
      gameId: id,
      version: game.version,
      state: game.state,
      since: game.since,
      seat,
      inviteCodes: await deps.signer(),
    });
    return c.json(view, 200, headers);
  });
  return app;
}

/** True when an If-None-Match header lists this ETag (or is `*`). Weak and strong forms compare equal here. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
