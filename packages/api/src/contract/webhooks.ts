import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, IdempotencyKeySchema } from '../schemas/common';
import {
  DeliveryIdSchema,
  EndpointIdSchema,
  NewWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointSecretSchema,
  WebhookEndpointUpdateSchema,
} from '../schemas/webhooks';
import { cacheControl, replayed } from './headers';
import { wholeNumberQuery } from './params';
import { bearer, documented, json } from './responses';

const tags = ['Webhooks'];
const keyed = z.object({ 'idempotency-key': IdempotencyKeySchema });
const params = z.object({ endpointId: EndpointIdSchema.openapi({ param: { name: 'endpointId', in: 'path' } }) });

export const createWebhookEndpoint = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/webhooks',
    operationId: 'createWebhookEndpoint',
    tags,
    summary: 'Add a webhook endpoint',
    description: [
      'Tells the server where to POST your notifications (see the `webhooks` of this document): each is signed as Standard Webhooks v1 says (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the endpoint’s own secret, shown only in this reply. Up to 10 endpoints. A retry with the same `Idempotency-Key` returns the same endpoint and secret.',
      'Deliveries are retried on failure (any answer but 2xx, none within 15 s, a redirect: redirects are never followed) for about three days; a 410 Gone turns the endpoint off. An endpoint receives the notifications of moves made from at most 15 s after it was added.',
    ].join('\n\n'),
    security: bearer,
    request: { headers: keyed, body: { ...json(NewWebhookEndpointSchema), required: true } },
    responses: {
      201: { description: 'The endpoint, with its secret.', ...json(WebhookEndpointSecretSchema), headers: replayed },
    },
  }),
);

export const listWebhookEndpoints = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/webhooks',
    operationId: 'listWebhookEndpoints',
    tags,
    summary: 'Your webhook endpoints',
    description: 'Every endpoint you added, oldest first (without their secrets).',
    security: bearer,
    responses: { 200: { description: 'Your endpoints.', ...json(WebhookEndpointListSchema), headers: cacheControl } },
  }),
);

export const getWebhookEndpoint = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/webhooks/{endpointId}',
    operationId: 'getWebhookEndpoint',
    tags,
    summary: 'One webhook endpoint',
    description: 'One of your endpoints (without its secret): what it receives, where, and whether it is on.',
    security: bearer,
    request: { params },
    responses: { 200: { description: 'The endpoint.', ...json(WebhookEndpointSchema), headers: cacheControl } },
  }),
);

export const updateWebhookEndpoint = documented(
  createRoute({
    method: 'patch',
    path: '/v1/me/webhooks/{endpointId}',
    operationId: 'updateWebhookEndpoint',
    tags,
    summary: 'Change a webhook endpoint',
    description:
      'Changes only what the body names: its URL, events, games, description, or turns it off and on. No `Idempotency-Key`: sent again, it sets the same.',
    security: bearer,
    request: { params, body: { ...json(WebhookEndpointUpdateSchema), required: true } },
    responses: { 200: { description: 'The endpoint as it is now.', ...json(WebhookEndpointSchema) } },
  }),
);

export const deleteWebhookEndpoint = documented(
  createRoute({
    method: 'delete',
    path: '/v1/me/webhooks/{endpointId}',
    operationId: 'deleteWebhookEndpoint',
    tags,
    summary: 'Remove a webhook endpoint',
    description:
      'Nothing more is sent to it; deliveries still pending are cancelled. No `Idempotency-Key`: a retry after it went through gets `404`, meaning done.',
    security: bearer,
    request: { params },
    responses: { 204: { description: 'Removed.' } },
  }),
);

export const rotateWebhookSecret = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/webhooks/{endpointId}/secret',
    operationId: 'rotateWebhookSecret',
    tags,
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown only in this reply. For 24 hours every delivery carries two signatures, one with each secret (`previousSecretExpiresAt`), so a receiver can switch to the new one without missing a delivery. A retry with the same `Idempotency-Key` returns the same secret.',
    security: bearer,
    request: { params, headers: keyed },
    responses: {
      200: {
        description: 'The endpoint, with its new secret.',
        ...json(WebhookEndpointSecretSchema),
        headers: replayed,
      },
    },
  }),
);

export const testWebhookEndpoint = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/webhooks/{endpointId}/test',
    operationId: 'testWebhookEndpoint',
    tags,
    summary: 'Send a test event',
    description:
      'Queues a `webhook.test` delivery to the endpoint, whatever it subscribes to; it goes out like any other (see its log). At most 3 test deliveries wait at once per endpoint: a fourth answers `429` (`Retry-After`) until one of them is delivered or given up.',
    security: bearer,
    request: { params, headers: keyed },
    responses: { 202: { description: 'The delivery, queued.', ...json(WebhookDeliverySchema), headers: replayed } },
  }),
);

export const listWebhookDeliveries = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/webhooks/{endpointId}/deliveries',
    operationId: 'listWebhookDeliveries',
    tags,
    summary: 'An endpoint’s delivery log',
    description: 'Its deliveries, newest first, each with its status and its latest attempts.',
    security: bearer,
    request: {
      params,
      query: z.object({
        limit: wholeNumberQuery('Page size (default 50).', 1, 100),
        cursor: CursorSchema,
      }),
    },
    responses: {
      200: { description: 'A page of deliveries.', ...json(WebhookDeliveryListSchema), headers: cacheControl },
    },
  }),
);

export const redeliverWebhook = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver',
    operationId: 'redeliverWebhook',
    tags,
    summary: 'Send a delivery again',
    description:
      'One more attempt, soon, with the same `webhook-id` (deduplicate on it), whatever the delivery’s status; no retries follow it. No `Idempotency-Key`: a retry may send one more attempt, which the `webhook-id` dedupes.',
    security: bearer,
    request: {
      params: params.extend({ deliveryId: DeliveryIdSchema.openapi({ param: { name: 'deliveryId', in: 'path' } }) }),
    },
    responses: { 202: { description: 'The delivery, queued.', ...json(WebhookDeliverySchema) } },
  }),
);

/** Every webhook route, in the order the contract lists them. */
export const WEBHOOK_ROUTES = [
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  testWebhookEndpoint,
  listWebhookDeliveries,
  redeliverWebhook,
] as const;
