import type { AppDeps } from '../app-deps';
import { listMessages, muteMessages, postMessage } from '../contract/messages';
import { openapi, router } from './router';

/** A game's messages: post (seated players), catch up (seated, those who left too), mute for oneself. */
export function messageRoutes(deps: AppDeps) {
  const app = router();
  const messages = deps.messages;

  openapi(app, postMessage, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const { text } = c.req.valid('json');
    return c.json(await messages.post(c.get('playerId'), c.req.valid('param').id, key, text), 201);
  });

  openapi(app, listMessages, async (c) => {
    const { after = 0, limit } = c.req.valid('query');
    const page = await messages.list(c.get('playerId'), c.req.valid('param').id, { after, limit });
    return c.json(page, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, muteMessages, async (c) => {
    const { muted } = c.req.valid('json');
    return c.json(await messages.mute(c.get('playerId'), c.req.valid('param').id, muted), 200);
  });
  return app;
}
