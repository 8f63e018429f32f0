import { z, type RouteConfig } from '@hono/zod-openapi';
import { GameIdSchema, nullable, TimestampSchema } from '../schemas/common';
import { EndpointIdSchema } from '../schemas/webhooks';
import type { DeliveryType } from '@chickenfoot/app';

// The shared `GameId` schema: its pattern and words are said once, in components/schemas.
const gameId = GameIdSchema;
const version = z
  .number()
  .int()
  .min(1)
  .openapi({ description: 'The game’s version it tells of: fetch its events after the version you have.' });
const seat = z.number().int().min(0).max(7).openapi({ description: 'Your seat.' });
const seats = z.array(z.number().int());
const deadline = nullable(TimestampSchema).openapi({ description: 'When the turn times out; null without a clock.' });

const DATA = {
  'turn.started': z.object({ gameId, version, seat, deadline }),
  'turn.reminder': z.object({ gameId, version, seat, deadline }),
  'turn.timed-out': z.object({ gameId, version, seat }),
  'game.started': z.object({ gameId, version }),
  'hand.ended': z.object({
    gameId,
    version,
    hand: z.number().int().min(0),
    reason: z.enum(['out', 'blocked']),
    out: nullable(z.number().int()).openapi({ description: 'The seat that went out; null when the hand blocked.' }),
    scores: seats.openapi({ description: 'What each seat added this hand.' }),
    totals: seats.openapi({ description: 'Each seat’s total after it.' }),
  }),
  'game.finished': z.object({ gameId, version, totals: seats, winners: seats }),
  'game.cancelled': z.object({
    gameId,
    version,
    cancelled: z.enum(['creator', 'stale']).openapi({
      description: 'Why: its creator cancelled it, or it was closed after waiting too long for players (`stale`).',
    }),
  }),
  'webhook.test': z.object({ endpointId: EndpointIdSchema, message: z.string() }),
} satisfies Record<DeliveryType, z.ZodObject>;

const SUMMARIES: Record<DeliveryType, string> = {
  'turn.started': 'Your turn began',
  'turn.reminder': '80% of your clocked turn has passed',
  'turn.timed-out': 'Your turn ran out: a bot moved for you',
  'game.started': 'A game of yours started',
  'hand.ended': 'A hand ended, with its scores',
  'game.finished': 'A game of yours is over, with its winners',
  'game.cancelled': 'A game you joined was cancelled before it started',
  'webhook.test': 'A test, sent when you asked for one',
};

const pascal = (type: string) =>
  type
    .split(/[.-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The body of a delivery of each type: Standard Webhooks' `type`, `timestamp` and `data`. */
export const WEBHOOK_PAYLOADS = Object.fromEntries(
  Object.entries(DATA).map(([type, data]) => [
    type,
    z
      .object({
        type: z.literal(type).openapi({ type: 'string', enum: [type] }),
        timestamp: TimestampSchema.openapi({ description: 'When it happened.' }),
        data,
      })
      .openapi(`Webhook${pascal(type)}`),
  ]),
) as unknown as Record<DeliveryType, z.ZodObject>;

const headers = z.object({
  'webhook-id': z.string().openapi({ description: 'The message id: the same on every retry. Deduplicate on it.' }),
  'webhook-timestamp': z
    .string()
    .regex(/^\d+$/)
    .openapi({ description: 'When this attempt was signed, in seconds since the epoch: refuse old ones (5 min).' }),
  'webhook-signature': z.string().openapi({
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the base64 after `whsec_` of the endpoint’s secret. Two during a rotation: accept if any matches.',
  }),
});

/**
 * The `webhooks` section of the contract: one entry per delivery type, the request the server
 * sends (headers and body) and what it takes as received. Deliveries in tests are checked against it.
 */
export const WEBHOOK_EVENTS: RouteConfig[] = (Object.keys(DATA) as DeliveryType[]).map((type) => ({
  method: 'post',
  path: type,
  operationId: `webhook${pascal(type)}`,
  tags: ['Webhooks'],
  summary: SUMMARIES[type],
  // The server calls you: no token of yours is sent. Each request is signed instead (`webhook-signature`).
  security: [],
  // How a delivery is sent and retried is said once, in the Webhooks tag's description.
  request: { headers, body: { required: true, content: { 'application/json': { schema: WEBHOOK_PAYLOADS[type] } } } },
  responses: {
    200: { $ref: '#/components/responses/WebhookReceived' },
    410: { $ref: '#/components/responses/WebhookGone' },
  },
}));

/** What the server takes as an answer to any delivery: shared responses (`components/responses`). */
export const WEBHOOK_RESPONSES = {
  WebhookReceived: { description: 'Any 2xx answer: received. Its body is ignored.' },
  WebhookGone: { description: 'Gone: the endpoint is turned off, and nothing more is sent to it.' },
};
