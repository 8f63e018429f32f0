import type { AppDeps } from '../app-deps';
import { createGame, getGame, joinGame } from '../contract/games';
import { getInvitation } from '../contract/invitation';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';
import { testClockState } from './test-clock';

/** Creating, joining and reading games, and an invitation before joining. */
export function gameRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, createGame, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const reply = await deps.games.create(c.get('playerId'), key, c.req.valid('json'));
    return c.json(reply, 201, { Location: `/v1/games/${reply.game.id}`, ...commandHeaders(reply) });
  });

  openapi(app, joinGame, async (c) => {
    const { inviteCode } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const reply = await deps.games.join(c.get('playerId'), c.req.valid('param').id, key, inviteCode);
    return c.json(reply, 200, commandHeaders(reply));
  });

  openapi(app, getInvitation, async (c) => {
    const invitation = await deps.games.invitation(c.req.valid('param').id, c.req.valid('header')['invite-code']);
    return c.json(invitation, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, getGame, async (c) => {
    const view = await deps.games.view(c.get('playerId'), c.req.valid('param').id);
    const etag = `"${view.version}"`;
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };
    // A finished game's view changes once more with no new version (its rematch link): always sent whole.
    const final = view.status === 'finished';
    if (!final && matchesEtag(c.req.valid('header')['if-none-match'], etag)) return c.body(null, 304, headers);
    // On a server with a test clock, the game says by which time its deadlines are judged.
    const clock = deps.testClock ? { testClock: testClockState(deps.testClock) } : {};
    return c.json({ ...view, ...clock }, 200, headers);
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
