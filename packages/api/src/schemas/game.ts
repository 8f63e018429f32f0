import { MAX_TURN_HOURS } from '@chickenfoot/rules';
import { z } from '@hono/zod-openapi';
import { nullable, SeatSchema, TileSchema, TimestampSchema } from './common';
import { MoveSchema } from './moves';
import { PlayerSchema } from './players';
import { TestClockSchema } from './test-clock';
import { BotLevelSchema, RuleOptionsSchema, RulesSchema } from './rules';

const SeatViewSchema = z
  .object({
    seat: SeatSchema,
    player: nullable(PlayerSchema).openapi({
      description:
        'Who took the seat; null for a free seat or one a bot took. A player who left a game in play stays here (`left`).',
    }),
    bot: nullable(BotLevelSchema).openapi({
      description:
        'The level of the bot playing the seat; null where a player plays it (or nobody yet). For an away seat, its stand-in’s: the game’s `botLevel`.',
    }),
    left: z.boolean().openapi({ description: 'True when the seat’s player left and a bot plays it now.' }),
    away: z.boolean().openapi({
      description:
        'True when the seat’s player is away (timed out `awayAfter` turns in a row): its bot plays its turns until they come back.',
    }),
    timeouts: z.number().int().min(0).openapi({ description: 'How many of the seat’s turns have timed out so far.' }),
    tileCount: z.number().int(),
    totalScore: z.number().int(),
    chickenlittle: z.enum(['none', 'pending', 'vulnerable', 'announced', 'penalized']).openapi({
      description:
        '`pending`: holds one tile unannounced; `vulnerable`: may be called out; `penalized`: loses the next turn.',
    }),
  })
  .openapi('SeatView');

const PlacementSchema = z
  .object({
    id: z.number().int(),
    tile: TileSchema,
    on: z.number().int().nullable().openapi({ description: 'The placement it went against; null for the root.' }),
    slot: z.number().int().openapi({
      description:
        'Its place on the placement it hangs on: the spoke (0 to spokes-1) on the root, the toe (0-2) on any other double, 0 elsewhere. With `on`, enough to lay the board out.',
    }),
    suit: z.number().int().openapi({ description: 'The suit it shares with that placement.' }),
    seat: SeatSchema,
  })
  .openapi('Placement');

const HandRecordSchema = z
  .object({
    index: z.number().int(),
    dealer: SeatSchema,
    opener: TileSchema.openapi({ description: 'The double that opened the hand.' }),
    reason: z.enum(['out', 'blocked']),
    out: z.union([SeatSchema, z.null()]).openapi({ description: 'The seat that went out; null for a blocked hand.' }),
    scores: z.array(z.number().int()).readonly(),
    hands: z
      .array(z.array(TileSchema).readonly())
      .readonly()
      .openapi({ description: 'The tiles each seat was left holding, turned face up for all to count.' }),
  })
  .openapi('HandRecord', { description: 'A hand that has ended, as everyone sees it.' });

const HandViewSchema = z
  .object({
    index: z.number().int().openapi({ description: '0 for the first hand; a game has set+1 hands.' }),
    dealer: SeatSchema,
    opener: TileSchema,
    board: z.array(PlacementSchema).readonly(),
    openEnds: z
      .array(z.object({ on: z.number().int(), suit: z.number().int(), remaining: z.number().int() }))
      .readonly()
      .openapi({ description: 'Where tiles may go: send `on` with a play.' }),
    mustFill: z.number().int().nullable().openapi({ description: 'The double that must be filled first, if any.' }),
    boneyardSize: z.number().int(),
    turn: nullable(SeatSchema).openapi({ description: 'The seat to play; null once the hand is over.' }),
    drawnBy: nullable(SeatSchema).openapi({
      description:
        'The seat in turn, when it has drawn a tile it may play and is deciding whether to (the tile itself is shown only to them); null otherwise.',
    }),
    over: z.boolean(),
  })
  .openapi('HandView');

/** A game as the caller may see it. */
export const GameViewSchema = z
  .object({
    id: z.string(),
    version: z.number().int().openapi({ description: 'Send it back in `If-Match` with a move.' }),
    status: z.enum(['waiting', 'playing', 'finished', 'cancelled']).openapi({
      description: '`cancelled`: by its creator, or closed after waiting too long for players, before it started.',
    }),
    rules: RulesSchema,
    open: z.boolean().openapi({ description: 'Listed in the lobby while waiting: anyone may join without a code.' }),
    creator: SeatSchema.openapi({
      description: 'The creator’s seat (0, or the proposer’s in a rematch): who may seat bots and cancel.',
    }),
    rematchOf: z
      .string()
      .nullable()
      .openapi({ description: 'The game this one is a rematch of; null for any other game.' }),
    rematch: z.string().nullable().openapi({
      description:
        'This game’s rematch, once one of its players proposed it (`POST /v1/games/{id}/rematch`): every player of this game may read it and join it without a code. Null until then, and in the replies to commands.',
    }),
    seats: z.array(SeatViewSchema).readonly(),
    yourSeat: SeatSchema.openapi({
      description:
        'Your seat. In a rematch you have not joined yet, the seat it keeps for you (`seats[yourSeat].player` is null until you join). In the reply to leaving a game before its start, the seat you left (free again). Once you have left a game in play it is the seat you left (`seats[yourSeat].left`), and you see the game as a spectator: no tiles, no moves.',
    }),
    inviteCode: z
      .string()
      .nullable()
      .openapi({ description: 'Share it so others can join; null once every seat is taken.' }),
    hand: nullable(HandViewSchema).openapi({
      description: 'The hand in play (or the last one, once the game is over); null until the game starts.',
    }),
    yourTiles: z.array(TileSchema).readonly(),
    drawnTile: nullable(TileSchema).openapi({
      description: 'The tile you drew this turn and may still play; null otherwise.',
    }),
    legalMoves: z
      .array(MoveSchema)
      .readonly()
      .openapi({ description: 'Every move you may make now (out of turn: announce, call-out).' }),
    handScores: z
      .array(z.array(z.number().int()).readonly())
      .readonly()
      .openapi({ description: '`handScores[k][seat]`: what each seat scored in hand k.' }),
    pastHands: z
      .array(HandRecordSchema)
      .readonly()
      .openapi({ description: 'Every hand that has ended: its opener, how it ended, its scores and the tiles left.' }),
    totals: z.array(z.number().int()).readonly(),
    winners: z
      .array(SeatSchema)
      .readonly()
      .nullable()
      .openapi({ description: 'The lowest totals once the game is over.' }),
    deadline: TimestampSchema.nullable().openapi({
      description:
        'When the seat in turn times out (ISO 8601, UTC): when its turn began plus `rules.turnHours` and `extraHours`. Null without a clock, and while no player is awaited (a bot’s or an away seat’s turn, a game not in play).',
    }),
    extraHours: z.number().int().min(0).openapi({
      description: 'Extra hours given to the turn in play (`POST /v1/games/{id}/time`); 0 without a clock.',
    }),
    testClock: TestClockSchema.optional().openapi({
      description: 'On a server with a test clock only (`GET /v1/games/{id}`): the time its deadlines are judged by.',
    }),
  })
  .openapi('Game');

/** A bot to seat: at `level`, in `seat`. */
export const BotRequestSchema = z
  .object({
    level: BotLevelSchema.optional().openapi({ description: 'Its level; the game’s `botLevel` when left out.' }),
    seat: SeatSchema.optional().openapi({
      description: 'Its seat, which must be free; the lowest free one when left out.',
    }),
  })
  .strict()
  .openapi('BotRequest', { example: { level: 'greedy' } });

/** POST /v1/games body. */
export const NewGameSchema = z
  .object({
    seats: z
      .number()
      .int()
      .min(2)
      .max(8)
      .openapi({ description: 'How many players; the game starts when every seat is taken.', example: 4 }),
    rules: RuleOptionsSchema.optional(),
    bots: z.array(BotRequestSchema).max(7).optional().openapi({
      description:
        'Bots to seat at once, after you (seat 0), each in its `seat` or the lowest free one. Bots that fill every other seat start the game with its creation.',
    }),
    open: z.boolean().optional().openapi({
      description: 'List the game in the lobby (`GET /v1/lobby`) while it waits: anyone may join it without its code.',
    }),
  })
  .strict()
  .openapi('NewGame');

/** POST /v1/games/{id}/time body. */
export const GiveTimeSchema = z
  .object({
    hours: z.number().int().min(1).max(MAX_TURN_HOURS).openapi({
      description:
        'Extra hours for the seat in turn, this turn only: a turn may have at most `rules.turnHours` extra in all.',
      example: 24,
    }),
  })
  .strict()
  .openapi('GiveTime');

/** POST /v1/games/{id}/join body. */
export const JoinSchema = z
  .object({
    inviteCode: z.string().min(1).max(64).optional().openapi({
      description: 'The game’s invite code; leave it out to join an open game (one the lobby lists).',
      example: 'K7M2QX9DPA',
    }),
  })
  .strict()
  .openapi('Join');
