import type { BotLevel, Ruleset } from './ruleset';
import type { Tile } from './tiles';

/** A seat number: 0 is the creator, seat order is turn order. */
export type Seat = number;

/** Who sits in a seat. The engine treats the id as opaque; the API gives it meaning. */
export interface Player {
  readonly id: string;
  readonly name: string;
}

/** Why a tile left the boneyard. */
export type DrawReason = 'opening' | 'turn' | 'penalty';

/** Everything that can happen in a game. A game's state is the fold of these with `evolve`. */
export type GameEvent =
  /**
   * `open`: listed in the lobby, joined without an invite code. `creator`: the creator's seat when not
   * 0; `reserved` and `rematchOf`: a rematch's seats kept for the players of `rematchOf` (see `GameSetup`).
   * Each is absent when not set.
   */
  | {
      readonly type: 'GameCreated';
      readonly rules: Ruleset;
      readonly seats: number;
      readonly open?: boolean;
      readonly creator?: Seat;
      readonly reserved?: readonly (string | null)[];
      readonly rematchOf?: string;
    }
  | { readonly type: 'SeatTaken'; readonly seat: Seat; readonly player: Player }
  /** A bot takes a free seat of a game waiting for players, and plays it at `level` for the whole game. */
  | { readonly type: 'BotSeated'; readonly seat: Seat; readonly level: BotLevel }
  /**
   * The player of `seat` left. In a game in play a bot at `bot` (the game's `botLevel`) plays the seat
   * from now on, exactly as it stands (tiles, turn, Chickenlittle status); before the start the seat is
   * free again (`bot` is null).
   */
  | { readonly type: 'SeatLeft'; readonly seat: Seat; readonly bot: BotLevel | null }
  | { readonly type: 'GameStarted' }
  /**
   * The shuffled deck, recorded so replay is exact: `hands[s]` is what seat `s` was dealt and
   * `boneyard[0]` is the next tile drawn. `opener` is the double that opens this hand.
   */
  | {
      readonly type: 'HandDealt';
      readonly hand: number;
      readonly dealer: Seat;
      readonly opener: Tile;
      readonly hands: readonly (readonly Tile[])[];
      readonly boneyard: readonly Tile[];
    }
  | {
      readonly type: 'TileDrawn';
      readonly seat: Seat;
      readonly tile: Tile;
      readonly reason: DrawReason;
      readonly forced: boolean;
    }
  | { readonly type: 'RootPlaced'; readonly seat: Seat; readonly tile: Tile }
  /**
   * `id` is the new placement's id, `on` the placement it went against, `suit` the suit they share.
   * `forced`: the server made the play, the seat's only move (false for a player's own play; absent
   * from events stored before forced plays existed).
   */
  | {
      readonly type: 'TilePlayed';
      readonly seat: Seat;
      readonly tile: Tile;
      readonly on: number;
      readonly id: number;
      readonly suit: number;
      readonly forced: boolean;
    }
  | { readonly type: 'TurnPassed'; readonly seat: Seat; readonly forced: boolean }
  /** A Chickenlittle penalty: the seat loses this turn. */
  | { readonly type: 'TurnSkipped'; readonly seat: Seat }
  | { readonly type: 'ChickenlittleAnnounced'; readonly seat: Seat; readonly auto: boolean }
  | {
      readonly type: 'ChickenlittleCalledOut';
      readonly seat: Seat;
      readonly by: Seat;
      readonly penalty: 'draw' | 'skip';
    }
  /**
   * `scores[s]` is what seat `s` adds for this hand; `out` is the seat that went out, if any.
   * `hands[s]` are the tiles seat `s` was left holding, turned face up for all to count (absent from
   * events stored before hands were revealed). The boneyard is not shown.
   */
  | {
      readonly type: 'HandEnded';
      readonly hand: number;
      readonly reason: 'out' | 'blocked';
      readonly out: Seat | null;
      readonly scores: readonly number[];
      readonly hands: readonly (readonly Tile[])[];
    }
  | { readonly type: 'GameEnded'; readonly totals: readonly number[]; readonly winners: readonly Seat[] }
  /** A game waiting for players is cancelled: by its creator, or closed after waiting too long (`stale`). */
  | { readonly type: 'GameCancelled'; readonly reason: 'creator' | 'stale' }
  /** The player of `seat` deleted their account: the seat keeps its player id, but no name from now on. */
  | { readonly type: 'PlayerErased'; readonly seat: Seat };

/** The name of an event type. */
export type GameEventType = GameEvent['type'];

/** The event of one type. */
export type EventOf<T extends GameEventType> = Extract<GameEvent, { type: T }>;

/** The events of who sits where: before the start (`SeatTaken`, `BotSeated`) and at any time until the end (`SeatLeft`). */
export type SeatEvent = EventOf<'SeatTaken' | 'BotSeated' | 'SeatLeft'>;

/** The events of a game in play: everything that happens within a hand, and its end. */
export type InPlayEvent = Exclude<
  GameEvent,
  {
    type:
      | 'GameCreated'
      | 'SeatTaken'
      | 'BotSeated'
      | 'SeatLeft'
      | 'GameStarted'
      | 'HandDealt'
      | 'GameEnded'
      | 'GameCancelled'
      | 'PlayerErased';
  }
>;
