import { z } from '@hono/zod-openapi';
import { TEST_EVENT, WEBHOOK_EVENT_TYPES } from '@chickenfoot/app';
import { GameIdSchema, NextCursorSchema, nullable, oneOf, TimestampSchema } from './common';

/** An endpoint's id: "we_" and 22 base64url characters. */
export const EndpointIdSchema = z
  .string()
  .regex(/^we_[A-Za-z0-9_-]{22}$/)
  .openapi({ example: 'we_Zm9vYmFyYmF6cXV4cXV1eA' });

/** A delivery's id: "wd_" and its number in the endpoint's log. */
export const DeliveryIdSchema = z
  .string()
  .regex(/^wd_[0-9]{1,16}$/)
  .openapi({ example: 'wd_14155123456000' });

// A game's id inside a body: the shared `GameId` schema (the path parameter's too), its pattern said once.
const GameRef = GameIdSchema;

export const WebhookEventTypeSchema = oneOf(WEBHOOK_EVENT_TYPES).openapi('WebhookEventType', {
  description:
    '`turn.started`: your turn began (one per turn change, never for a bot). `turn.reminder`: 80% of a clocked turn has passed and it is still yours. `turn.timed-out`: your turn ran out and a bot moved for you. `game.started`, `hand.ended` (scores), `game.finished` (winners): news of the whole table. `game.cancelled`: a game you joined was cancelled before it started (by its creator, who is not told, or closed after waiting too long).',
});

const url = z.string().max(2048).openapi({
  description:
    'Where notifications are POSTed: an `https://` URL whose host is a public address (names are resolved and checked on every delivery; private, loopback, link-local and similar ranges are refused). No credentials in the URL.',
  example: 'https://example.com/chickenfoot/webhook',
});
const events = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .openapi({ description: 'The notifications it receives (default: all of them).' });
const games = nullable(z.array(GameRef).min(1).max(50)).openapi({
  description: 'Only these games’ notifications; null (the default) for all your games.',
});
const description = z.string().max(200).openapi({ description: 'A note for yourself: which bot or app this is.' });

export const NewWebhookEndpointSchema = z
  .object({ url, events: events.optional(), games: games.optional(), description: description.optional() })
  .openapi('NewWebhookEndpoint');

export const WebhookEndpointUpdateSchema = z
  .object({
    url: url.optional(),
    events: events.optional(),
    games: games.optional(),
    description: description.optional(),
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: 'Turn deliveries off and on (an endpoint disabled after a 410 is turned on again so).' }),
  })
  .openapi('WebhookEndpointUpdate');

export const WebhookEndpointSchema = z
  .object({
    id: EndpointIdSchema,
    url: z.string(),
    events: z.array(WebhookEventTypeSchema),
    games: nullable(z.array(GameRef)),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: nullable(oneOf(['gone'])).openapi({
      description: '`gone`: the server turned it off because the receiver answered 410 Gone.',
    }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    previousSecretExpiresAt: nullable(TimestampSchema).openapi({
      description: 'After a rotation, until when deliveries are signed with the previous secret as well.',
    }),
  })
  .openapi('WebhookEndpoint');

export const WebhookEndpointSecretSchema = z
  .object({
    endpoint: WebhookEndpointSchema,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/)
      .openapi({
        description:
          'The signing secret (Standard Webhooks: `whsec_` and base64), shown only here. Verify each delivery’s `webhook-signature` with it.',
        example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }),
  })
  .openapi('WebhookEndpointSecret');

export const WebhookEndpointListSchema = z
  .object({ endpoints: z.array(WebhookEndpointSchema) })
  .openapi('WebhookEndpointList');

const AttemptSchema = z
  .object({
    at: TimestampSchema,
    status: nullable(z.number().int()).openapi({ description: 'The receiver’s HTTP status; null when none came.' }),
    outcome: z.string().openapi({
      description:
        '`delivered`, or why not: `http-status`, `redirect` (never followed), `timeout` (15 s), `address-not-allowed`, `dns`, `connect`, `tls`, `url`, `not-sent`.',
    }),
    ms: z.number().int(),
    detail: z.string().openapi({ description: 'What went wrong, and the start of the receiver’s answer.' }),
  })
  .openapi('WebhookAttempt');

export const WebhookDeliverySchema = z
  .object({
    id: DeliveryIdSchema,
    messageId: z.string().openapi({ description: 'Its `webhook-id`: the same on every attempt and redelivery.' }),
    type: oneOf([...WEBHOOK_EVENT_TYPES, TEST_EVENT]),
    gameId: nullable(GameRef),
    status: oneOf(['pending', 'delivered', 'failed', 'cancelled']).openapi({
      description:
        '`pending`: an attempt is due (`nextAttemptAt`); `delivered`: a 2xx came; `failed`: the retries (about 3 days) ran out, the receiver answered 410, or a redelivery failed; `cancelled`: the endpoint was disabled or deleted first.',
    }),
    createdAt: TimestampSchema,
    nextAttemptAt: nullable(TimestampSchema),
    attemptCount: z.number().int(),
    attempts: z.array(AttemptSchema).openapi({ description: 'The newest attempts (up to 12), oldest first.' }),
    body: z.string().openapi({ description: 'The body as sent (and signed).' }),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryListSchema = z
  .object({
    deliveries: z.array(WebhookDeliverySchema),
    cursor: z.string().nullable().openapi({ deprecated: true }),
    nextCursor: NextCursorSchema,
  })
  .openapi('WebhookDeliveryList');
