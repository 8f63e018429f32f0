import type { z } from '@hono/zod-openapi';
import type { AppDeps } from '../app-deps';
import { exportGame, replayGame } from '../contract/export';
import type { GameExportSchema } from '../schemas/export';
import { openapi, router } from './router';

/** A finished game's export (one document) and its replay, a step at a time: for its players only. */
export function exportRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, exportGame, async (c) => {
    const doc = await deps.finishedGames.exported(c.get('playerId'), c.req.valid('param').id);
    // The rules' events are the schema's RawEvents (a type and its fields): the same JSON.
    const body = doc as unknown as z.infer<typeof GameExportSchema>;
    return c.json(body, 200, {
      'Cache-Control': 'private, max-age=3600',
      'Content-Disposition': `attachment; filename="${doc.id}.json"`,
    });
  });

  openapi(app, replayGame, async (c) => {
    const at = c.req.valid('query').at ?? 0;
    const step = await deps.finishedGames.replayStep(c.get('playerId'), c.req.valid('param').id, at);
    return c.json(step, 200, { 'Cache-Control': 'private, max-age=3600' });
  });
  return app;
}
