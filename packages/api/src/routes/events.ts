import { redactEvent, type GameEvent } from '@chickenfoot/rules';
import type { AppDeps } from '../app-deps';
import { listEvents } from '../contract/events';
import { seatOfActor } from '@chickenfoot/app';
import { notFound } from '@chickenfoot/app';
import { playerViewer } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/** `GET /v1/games/{id}/events`: catch-up and long-poll. */
export function eventRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, listEvents, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const playerId = c.get('playerId');
    const after = query.after ?? 0;
    const limit = Math.max(1, Math.min(query.limit ?? deps.limits.maxPage, deps.limits.maxPage));
    const loaded = await deps.games.load(id);
    const seat = loaded ? seatOfActor(loaded.state, { kind: 'player', playerId }) : -1;
    if (!loaded || seat < 0) throw notFound(id);
    // Bot moves that are due are made first, so catching up includes them.
    const game = (await deps.games.settleBots(id, loaded)).game ?? loaded;
    const viewer = playerViewer(game.state, seat);
    if (after > game.version) {
      // A cursor is always a version the game has had: one past it never existed.
      throw new ApiProblem(
        'request/version-ahead',
        `after=${after} is past the game's newest version, ${game.version}: resume from a version this API gave you.`,
        { currentVersion: game.version },
      );
    }

    const waitMs = Math.min(query.wait ?? 0, deps.limits.maxWaitSeconds) * 1000;
    const latest =
      game.version > after ? game.version : await deps.watcher.wait(id, playerId, after, waitMs, c.req.raw.signal);
    const page = latest > after ? await deps.store.readAfter(id, after, { limit }) : { commits: [], next: null };
    const commits = page.commits.map((commit) => ({
      version: commit.version,
      at: commit.at,
      events: (commit.events as GameEvent[]).map((event) => redactEvent(event, viewer)),
    }));
    return c.json({ commits, next: page.next, version: commits.at(-1)?.version ?? after }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });
  return app;
}
