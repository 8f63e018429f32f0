import type { AppDeps } from '../app-deps';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '../contract/webhooks';
import { openapi, router } from './router';
import { replayHeader } from './replayed';

const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/** Your webhook endpoints (add, list, read, change, remove, rotate, test) and their delivery logs. */
export function webhookRoutes(deps: AppDeps) {
  const app = router();
  const endpoints = deps.webhookEndpoints;

  openapi(app, createWebhookEndpoint, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const made = await endpoints.create(c.get('playerId'), key, c.req.valid('json'));
    return c.json(made, 201, replayHeader(made));
  });

  openapi(app, listWebhookEndpoints, async (c) => c.json(await endpoints.list(c.get('playerId')), 200, PRIVATE));

  openapi(app, getWebhookEndpoint, async (c) => {
    return c.json(await endpoints.get(c.get('playerId'), c.req.valid('param').endpointId), 200, PRIVATE);
  });

  openapi(app, updateWebhookEndpoint, async (c) => {
    const { endpointId } = c.req.valid('param');
    return c.json(await endpoints.update(c.get('playerId'), endpointId, c.req.valid('json')), 200);
  });

  openapi(app, deleteWebhookEndpoint, async (c) => {
    await endpoints.delete(c.get('playerId'), c.req.valid('param').endpointId);
    return c.body(null, 204);
  });

  openapi(app, rotateWebhookSecret, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const rotated = await endpoints.rotate(c.get('playerId'), c.req.valid('param').endpointId, key);
    return c.json(rotated, 200, replayHeader(rotated));
  });

  openapi(app, testWebhookEndpoint, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const queued = await endpoints.test(c.get('playerId'), c.req.valid('param').endpointId, key);
    return c.json(queued, 202, replayHeader(queued));
  });

  openapi(app, listWebhookDeliveries, async (c) => {
    const { limit = 50, cursor } = c.req.valid('query');
    const page = await endpoints.deliveries(c.get('playerId'), c.req.valid('param').endpointId, { limit, cursor });
    return c.json({ ...page, nextCursor: page.cursor }, 200, PRIVATE);
  });

  openapi(app, redeliverWebhook, async (c) => {
    const { endpointId, deliveryId } = c.req.valid('param');
    return c.json(await endpoints.redeliver(c.get('playerId'), endpointId, deliveryId), 202);
  });
  return app;
}
