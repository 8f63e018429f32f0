import type { AppDeps } from '../app-deps';
import {
  createPushSubscription,
  deletePushSubscription,
  getPushKey,
  listPushSubscriptions,
  testPushSubscription,
  updatePushSubscription,
} from '../contract/push';
import { openapi, router } from './router';

const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/** The server's push key, and your browsers' push subscriptions (register, list, change, remove, test). */
export function pushRoutes(deps: AppDeps) {
  const app = router();
  const push = deps.pushSubscriptions;

  openapi(app, getPushKey, async (c) => c.json(await push.publicKey(), 200, PRIVATE));

  openapi(app, createPushSubscription, async (c) => {
    return c.json(await push.register(c.get('playerId'), c.get('sessionId'), c.req.valid('json')), 201);
  });

  openapi(app, listPushSubscriptions, async (c) => {
    return c.json(await push.list(c.get('playerId'), c.get('sessionId')), 200, PRIVATE);
  });

  openapi(app, updatePushSubscription, async (c) => {
    const { subscriptionId } = c.req.valid('param');
    return c.json(await push.update(c.get('playerId'), c.get('sessionId'), subscriptionId, c.req.valid('json')), 200);
  });

  openapi(app, deletePushSubscription, async (c) => {
    await push.remove(c.get('playerId'), c.req.valid('param').subscriptionId);
    return c.body(null, 204);
  });

  openapi(app, testPushSubscription, async (c) => {
    await push.test(c.get('playerId'), c.req.valid('param').subscriptionId);
    return c.body(null, 202);
  });
  return app;
}
