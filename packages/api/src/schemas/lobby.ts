import { z } from '@hono/zod-openapi';
import { NextCursorSchema, nullable, TimestampSchema } from './common';
import { EventSchema } from './events';
import { GameViewSchema } from './game';
import { BotLevelSchema, RuleOptionsSchema, RulesSchema } from './rules';

/** An open game as the lobby lists it: enough to choose one, nothing of whoever plays it but names. */
export const LobbyGameSchema = z
  .object({
    id: z.string(),
    rules: RulesSchema,
    seats: z.number().int().openapi({ description: 'How many seats the game has.' }),
    freeSeats: z.number().int().openapi({ description: 'Seats nobody, player or bot, has taken yet.' }),
    players: z
      .array(z.string().nullable())
      .readonly()
      .openapi({ description: 'The name of the player in each seat; null for a free seat or a bot’s.' }),
    bots: z.array(nullable(BotLevelSchema)).readonly().openapi({ description: 'The bot in each seat, if any.' }),
    createdAt: TimestampSchema.openapi({ description: 'When the game was created (ISO 8601).' }),
    ageSeconds: z.number().int().min(0).openapi({ description: 'How long it has waited, in seconds.' }),
  })
  .openapi('LobbyGame');

/** GET /v1/lobby reply. */
export const LobbyPageSchema = z
  .object({
    games: z.array(LobbyGameSchema).readonly(),
    cursor: z.string().nullable().openapi({ deprecated: true, description: 'Deprecated: read `nextCursor`.' }),
    nextCursor: NextCursorSchema,
  })
  .openapi('LobbyPage');

/** POST /v1/lobby/quick-match body: the game wanted. */
export const QuickMatchSchema = z
  .object({
    seats: z.number().int().min(2).max(8).openapi({ description: 'How many players.', example: 2 }),
    rules: RuleOptionsSchema.optional(),
  })
  .strict()
  .openapi('QuickMatch');

/** POST /v1/lobby/quick-match reply: a command's reply, and whether the game is a new one. */
export const QuickMatchReplySchema = z
  .object({
    created: z.boolean().openapi({
      description: 'True when no open game had these rules (nor one of yours): a new open game was created.',
    }),
    version: z.number().int().openapi({ description: 'The game version after the command.' }),
    events: z.array(EventSchema).readonly(),
    game: GameViewSchema,
  })
  .openapi('QuickMatchReply');
