import { z } from '@hono/zod-openapi';
import { PlayerSchema } from './players';
import { BotLevelSchema, RulesSchema } from './rules';
import { NextCursorSchema, nullable, SeatSchema, TileSchema, TimestampSchema } from './common';

const seat = SeatSchema;
const variants = [
  z
    .object({
      type: z.literal('GameCreated'),
      rules: RulesSchema,
      seats: z.number().int(),
      open: z.boolean().optional().openapi({ description: 'Present (true) when the game was created open.' }),
      creator: seat.optional().openapi({ description: 'The creator’s seat, when not 0 (a rematch).' }),
      reserved: z
        .array(z.string().nullable())
        .readonly()
        .optional()
        .openapi({ description: 'A rematch: the player id each seat is kept for (null: a bot’s).' }),
      rematchOf: z.string().optional().openapi({ description: 'A rematch: the game before.' }),
    })
    .openapi('GameCreatedEvent', {
      description: 'The game was created; a rematch also says of which game, and whose seats it keeps.',
    }),
  z.object({ type: z.literal('SeatTaken'), seat, player: PlayerSchema }).openapi('SeatTakenEvent'),
  z.object({ type: z.literal('BotSeated'), seat, level: BotLevelSchema }).openapi('BotSeatedEvent', {
    description: 'A bot took a free seat before the start, and plays it at `level` for the whole game.',
  }),
  z.object({ type: z.literal('SeatLeft'), seat, bot: nullable(BotLevelSchema) }).openapi('SeatLeftEvent', {
    description:
      'The player of `seat` left. In a game in play a bot at `bot` (the game’s `botLevel`) plays the seat from now on, as it stood; before the start the seat is free again (`bot` is null).',
  }),
  z.object({ type: z.literal('GameStarted') }).openapi('GameStartedEvent'),
  z
    .object({
      type: z.literal('HandDealt'),
      hand: z.number().int().openapi({ description: '0 for the first hand.' }),
      dealer: seat,
      opener: TileSchema,
      tiles: z.array(TileSchema).readonly().optional().openapi({ description: 'Your dealt tiles (only yours).' }),
      tileCounts: z.array(z.number().int()).readonly(),
      boneyardSize: z.number().int(),
    })
    .openapi('HandDealtEvent'),
  z
    .object({
      type: z.literal('TileDrawn'),
      seat,
      tile: TileSchema.optional().openapi({ description: 'Present only when you drew it.' }),
      reason: z.enum(['opening', 'turn', 'penalty']),
      forced: z.boolean(),
    })
    .openapi('TileDrawnEvent'),
  z.object({ type: z.literal('RootPlaced'), seat, tile: TileSchema }).openapi('RootPlacedEvent'),
  z
    .object({
      type: z.literal('TilePlayed'),
      seat,
      tile: TileSchema,
      on: z.number().int(),
      id: z.number().int(),
      suit: z.number().int(),
      forced: z.boolean().openapi({
        description:
          'True when the server made the play for the seat: it was their only move (a must-play drawn tile, or `autoPlay: only-move`).',
      }),
    })
    .openapi('TilePlayedEvent'),
  z.object({ type: z.literal('TurnPassed'), seat, forced: z.boolean() }).openapi('TurnPassedEvent'),
  z.object({ type: z.literal('TurnSkipped'), seat }).openapi('TurnSkippedEvent'),
  z
    .object({ type: z.literal('ChickenlittleAnnounced'), seat, auto: z.boolean() })
    .openapi('ChickenlittleAnnouncedEvent'),
  z
    .object({ type: z.literal('ChickenlittleCalledOut'), seat, by: seat, penalty: z.enum(['draw', 'skip']) })
    .openapi('ChickenlittleCalledOutEvent'),
  z
    .object({
      type: z.literal('HandEnded'),
      hand: z.number().int(),
      reason: z.enum(['out', 'blocked']),
      out: nullable(seat).openapi({ description: 'The seat that went out; null when the hand was blocked.' }),
      scores: z.array(z.number().int()).readonly(),
      hands: z
        .array(z.array(TileSchema).readonly())
        .readonly()
        .openapi({ description: 'The tiles each seat was left holding, turned face up for all to count.' }),
    })
    .openapi('HandEndedEvent'),
  z
    .object({
      type: z.literal('GameEnded'),
      totals: z.array(z.number().int()).readonly(),
      winners: z.array(seat).readonly(),
    })
    .openapi('GameEndedEvent'),
  z.object({ type: z.literal('TurnTimedOut'), seat }).openapi('TurnTimedOutEvent', {
    description:
      'The turn clock ran out on `seat`: the events after it in the same commit are the move the server made for it, chosen by its bot at the game’s `botLevel`.',
  }),
  z.object({ type: z.literal('SeatAway'), seat }).openapi('SeatAwayEvent', {
    description:
      'The seat timed out `awayAfter` turns in a row: the game’s bot plays its turns at once, until its player comes back.',
  }),
  z.object({ type: z.literal('SeatReturned'), seat }).openapi('SeatReturnedEvent', {
    description:
      'The seat’s player acted again after timing out (a move, more time given, or a return): the seat is theirs again, and their timeouts in a row start over.',
  }),
  z
    .object({
      type: z.literal('TimeGiven'),
      seat,
      by: seat,
      hours: z.number().int().min(1).openapi({ description: 'Extra hours for this turn.' }),
    })
    .openapi('TimeGivenEvent', {
      description: 'The player of seat `by` gave `seat`, in turn, more time for this turn.',
    }),
  z.object({ type: z.literal('GameCancelled'), reason: z.enum(['creator', 'stale']) }).openapi('GameCancelledEvent', {
    description: 'Cancelled before it started: by its creator, or after waiting too long (`stale`).',
  }),
  z.object({ type: z.literal('PlayerErased'), seat }).openapi('PlayerErasedEvent', {
    description: 'The seat’s player deleted their account: the seat shows no name from now on.',
  }),
] as const;

/** An event as the caller may see it (see docs/rules.md, "Events"). */
export const EventSchema = z.discriminatedUnion('type', variants).openapi('Event', {
  example: { type: 'TilePlayed', seat: 1, tile: '9-4', on: 0, id: 1, suit: 9, forced: false },
});

/** One stored commit: every event one command caused, at one version. */
export const CommitSchema = z
  .object({
    version: z.number().int().min(1),
    at: TimestampSchema.openapi({ description: 'When it was recorded (ISO 8601, UTC).' }),
    events: z.array(EventSchema).readonly(),
  })
  .openapi('Commit');

/** GET /v1/games/{id}/events reply. */
export const EventPageSchema = z
  .object({
    commits: z.array(CommitSchema).readonly(),
    next: z.number().int().nullable().openapi({
      deprecated: true,
      description: 'Deprecated: read `nextCursor`.',
    }),
    nextCursor: NextCursorSchema,
    version: z
      .number()
      .int()
      .openapi({ description: 'The newest version you have now (the last commit returned, or `after`).' }),
  })
  .openapi('EventPage');
