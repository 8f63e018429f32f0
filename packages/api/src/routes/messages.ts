import type { AppDeps } from '../app-deps';
import { listMessages, muteMessages, postMessage } from '../contract/messages';
import { openapi, router } from './router';
import { replayHeader } from './replayed';
import { afterOf, nextCursorOf } from './page-cursor';
import { waitBudgetMs } from '../http/wait-budget';

/** A game's messages: post (seated players), catch up (seated, those who left too), mute for oneself. */
export function messageRoutes(deps: AppDeps) {
  const app = router();
  const messages = deps.messages;

  openapi(app, postMessage, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const { text } = c.req.valid('json');
    const posted = await messages.post(c.get('playerId'), c.req.valid('param').id, key, text);
    return c.json(posted, 201, replayHeader(posted));
  });

  openapi(app, listMessages, async (c) => {
    const { after, cursor, limit, wait = 0 } = c.req.valid('query');
    const from = afterOf('messages', cursor, after) ?? 0;
    const page = await messages.list(c.get('playerId'), c.req.valid('param').id, {
      after: from,
      limit,
      waitMs: waitBudgetMs(c.env, wait, deps.limits.maxWaitSeconds),
      signal: c.req.raw.signal,
      session: c.get('sessionId'),
    });
    return c.json({ ...page, nextCursor: nextCursorOf('messages', page.next) }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });

  openapi(app, muteMessages, async (c) => {
    const { muted } = c.req.valid('json');
    return c.json(await messages.mute(c.get('playerId'), c.req.valid('param').id, muted), 200);
  });
  return app;
}
