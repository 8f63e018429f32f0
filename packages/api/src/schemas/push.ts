import { z } from '@hono/zod-openapi';
import { MAX_SUBSCRIPTIONS, PUSH_EVENT_TYPES } from '@chickenfoot/app';
import { oneOf, TimestampSchema } from './common';

/** A push subscription's id: "ps_" and 22 base64url characters. */
export const SubscriptionIdSchema = z
  .string()
  .regex(/^ps_[A-Za-z0-9_-]{22}$/)
  .openapi({ example: 'ps_Zm9vYmFyYmF6cXV4cXV1eA' });

export const PushEventTypeSchema = oneOf(PUSH_EVENT_TYPES).openapi('PushEventType', {
  description:
    '`turn.started`: your turn (who moved, the deadline). `turn.reminder`: 80% of a clocked turn has passed. `game.started`, `game.finished` (who won), `game.cancelled` (before it began), `rematch.offered`: a finished game’s table wants another. Off by default: `turn.timed-out` (a bot moved for you) and `hand.ended`.',
});

const base64url = (bytes: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .max(200)
    .openapi({ description: `${bytes}, base64url, as \`PushSubscription.toJSON()\` gives it.` });

const events = z.array(PushEventTypeSchema).max(PUSH_EVENT_TYPES.length).openapi({
  description:
    'What this device is told of (default: `turn.started`, `turn.reminder`, `game.started`, `game.finished`, `game.cancelled`, `rematch.offered`). An empty list keeps the device registered and silent.',
});
const label = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .openapi({ description: 'The device in your words, to tell your devices apart.', example: 'Ann’s phone' });

export const NewPushSubscriptionSchema = z
  .object({
    endpoint: z.string().max(2048).openapi({
      description:
        'The push service’s URL for this browser (`PushSubscription.endpoint`): `https://` to a public address.',
      example: 'https://fcm.googleapis.com/fcm/send/dXNlcjEyMw',
    }),
    keys: z
      .object({
        p256dh: base64url('The browser’s P-256 public key (65 bytes)'),
        auth: base64url('Its auth secret (16 bytes)'),
      })
      .openapi({ description: 'How pushes to it are encrypted (RFC 8291): `PushSubscription.toJSON().keys`.' }),
    label,
    events: events.optional(),
  })
  .openapi({ description: 'A browser’s push subscription, as `PushSubscription.toJSON()` gives it, named by you.' });

export const PushSubscriptionUpdateSchema = z
  .object({ label: label.optional(), events: events.optional() })
  .openapi({ description: 'What to change of a device: only the fields named.' });

export const PushSubscriptionSchema = z
  .object({
    id: SubscriptionIdSchema.openapi({ description: 'The device’s id: `ps_` and 22 base64url characters.' }),
    label: z.string().openapi({ description: 'The device in your words.' }),
    events: z.array(PushEventTypeSchema).openapi({ description: 'What it is told of.' }),
    pushService: z.string().openapi({
      description: 'The push service’s host (never the whole endpoint, nor the keys).',
      example: 'fcm.googleapis.com',
    }),
    thisSession: z.boolean().openapi({ description: 'Registered with the token this request carries.' }),
    createdAt: TimestampSchema.openapi({ description: 'When it was registered (ISO 8601, UTC).' }),
    updatedAt: TimestampSchema.openapi({ description: 'When it last changed (ISO 8601, UTC).' }),
  })
  .openapi('PushSubscription', {
    description: 'One of your browsers told of your games (never its endpoint or keys).',
  });

export const PushSubscriptionListSchema = z
  .object({
    subscriptions: z
      .array(PushSubscriptionSchema)
      .max(MAX_SUBSCRIPTIONS)
      .openapi({ description: 'Each device, oldest first.' }),
  })
  .openapi({ description: 'Your browsers told of your games.' });

export const VapidKeySchema = z
  .object({
    publicKey: z.string().openapi({
      description:
        'The server’s VAPID public key (65 bytes, base64url): `applicationServerKey` for `pushManager.subscribe`.',
    }),
  })
  .openapi({ description: 'The server’s Web Push key.' });
