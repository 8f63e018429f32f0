/**
 * The Chickenfoot rules as a Decider: `initialState`, `evolve(state, event)` and
 * `decide(command, state, context)`, plus `legalMoves`, per-viewer views and event redaction.
 * No I/O, no clock, no hidden randomness: the shuffle comes in through the context.
 */
export { decide, type Decision } from './decide';
export { evolve } from './evolve';
export {
  initialState,
  boneyardSize,
  type GameState,
  type EmptyGame,
  type WaitingGame,
  type PlayingGame,
  type FinishedGame,
  type CancelledGame,
  type HandState,
  type HandRecord,
  type ClockState,
} from './state';
export { TOES, type Board, type Placement, type OpenEnd } from './board';
export type { ChickenlittleStatus } from './chickenlittle';
export {
  commandKind,
  type BotRequest,
  type Command,
  type CommandKind,
  type Move,
  type PlayMove,
  type TimeoutMove,
} from './commands';
export { hasTimedOut, isAway } from './clock';
export type { GameEvent, GameEventType, EventOf, InPlayEvent, SeatEvent, Player, Seat, DrawReason } from './events';
export {
  REJECTIONS,
  REJECTION_CODES,
  type Refusal,
  type Rejection,
  type RejectionCode,
  type RejectionOf,
} from './rejections';
export { botAt, botPlaying, firstFreeSeat, hasLeft, isFree, isFull, seatName } from './seats';
export { ERASED_NAME, NO_SETUP, reservedSeat, type GameSetup } from './setup';
export type { DecideContext, Shuffle } from './recorder';
export {
  BOT_LEVELS,
  DEFAULT_RULES,
  MIN_SEATS,
  MAX_AWAY_AFTER,
  MAX_TURN_HOURS,
  TURN_HOURS_PRESETS,
  defaultHandSize,
  maxSeats,
  resolveRuleset,
  setTileCount,
  type BotLevel,
  type Ruleset,
  type RulesetOptions,
  type ResolvedRuleset,
} from './ruleset';
export {
  RULE_OPTIONS,
  choiceValues,
  isChoice,
  rulesetVocabulary,
  type ChoiceOption,
  type NumberOption,
  type OptionValue,
  type RuleOption,
  type RuleOptionName,
} from './rule-options';
export {
  SET_SIZES,
  double,
  factsOf,
  fullSet,
  halves,
  hasSuit,
  isDouble,
  normalizeTile,
  tile,
  tileScore,
  type SetSize,
  type Tile,
  type TileFacts,
} from './tiles';
export { legalMoves } from './legal-moves';
export { viewFor, type GameView, type HandView, type SeatView } from './view';
export { redactEvent, type VisibleEvent } from './redact';
export { fisherYates, seededRandom, stackedDeck, type RandomInt } from './random';
export { selfPlay, type SelfPlayOptions, type SelfPlayResult } from './self-play';
export { ScratchGame } from './fast/scratch-game';
