import { PlayerSchema } from '../schemas/players';
import { ProblemSchema } from '../schemas/problem';
import {
  AccountIfMatchSchema,
  GameIdSchema,
  IdempotencyKeySchema,
  IfMatchSchema,
  SeatSchema,
  TileSchema,
} from '../schemas/common';
import { BotLevelSchema } from '../schemas/rules';

/**
 * The schemas many others use, registered before any route so that each is written with its own
 * description (a use's description goes beside its `$ref`, never into the shared schema), and
 * `Problem`, which every problem response refers to.
 */
export const SHARED_SCHEMAS = {
  Seat: SeatSchema,
  Tile: TileSchema,
  Player: PlayerSchema,
  BotLevel: BotLevelSchema,
  Problem: ProblemSchema,
};

/** The parameters many routes take, each one component (`#/components/parameters/…`). */
export const SHARED_PARAMETERS = {
  GameId: GameIdSchema,
  IfMatch: IfMatchSchema,
  AccountIfMatch: AccountIfMatchSchema,
  IdempotencyKey: IdempotencyKeySchema,
};
