import { hasLeft, redactEvent, type GameEvent } from '@chickenfoot/rules';
import type { AppDeps } from '../app-deps';
import { createWatchLink, listWatchLinks, revokeWatchLink, watchEvents, watchGame } from '../contract/watch';
import { seatOfActor } from '@chickenfoot/app';
import { notFound } from '@chickenfoot/app';
import { gameView } from '@chickenfoot/app';
import { MAX_WATCH_LINKS } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/**
 * Watch links (created, listed and revoked by the game's seated players) and what a watcher reads:
 * the game and its events as a spectator, never a seat's own tiles, moves or the invite code.
 */
export function watchRoutes(deps: AppDeps) {
  const app = router();
  const links = deps.watchLinks;
  const seatIn = async (gameId: string, playerId: string) => {
    const game = await deps.gameService.load(gameId);
    const seat = game ? seatOfActor(game.state, { kind: 'player', playerId }) : -1;
    if (!game || seat < 0) throw notFound(gameId);
    return { state: game.state, seat };
  };
  const linkNotFound = (linkId: string) =>
    new ApiProblem('game/watch-link-not-found', `This game has no open watch link ${linkId}.`);

  openapi(app, createWatchLink, async (c) => {
    const { id } = c.req.valid('param');
    const playerId = c.get('playerId');
    const { state, seat } = await seatIn(id, playerId);
    if (hasLeft(state, seat)) throw new ApiProblem('game/left', 'You left this game: you cannot invite watchers.');
    const signer = await deps.signer();
    // Derived from the key, so a retry finds the link it made and answers with the same token.
    const linkId = signer.watchLinkIdFor(id, playerId, c.req.valid('header')['idempotency-key']);
    const at = new Date(deps.clock());
    const open = await links.change(
      id,
      ({ links: current, revoked }) => {
        // A link made by this key and revoked since is not made again: its token stays refused.
        if (revoked.includes(linkId)) throw linkNotFound(linkId);
        if (current.some((l) => l.id === linkId)) return null;
        if (current.length >= MAX_WATCH_LINKS)
          throw new ApiProblem(
            'game/too-many-watch-links',
            `A game has at most ${MAX_WATCH_LINKS} watch links open: revoke one first.`,
          );
        return {
          event: { type: 'WatchLinkCreated', id: linkId, seat },
          state: { links: [...current, { id: linkId, seat, createdAt: at.toISOString() }], revoked },
        };
      },
      { at, by: playerId },
    );
    const link = open.links.find((l) => l.id === linkId);
    if (!link) throw linkNotFound(linkId);
    return c.json({ ...link, token: signer.watchToken(id, linkId) }, 201);
  });

  openapi(app, listWatchLinks, async (c) => {
    const { id } = c.req.valid('param');
    await seatIn(id, c.get('playerId'));
    return c.json({ links: (await links.list(id)).links }, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, revokeWatchLink, async (c) => {
    const { id, linkId } = c.req.valid('param');
    const playerId = c.get('playerId');
    await seatIn(id, playerId);
    await links.change(
      id,
      ({ links: current, revoked }) => {
        if (!current.some((l) => l.id === linkId)) throw linkNotFound(linkId);
        const state = { links: current.filter((l) => l.id !== linkId), revoked: [...revoked, linkId] };
        return { event: { type: 'WatchLinkRevoked', id: linkId }, state };
      },
      { at: new Date(deps.clock()), by: playerId },
    );
    return c.body(null, 204);
  });

  /** The watched game, bot moves that are due made first (as for any reader). */
  const watched = async (gameId: string) => {
    const loaded = await deps.gameService.load(gameId);
    if (!loaded) throw new ApiProblem('auth/unauthenticated', 'This watch link’s game is gone.');
    return (await deps.gameService.settleBots(gameId, loaded)).game ?? loaded;
  };

  openapi(app, watchGame, async (c) => {
    const { gameId } = c.get('watch');
    const game = await watched(gameId);
    const signer = await deps.signer();
    // Seat -1: no seat, so a spectator's eyes (playerViewer), and what only a seat is given left out.
    const {
      yourSeat: _s,
      inviteCode: _i,
      yourTiles: _t,
      drawnTile: _d,
      legalMoves: _m,
      ...view
    } = gameView({
      gameId,
      version: game.version,
      state: game.state,
      since: game.since,
      seat: -1,
      inviteCodes: signer,
    });
    return c.json(view, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, watchEvents, async (c) => {
    const { gameId, linkId } = c.get('watch');
    const query = c.req.valid('query');
    const game = await watched(gameId);
    const after = query.after ?? 0;
    if (after > game.version) {
      throw new ApiProblem(
        'request/version-ahead',
        `after=${after} is past the game's newest version, ${game.version}: resume from a version this API gave you.`,
        { currentVersion: game.version },
      );
    }
    const limit = Math.max(1, Math.min(query.limit ?? deps.limits.maxPage, deps.limits.maxPage));
    const waitMs = Math.min(query.wait ?? 0, deps.limits.maxWaitSeconds) * 1000;
    const latest =
      game.version > after
        ? game.version
        : await deps.watcher.wait(gameId, `watch:${linkId}`, after, waitMs, { signal: c.req.raw.signal });
    const page =
      typeof latest === 'number' && latest > after
        ? await deps.store.readAfter(gameId, after, { limit })
        : { commits: [], next: null };
    const commits = page.commits.map((commit) => ({
      version: commit.version,
      at: commit.at,
      events: (commit.events as GameEvent[]).map((event) => redactEvent(event, null)),
    }));
    return c.json({ commits, next: page.next, version: commits.at(-1)?.version ?? after }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });
  return app;
}
