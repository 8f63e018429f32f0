import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isAway } from '../clock';
import type { Command, Move, TimeoutMove } from '../commands';
import { decide, type Decision } from '../decide';
import type { GameEvent, Seat } from '../events';
import { legalMoves } from '../legal-moves';
import { fisherYates, seededRandom, type RandomInt } from '../random';
import type { DecideContext } from '../recorder';
import { maxSeats, type RulesetOptions } from '../ruleset';
import { anyMove, player } from '../scenario';
import { ScratchGame } from './scratch-game';
import { botPlaying } from '../seats';
import { initialState, type GameState } from '../state';
import type { SetSize, Tile } from '../tiles';

/**
 * A `ScratchGame` is `decide` and `evolve` folded in place: it must give every command the same answer
 * (the same events, or the same refusal) and reach the same state as `decide` does, and never change a
 * state or an event it was given or gave out. Both play the same random games side by side here, every
 * set and seat count and every rule option, with the turn clock's commands, players leaving, refused
 * moves, and now and then a new scratch game started from `decide`'s state mid-hand (as a playout is).
 */

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

// The same decks for both sides: the n-th shuffle of each is seeded with n.
function decks(seed: number): DecideContext {
  let n = 0;
  return { shuffle: (tiles) => fisherYates(seededRandom(seed * 1_000 + n++))(tiles) };
}

const RULES: readonly RulesetOptions[] = [
  {},
  { drawnTile: 'must-play', autoPlay: 'only-move' },
  { chickenlittle: 'auto', spokes: 4, opening: 'next-highest' },
  { chickenlittle: 'off', doubleBlank: 0 },
  { turnHours: 24, awayAfter: 1 },
  { turnHours: 1, awayAfter: 2, autoPlay: 'only-move', doubleBlank: 25 },
];

/** A random command: mostly a legal move (as self-play picks them), sometimes one of the rarer kinds. */
function nextCommand(state: GameState, random: RandomInt): Command | null {
  if (state.status !== 'playing') return null;
  const { hand, clock } = state;
  const turn = hand.turn;
  const roll = random(40);
  if (roll === 0) return { type: 'leave', seat: random(state.seatCount) };
  if (roll <= 3) return { type: 'move', seat: random(state.seatCount), move: anyMove(state, random) };
  if (clock && roll <= 10) {
    const away = clock.away.indexOf(true);
    if (away >= 0 && roll <= 5) return { type: 'return', seat: away };
    if (turn !== null && roll === 6) return { type: 'give-time', by: (turn + 1) % state.seatCount, hours: 1 };
    if (turn !== null && !botPlaying(state, turn)) {
      const ends = legalMoves(state, turn).filter((m): m is TimeoutMove => m.type === 'play' || m.type === 'pass');
      const move = ends[random(ends.length)];
      if (move) return { type: 'timeout', seat: turn, move };
    }
  }
  const choices: { seat: Seat; move: Move }[] = [];
  for (let seat = 0; seat < state.seatCount; seat++) {
    for (const move of legalMoves(state, seat)) choices.push({ seat, move });
  }
  const choice = choices[random(choices.length)];
  if (!choice) throw new Error('nobody can move');
  const command: Command = { type: 'move', ...choice, ...(isAway(state, choice.seat) ? { byBot: true } : {}) };
  listed.add(command);
  return command;
}

/** Commands whose move `legalMoves` listed: a scratch game may make those with `play` (no checks). */
const listed = new WeakSet<Command>();

interface Played {
  readonly commands: number;
  readonly refused: number;
  readonly restarts: number;
  /** Commands made with `play` instead of `decide`. */
  readonly plays: number;
  readonly state: GameState;
}

/** Plays one game on both sides, comparing them after every command; throws at the first difference. */
function playBoth(set: SetSize, seats: number, rules: RulesetOptions, seed: number): Played {
  const random = seededRandom(seed);
  const pureDecks = decks(seed);
  const scratchDecks = decks(seed);
  let pure = deepFreeze(initialState());
  let scratch = new ScratchGame(pure, scratchDecks);
  const pureEvents: GameEvent[] = [];
  const scratchEvents: GameEvent[] = [];
  let commands = 0;
  let refused = 0;
  let restarts = 0;
  let plays = 0;
  const run = (command: Command) => {
    if (++commands > 50_000) throw new Error('the game does not end');
    const expected: Decision = decide(command, pure, pureDecks);
    // Every other listed move (as a player's, not a bot's) goes through play, which leaves out the checks.
    const unchecked = command.type === 'move' && listed.has(command) && !command.byBot && commands % 2 === 0;
    if (unchecked) plays++;
    const got = unchecked ? scratch.play(command.seat, command.move) : scratch.decide(command);
    const what = () => `seed ${seed}, command ${commands} ${JSON.stringify(command)}`;
    if (!expected.ok || !got.ok) {
      check(!got.ok && !expected.ok && got.code === expected.code, () => `${what()}: refusals differ`);
      refused++;
    } else {
      check(isDeepStrictEqual(got.events, expected.events), () => `${what()}: events differ`);
      // The scratch game's events are never changed afterwards: frozen, a change would throw.
      for (const event of got.events) scratchEvents.push(deepFreeze(event));
      pureEvents.push(...expected.events);
      pure = deepFreeze(expected.state);
    }
    check(isDeepStrictEqual(scratch.state, pure), () => `${what()}: states differ`);
    // Now and then a scratch game starts afresh from decide's (frozen) state, as a bot's playout does.
    if (random(50) === 0) {
      scratch = new ScratchGame(pure, scratchDecks);
      restarts++;
    }
  };
  run({ type: 'create', seats, rules: { set, ...rules }, player: player(0) });
  for (let seat = 1; seat < seats; seat++) run({ type: 'join', player: player(seat) });
  for (let command = nextCommand(pure, random); command; command = nextCommand(pure, random)) run(command);
  check(isDeepStrictEqual(scratchEvents, pureEvents), () => `seed ${seed}: the events given out changed later`);
  return { commands, refused, restarts, plays, state: scratch.state };
}

const CONFIGS = ([6, 9, 12, 15] as const).flatMap((set) =>
  Array.from({ length: maxSeats(set) - 1 }, (_, i) => ({ set, seats: i + 2 })),
);

describe('a scratch game', () => {
  it.each(RULES)('answers every command as decide does and reaches the same states, rules %o', (rules) => {
    let commands = 0;
    let refused = 0;
    let restarts = 0;
    let plays = 0;
    for (const [i, { set, seats }] of CONFIGS.entries()) {
      const played = playBoth(set, seats, rules, 100 + i);
      expect(played.state.status).toBe('finished');
      commands += played.commands;
      refused += played.refused;
      restarts += played.restarts;
      plays += played.plays;
    }
    // Every kind of step was compared, many times.
    expect(commands).toBeGreaterThan(10_000);
    expect(refused).toBeGreaterThan(100);
    expect(restarts).toBeGreaterThan(100);
    expect(plays).toBeGreaterThan(3_000);
  });

  it('never changes the state it starts from', () => {
    // Mid-hand, from decide's state, deep-frozen: a change to it would throw (modules are strict).
    let state = initialState();
    const context = decks(8);
    const random = seededRandom(8);
    const commands: Command[] = [
      { type: 'create', seats: 3, player: player(0) },
      { type: 'join', player: player(1) },
      { type: 'join', player: player(2) },
    ];
    for (let i = 0; i < 40; i++) {
      const decision = decide(commands[i] ?? (nextCommand(state, random) as Command), state, context);
      if (decision.ok) state = decision.state;
    }
    expect(state.hand?.placements.length).toBeGreaterThan(5);
    const before = JSON.stringify(deepFreeze(state));
    const game = new ScratchGame(state, context);
    for (let command = nextCommand(game.state, random); command; command = nextCommand(game.state, random)) {
      game.decide(command);
    }
    expect(game.state.status).toBe('finished');
    expect(JSON.stringify(state)).toBe(before);
  });

  it('is caught by the comparison when it folds differently', () => {
    // A scratch game whose fold dropped a drawn tile would differ from decide at the first draw.
    const sneaky = new ScratchGame(initialState(), decks(1));
    const original = sneaky.decide.bind(sneaky);
    sneaky.decide = (command) => {
      const decision = original(command);
      const hand = sneaky.state.hand;
      if (decision.ok && hand && decision.events.some((e) => e.type === 'TileDrawn')) (hand.hands[0] as Tile[]).pop();
      return decision;
    };
    let pure = initialState();
    const pureDecks = decks(1);
    const random = seededRandom(1);
    const commands: Command[] = [
      { type: 'create', seats: 2, player: player(0) },
      { type: 'join', player: player(1) },
    ];
    let differs = false;
    for (let i = 0; i < 2_000 && !differs; i++) {
      const command = commands[i] ?? nextCommand(pure, random);
      if (!command) break;
      const expected = decide(command, pure, pureDecks);
      sneaky.decide(command);
      if (expected.ok) pure = expected.state;
      differs = !isDeepStrictEqual(sneaky.state, pure);
    }
    expect(differs).toBe(true);
  });
});
