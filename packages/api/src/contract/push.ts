import { createRoute, z } from '@hono/zod-openapi';
import {
  NewPushSubscriptionSchema,
  PushSubscriptionListSchema,
  PushSubscriptionSchema,
  PushSubscriptionUpdateSchema,
  SubscriptionIdSchema,
  VapidKeySchema,
} from '../schemas/push';
import { cacheControl } from './headers';
import { bearer, documented, json } from './responses';

const tags = ['Notifications'];
const params = z.object({
  subscriptionId: SubscriptionIdSchema.openapi({ param: { name: 'subscriptionId', in: 'path' } }),
});

export const getPushKey = documented(
  createRoute({
    method: 'get',
    path: '/v1/push/key',
    operationId: 'getPushKey',
    tags,
    summary: 'The server’s Web Push key',
    description:
      'The VAPID public key (RFC 8292) a page passes to `pushManager.subscribe` as `applicationServerKey`. `push/not-configured` when this server pushes nothing.',
    security: bearer,
    responses: { 200: { description: 'The key.', ...json(VapidKeySchema), headers: cacheControl } },
  }),
);

export const createPushSubscription = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/push-subscriptions',
    operationId: 'createPushSubscription',
    tags,
    summary: 'Notify this browser',
    description: [
      'Registers a browser’s push subscription (`PushSubscription.toJSON()`, a label and the events it wants) for the token this request carries: revoking that token, or deleting the account, removes it. Up to 20 devices. The same browser registering again (the same endpoint) replaces its keys and label, keeping its events unless new ones are given. No `Idempotency-Key`: a retry names the same browser, so it sets the same.',
      'Pushes are encrypted for the browser (RFC 8291) and say only the game, whose turn, the deadline and a short text: never a tile. A push service that answers 404 or 410 for it removes the subscription.',
    ].join('\n\n'),
    security: bearer,
    request: { body: { ...json(NewPushSubscriptionSchema), required: true } },
    responses: { 201: { description: 'The subscription.', ...json(PushSubscriptionSchema) } },
  }),
);

export const listPushSubscriptions = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/push-subscriptions',
    operationId: 'listPushSubscriptions',
    tags,
    summary: 'Your notified devices',
    description: 'Every browser you registered, oldest first (never its endpoint or keys).',
    security: bearer,
    responses: {
      200: { description: 'Your subscriptions.', ...json(PushSubscriptionListSchema), headers: cacheControl },
    },
  }),
);

export const updatePushSubscription = documented(
  createRoute({
    method: 'patch',
    path: '/v1/me/push-subscriptions/{subscriptionId}',
    operationId: 'updatePushSubscription',
    tags,
    summary: 'Change what a device is told',
    description:
      'Changes only what the body names: its label, its events. No `Idempotency-Key`: sent again, it sets the same.',
    security: bearer,
    request: { params, body: { ...json(PushSubscriptionUpdateSchema), required: true } },
    responses: { 200: { description: 'The subscription as it is now.', ...json(PushSubscriptionSchema) } },
  }),
);

export const deletePushSubscription = documented(
  createRoute({
    method: 'delete',
    path: '/v1/me/push-subscriptions/{subscriptionId}',
    operationId: 'deletePushSubscription',
    tags,
    summary: 'Stop notifying a device',
    description:
      'Nothing more is pushed to it (a push waiting for a retry is dropped unsent). No `Idempotency-Key`: a retry after it went through gets `404`, meaning done.',
    security: bearer,
    request: { params },
    responses: { 204: { description: 'Removed.' } },
  }),
);

export const testPushSubscription = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/push-subscriptions/{subscriptionId}/test',
    operationId: 'testPushSubscription',
    tags,
    summary: 'Send a test notification',
    description:
      'Queues a push saying “Notifications are on” to the device, whatever events it takes. No `Idempotency-Key`: a retry queues the same push again, in place of the one waiting.',
    security: bearer,
    request: { params },
    responses: { 202: { description: 'Queued: the sweeper sends it at once.' } },
  }),
);

/** Every push route, in the order the contract lists them. */
export const PUSH_ROUTES = [
  getPushKey,
  createPushSubscription,
  listPushSubscriptions,
  updatePushSubscription,
  deletePushSubscription,
  testPushSubscription,
] as const;
