import type { AppDeps } from '../app-deps';
import { getMe, registerPlayer } from '../contract/players';
import { openapi, router } from './router';
import { replayHeader } from './replayed';

/** Registration and `GET /v1/me`. */
export function playerRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, registerPlayer, async (c) => {
    const { name } = c.req.valid('json');
    const reply = await deps.accounts.register(name, c.req.valid('header')['idempotency-key']);
    return c.json(reply, 201, { Location: '/v1/me', ...replayHeader(reply) });
  });

  openapi(app, getMe, async (c) => {
    const { player, version } = await deps.accounts.me(c.get('playerId'));
    return c.json({ player }, 200, { ETag: `"${version}"` });
  });
  return app;
}
