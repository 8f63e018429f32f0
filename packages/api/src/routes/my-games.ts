import { type AwaitingGame, type GameHead, type PlayerGamesPage } from '@chickenfoot/store';
import type { BotLevel } from '@chickenfoot/rules';
import type { AppDeps } from '../app-deps';
import { listMyGames } from '../contract/my-games';
import { cursorRefused } from './cursor';
import { openapi, router } from './router';

/** `GET /v1/me/games`: with `turn=mine`, one Query on the awaiting index; without, the members index too. */
export function myGameRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, listMyGames, async (c) => {
    const { turn, limit = 50, cursor, wait = 0 } = c.req.valid('query');
    const playerId = c.get('playerId');
    const paging = { limit, ...(cursor ? { cursor } : {}) };
    const badCursorAsProblem = cursorRefused(cursor);
    if (turn === 'mine') {
      const mine = () => deps.store.listPlayerGames(playerId, { myTurn: true, ...paging }).catch(badCursorAsProblem);
      let page = await mine();
      const waitMs = Math.min(wait, deps.limits.maxWaitSeconds) * 1000;
      if (page.games.length === 0 && !cursor && waitMs > 0) {
        if (await deps.turnWaiter.wait(playerId, waitMs, c.req.raw.signal)) page = await mine();
      }
      const games = page.games.map(({ gameId, head, since }) => summary(gameId, head, true, since));
      return c.json({ games, cursor: page.cursor }, 200);
    }
    const [page, waiting] = await Promise.all([
      deps.store.listPlayerGames(playerId, paging).catch(badCursorAsProblem),
      allAwaiting(deps, playerId),
    ]);
    const games = page.games.map(({ gameId, head }) => {
      const current = waiting.get(gameId);
      // The awaiting entry is written with every move; a member entry only when its status changes.
      return current
        ? summary(gameId, current.head, true, current.since)
        : summary(gameId, head, false, head.updatedAt);
    });
    return c.json({ games, cursor: page.cursor }, 200);
  });
  return app;
}

function summary(id: string, head: GameHead, yourTurn: boolean, since: string) {
  return {
    id,
    yourTurn,
    status: head.status as 'waiting' | 'playing' | 'finished',
    version: head.version,
    since,
    seats: head.seats,
    // Heads written before bot seats existed have no bots: nobody but players sat in those games.
    bots: Array.isArray(head.bots) ? (head.bots as (BotLevel | null)[]) : head.seats.map(() => null),
    turnHours: typeof head.turnHours === 'number' ? head.turnHours : null,
    // A turn entry's head carries the awaited player's deadline; member heads are not written move by move.
    deadline: yourTurn && typeof head.deadline === 'string' ? head.deadline : null,
  };
}

/** Every game waiting on the player (a few pages at most: nobody keeps hundreds of games waiting). */
async function allAwaiting(deps: AppDeps, playerId: string): Promise<Map<string, { head: GameHead; since: string }>> {
  const waiting = new Map<string, { head: GameHead; since: string }>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const page: PlayerGamesPage<AwaitingGame> = await deps.store.listPlayerGames(playerId, {
      myTurn: true,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    for (const game of page.games) waiting.set(game.gameId, game);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return waiting;
}
