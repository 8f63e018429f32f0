import { z } from '@hono/zod-openapi';
import { nullable, SeatSchema, TileSchema, TimestampSchema } from './common';
import { PlayerSchema } from './players';
import { BotLevelSchema, RulesSchema } from './rules';
import { WatchViewSchema } from './watch';

/** An event as stored: nothing redacted (a finished game's tiles are public). */
const RawEventSchema = z.object({ type: z.string() }).catchall(z.unknown()).openapi('RawEvent', {
  description: 'An event exactly as the game recorded it, every tile shown (see docs/rules.md).',
});

const commit = z.object({
  version: z.number().int().min(1),
  at: TimestampSchema,
  by: z.string().nullable().openapi({ description: 'Who made it: a player id, `bot`, or `system:<reason>`.' }),
  events: z.array(RawEventSchema).readonly(),
});

/** GET /v1/games/{id}/export reply. */
export const GameExportSchema = z
  .object({
    format: z.literal('chickenfoot/export-1'),
    id: z.string(),
    rematchOf: z.string().nullable(),
    rules: RulesSchema,
    seats: z
      .array(z.object({ seat: SeatSchema, player: nullable(PlayerSchema), bot: nullable(BotLevelSchema) }))
      .readonly(),
    commits: z.array(commit).readonly(),
    final: z.object({
      totals: z.array(z.number().int()).readonly(),
      handScores: z.array(z.array(z.number().int()).readonly()).readonly(),
      winners: z.array(SeatSchema).readonly(),
    }),
  })
  .openapi('GameExport', {
    description:
      'A finished game: its rules, seats, every commit with every hidden tile shown (deals, boneyards, draws), and the final scores. Folding the events with the rules from the start gives those scores.',
  });

/** GET /v1/games/{id}/replay reply: the game as it stood after one commit, every tile shown. */
export const ReplayStepSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'This step: the game after commit `version` (0: before any).' }),
    last: z.number().int().openapi({ description: 'The last step (the game’s final version).' }),
    events: z.array(RawEventSchema).readonly().openapi({ description: 'What commit `version` recorded.' }),
    hands: nullable(z.array(z.array(TileSchema).readonly()).readonly()).openapi({
      description: 'Every seat’s tiles at this step; null before the first deal.',
    }),
    boneyard: z.array(TileSchema).readonly().openapi({ description: 'The tiles left to draw, next first.' }),
    game: nullable(WatchViewSchema).openapi({ description: 'The table at this step (null before the game exists).' }),
  })
  .openapi('ReplayStep');
