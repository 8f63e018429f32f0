import type { AppDeps } from '../app-deps';
import { makeMove } from '../contract/moves';
import { commandReply } from '../games/reply';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/** `POST /v1/games/{id}/moves`. */
export function moveRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, makeMove, async (c) => {
    const { id } = c.req.valid('param');
    const move = c.req.valid('json');
    const headers = c.req.valid('header');
    const actor = { kind: 'player', playerId: c.get('playerId') } as const;
    const done = await deps.games.execute(
      id,
      actor,
      { type: 'move', move },
      {
        expectedVersion: parseIfMatch(headers['if-match']),
        key: headers['idempotency-key'],
      },
    );
    const reply = commandReply(done, await deps.signer());
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}

/** The version in an If-Match header: `"12"` (the ETag), also `W/"12"` or a bare `12`. */
function parseIfMatch(header: string): number {
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match?.[1]) {
    throw new ApiProblem(
      'request/invalid',
      `If-Match must be the game's version as its ETag gives it, like "12"; got ${JSON.stringify(header.slice(0, 40))}.`,
    );
  }
  return Number(match[1]);
}
