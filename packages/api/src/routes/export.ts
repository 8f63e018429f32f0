import type { z } from '@hono/zod-openapi';
import type { AppDeps } from '../app-deps';
import { exportGame, replayGame } from '../contract/export';
import { seatOfActor } from '@chickenfoot/app';
import { exportGame as exportOf, replay } from '@chickenfoot/app';
import { notFound } from '@chickenfoot/app';
import { spectatorView } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import type { GameExportSchema } from '../schemas/export';
import { openapi, router } from './router';

/** A finished game's export (one document) and its replay, a step at a time: for its players only. */
export function exportRoutes(deps: AppDeps) {
  const app = router();
  /** The finished game's commits and export, for one of its players (those who left too). */
  const finished = async (gameId: string, playerId: string) => {
    const game = await deps.games.load(gameId);
    if (!game || seatOfActor(game.state, { kind: 'player', playerId }) < 0) throw notFound(gameId);
    // Before the end, tiles are hidden: nothing of this is shown.
    if (game.state.status !== 'finished')
      throw new ApiProblem('game/not-finished', 'A game is exported (and replayed) once it is over.');
    const commits = await deps.store.readAll(gameId);
    return exportOf(gameId, commits, game.state);
  };

  openapi(app, exportGame, async (c) => {
    const doc = await finished(c.req.valid('param').id, c.get('playerId'));
    // The rules' events are the schema's RawEvents (a type and its fields): the same JSON.
    const body = doc as unknown as z.infer<typeof GameExportSchema>;
    return c.json(body, 200, {
      'Cache-Control': 'private, max-age=3600',
      'Content-Disposition': `attachment; filename="${doc.id}.json"`,
    });
  });

  openapi(app, replayGame, async (c) => {
    const { id } = c.req.valid('param');
    const doc = await finished(id, c.get('playerId'));
    const at = c.req.valid('query').at ?? 0;
    const last = doc.commits.at(-1)?.version ?? 0;
    if (at > last) {
      throw new ApiProblem('request/version-ahead', `at=${at} is past the game's last step, ${last}.`, {
        currentVersion: last,
      });
    }
    const state = replay(doc, at).at(-1);
    if (!state) throw new TypeError('a replay starts from a state');
    const view = state.status === 'empty' ? null : spectatorView({ gameId: id, version: at, state, since: null });
    return c.json(
      {
        version: at,
        last,
        events: (doc.commits.find((commit) => commit.version === at)?.events ?? []) as unknown as { type: string }[],
        hands: state.hand?.hands ?? null,
        boneyard: state.hand ? state.hand.boneyard.slice(state.hand.drawn) : [],
        game: view,
      },
      200,
      { 'Cache-Control': 'private, max-age=3600' },
    );
  });
  return app;
}
