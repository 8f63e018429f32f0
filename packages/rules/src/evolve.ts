import { dealtStatuses } from './chickenlittle';
import { evolveClock, isClockType, newClock, seatLeft, turnPassed, type ClockEvent } from './clock';
import type { EventOf, GameEvent, InPlayEvent } from './events';
import { copyHand, evolveHand, replaceAt, type Draft, type HandEvent } from './evolve-hand';
import { storedRuleset } from './ruleset';
import { cancelled, erased } from './evolve-setup';
import { setupOf } from './setup';
import type { EmptyGame, FinishedGame, GameState, HandRecord, HandState, PlayingGame, WaitingGame } from './state';

/**
 * Applies one event to a state and returns the next state. Pure and total: it never validates
 * (`decide` did that), never mutates its input, and leaves the state as it is for an event that
 * does not fit it (an event of another phase, say).
 */
export function evolve(state: GameState, event: GameEvent): GameState {
  return fold(state, event, false);
}

/**
 * `evolve`, or with `own` the same transition made in place: the state's hot parts (the hand, its
 * tiles, the table's placements and ends) are the caller's own copy, changed rather than copied, and
 * the state given is used up (see `fast/scratch-game.ts`). Every rule is written once, here, for both:
 * `own` only says whether the arrays a transition changes are copied first.
 */
export function fold(state: GameState, event: GameEvent, own: boolean): GameState {
  switch (event.type) {
    case 'GameCreated':
      return state.status === 'empty' ? created(state, event) : state;
    case 'SeatTaken':
    case 'BotSeated':
    case 'GameStarted':
      return state.status === 'waiting' ? evolveWaiting(state, event) : state;
    case 'SeatLeft':
      if (state.status === 'waiting') return evolveWaiting(state, event);
      return state.status === 'playing' ? botTakesOver(state, event) : state;
    case 'HandDealt':
      return state.status === 'waiting' || state.status === 'playing' ? evolveDeal(state, event, own) : state;
    case 'GameEnded':
      return state.status === 'playing' ? finished(state, event) : state;
    case 'GameCancelled':
      return state.status === 'waiting' ? cancelled(state) : state;
    case 'PlayerErased':
      return state.status === 'empty' ? state : erased(state, event.seat);
    default:
      return state.status === 'playing' ? evolveInPlay(state, event, own) : state;
  }
}

/** `evolve` for a game waiting for players: a seat taken (by a player or a bot), left, or the start. */
export function evolveWaiting(
  game: WaitingGame,
  event: EventOf<'SeatTaken' | 'BotSeated' | 'SeatLeft' | 'GameStarted'>,
): WaitingGame {
  // The deal that follows GameStarted in the same commit is what puts the game in play: a game in
  // play always has a hand.
  if (event.type === 'GameStarted') return game;
  const player = event.type === 'SeatTaken' ? event.player : null;
  const bot = event.type === 'BotSeated' ? event.level : event.type === 'SeatLeft' ? event.bot : null;
  return {
    status: 'waiting',
    rules: game.rules,
    seatCount: game.seatCount,
    players: replaceAt(game.players, event.seat, player),
    bots: replaceAt(game.bots, event.seat, bot),
    clock: game.clock,
    hand: null,
    openers: game.openers,
    handScores: game.handScores,
    totals: game.totals,
    winners: null,
    pastHands: game.pastHands,
    setup: game.setup,
  };
}

/**
 * `evolve` for a deal: the first hand puts the game in play, later ones replace the hand that ended.
 * With `own` (see `fold`) the hand gets its own copy of the dealt tiles, which the event keeps as dealt.
 */
export function evolveDeal(game: WaitingGame | PlayingGame, event: EventOf<'HandDealt'>, own = false): PlayingGame {
  return playing(game, dealt(event, own));
}

/** `evolve` for the events of a game in play; with `own`, made in place (see `fold`). */
export function evolveInPlay(game: PlayingGame, event: InPlayEvent, own = false): PlayingGame {
  const { hand } = game;
  // Read once: events come in many shapes, so every read of a field of theirs is a slow (megamorphic)
  // lookup. TypeScript narrows on the type read here for === only, so the clock's events, told apart by
  // isClockType, are cast.
  const { type } = event;
  if (isClockType(type)) return clocked(game, event as ClockEvent);
  if (type !== 'HandEnded') {
    const openers = type === 'RootPlaced' ? [...game.openers, event.tile] : game.openers;
    const nextHand = evolveHand(game.rules, game.seatCount, hand, event as HandEvent, own);
    // In place, the game object itself goes on: only its hand and what the event changes are written.
    const next: Draft<PlayingGame> = own ? game : playing(game, nextHand, openers);
    next.hand = nextHand;
    next.openers = openers;
    // The extra time given to a turn is for that turn alone.
    if (passesTurn(type)) next.clock = turnPassed(game.clock);
    return next;
  }
  const handScores = [...game.handScores, event.scores];
  const totals = game.totals.map((total, seat) => total + (event.scores[seat] ?? 0));
  const over = copyHand(hand);
  over.over = true;
  over.turn = null;
  over.drawnTile = null;
  const record: HandRecord = {
    index: hand.index,
    dealer: hand.dealer,
    opener: hand.opener,
    reason: event.reason,
    out: event.out,
    scores: event.scores,
    // Events stored before hands were revealed lack them; the state knows them anyway.
    hands: event.hands ?? hand.hands,
  };
  return playing(game, over, game.openers, handScores, totals, [...game.pastHands, record]);
}

// A switch: the Set it replaces was asked once per event.
function passesTurn(type: GameEvent['type']): boolean {
  switch (type) {
    case 'RootPlaced':
    case 'TilePlayed':
    case 'TurnPassed':
    case 'TurnSkipped':
      return true;
    default:
      return false;
  }
}

/** `evolve` for the turn clock's events (which a game without a clock never records). */
function clocked(game: PlayingGame, event: ClockEvent): PlayingGame {
  if (!game.clock) return game;
  const next = playing(game, game.hand);
  next.clock = evolveClock(game.clock, event);
  return next;
}

/** A player left a game in play: the bot named takes their seat over, and `players` keeps who played it. */
function botTakesOver(game: PlayingGame, event: EventOf<'SeatLeft'>): PlayingGame {
  // Written over the field (no spread), so the state keeps the one shape every state has.
  const next: Draft<PlayingGame> = playing(game, game.hand);
  next.bots = replaceAt(game.bots, event.seat, event.bot);
  next.clock = seatLeft(game.clock, event.seat);
  return next;
}

function created(_: EmptyGame, event: EventOf<'GameCreated'>): WaitingGame {
  const rules = storedRuleset(event.rules);
  return {
    status: 'waiting',
    rules,
    seatCount: event.seats,
    players: Array.from({ length: event.seats }, () => null),
    bots: Array.from({ length: event.seats }, () => null),
    clock: newClock(rules, event.seats),
    hand: null,
    openers: [],
    handScores: [],
    totals: Array.from({ length: event.seats }, () => 0),
    winners: null,
    pastHands: [],
    setup: setupOf(event),
  };
}

function finished(game: PlayingGame, event: EventOf<'GameEnded'>): FinishedGame {
  return {
    status: 'finished',
    rules: game.rules,
    seatCount: game.seatCount,
    players: game.players,
    bots: game.bots,
    clock: game.clock,
    hand: game.hand,
    openers: game.openers,
    handScores: game.handScores,
    totals: game.totals,
    winners: event.winners,
    pastHands: game.pastHands,
    setup: game.setup,
  };
}

/**
 * A game in play on `hand`, the rest taken from `game` unless given. Every state object is written out
 * field by field in the same order (never spread), and so is every hand, so that V8 sees one shape each:
 * spread objects come in many shapes, and every read of their fields is then a slow (megamorphic) one.
 */
export function playing(
  game: WaitingGame | PlayingGame,
  hand: HandState,
  openers = game.openers,
  handScores = game.handScores,
  totals = game.totals,
  pastHands = game.pastHands,
): Draft<PlayingGame> {
  return {
    status: 'playing',
    rules: game.rules,
    seatCount: game.seatCount,
    players: game.players,
    bots: game.bots,
    clock: game.clock,
    hand,
    openers,
    handScores,
    totals,
    winners: null,
    pastHands,
    setup: game.setup,
  };
}

function dealt(event: EventOf<'HandDealt'>, own: boolean): HandState {
  return {
    index: event.hand,
    dealer: event.dealer,
    opener: event.opener,
    hands: own ? event.hands.map((tiles) => tiles.slice()) : event.hands,
    boneyard: event.boneyard,
    drawn: 0,
    placements: [],
    ends: [],
    mustFill: null,
    openSuits: 0,
    turn: null,
    drawnTile: null,
    chickenlittle: dealtStatuses(event.hands.length),
    over: false,
  };
}
