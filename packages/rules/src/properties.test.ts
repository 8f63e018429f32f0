import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isAway } from './clock';
import type { Command, Move, TimeoutMove } from './commands';
import { decide } from './decide';
import type { GameEvent, Seat } from './events';
import { evolve } from './evolve';
import { forcedMove } from './forced-moves';
import { addTurnMoves, anyMoveOutOfTurn, legalMoves } from './legal-moves';
import { fisherYates, seededRandom } from './random';
import { redactEvent } from './redact';
import { maxSeats, type RulesetOptions } from './ruleset';
import { anyMove, player } from './scenario';
import { botPlaying } from './seats';
import { initialState, type GameState } from './state';
import { fullSet, type SetSize, type Tile } from './tiles';
import { viewFor } from './view';

const CONFIGS = ([6, 9, 12, 15] as const).flatMap((set) =>
  Array.from({ length: maxSeats(set) - 1 }, (_, i) => ({ set, seats: i + 2 })),
);
const RUNS = 2; // per set and seat count: 26 configurations, 52 full games per property

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Folds `events` from `state` with `step`, deep-freezing every state (the first, each one between, the
 * last) and every event before `step` reads it: a step that changed its input would throw (modules are
 * strict), so a fold that returns proves that no step mutated anything it was given. Returns the state
 * after each event.
 */
function foldFrozen(
  state: GameState,
  events: readonly GameEvent[],
  step: (s: GameState, e: GameEvent) => GameState = evolve,
): GameState[] {
  const states: GameState[] = [];
  let now = deepFreeze(state);
  for (const event of events) states.push((now = deepFreeze(step(now, deepFreeze(event)))));
  return states;
}

const boardTiles = (s: GameState) => s.hand?.placements.map((p) => p.tile) ?? [];
const tilesIn = (value: unknown): string[] => JSON.stringify(value).match(/\d+-\d+/g) ?? [];

// The checks below run at every step of thousands of steps, so they throw plain errors instead of
// calling `expect` (which costs more than the engine itself here); fast-check reports the seed.
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

interface Game {
  readonly set: SetSize;
  readonly seats: number;
  readonly seed: number;
  readonly rules?: RulesetOptions;
  /** Check at every command that decide's state is the fold of its events (deep equality costs a second a run). */
  readonly foldToo?: boolean;
}

/**
 * Plays a seeded game as self-play does (every seat choosing uniformly among all the moves any seat
 * may make), but deep-freezes every state before anything decides or evolves from it (folding each
 * command's events again to freeze the states between them), and calls `step` with the states around
 * every command, its events and the state after each.
 */
function playChecked(
  game: Game,
  step: (
    before: GameState,
    after: GameState,
    events: readonly GameEvent[],
    states: readonly GameState[],
    command: Command,
  ) => void,
) {
  const random = seededRandom(game.seed);
  const context = { shuffle: fisherYates(random) };
  const events: GameEvent[] = [];
  let state = deepFreeze(initialState());
  let commands = 0;
  const run = (command: Command) => {
    if (++commands > 20_000) throw new Error('the game does not end');
    const decision = decide(command, state, context);
    if (!decision.ok) throw new Error(`refused ${JSON.stringify(command)}: ${decision.code}`);
    const states = foldFrozen(state, decision.events);
    if (game.foldToo) {
      check(isDeepStrictEqual(states.at(-1), decision.state), () => `decide's state is not the fold of its events`);
    }
    const after = deepFreeze(decision.state);
    step(state, after, decision.events, states, command);
    events.push(...decision.events);
    state = after;
  };
  run({ type: 'create', seats: game.seats, rules: { set: game.set, ...game.rules }, player: player(0) });
  for (let seat = 1; seat < game.seats; seat++) run({ type: 'join', player: player(seat) });
  while (state.status === 'playing') {
    const clock = clockCommand(state, random);
    if (clock) {
      run(clock);
      continue;
    }
    const choices: { seat: Seat; move: Move }[] = [];
    for (let seat = 0; seat < game.seats; seat++) {
      for (const move of legalMoves(state, seat)) choices.push({ seat, move });
    }
    const choice = choices[random(choices.length)];
    if (!choice) throw new Error('nobody can move');
    // An away seat's moves are its bot's until its player returns.
    run({ type: 'move', ...choice, ...(isAway(state, choice.seat) ? { byBot: true } : {}) });
  }
  return { state, events };
}

/**
 * In a game with a turn clock, now and then, one of its commands instead of a move: the seat in turn
 * timing out (with a play or pass of its own), more time for it, or an away seat's player back.
 */
function clockCommand(state: GameState, random: (bound: number) => number): Command | null {
  if (state.status !== 'playing' || !state.clock || random(3) > 0) return null;
  const { hand, clock, rules } = state;
  const away = clock.away.indexOf(true);
  if (away >= 0 && random(4) === 0) return { type: 'return', seat: away };
  const turn = hand.turn;
  if (turn === null || botPlaying(state, turn)) return null;
  if (random(6) === 0 && clock.extraHours < (rules.turnHours ?? 0)) {
    return { type: 'give-time', by: (turn + 1) % state.seatCount, hours: 1 };
  }
  const ends = legalMoves(state, turn).filter((m): m is TimeoutMove => m.type === 'play' || m.type === 'pass');
  const move = ends[random(ends.length)];
  return move ? { type: 'timeout', seat: turn, move } : null;
}

describe.each(CONFIGS)('random full games: double-$set, $seats seats', ({ set, seats }) => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

  it('every game ends with N+1 hands; tiles are conserved; nothing is mutated; decide and replay give the fold', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const all = [...fullSet(set)].sort().join();
        const result = playChecked({ set, seats, seed, foldToo: true }, (_, after) => {
          const hand = after.hand;
          if (hand) {
            const inPlay = [...hand.hands.flat(), ...hand.boneyard.slice(hand.drawn), ...boardTiles(after)]
              .sort()
              .join();
            check(inPlay === all, () => `tiles not conserved: ${inPlay}`);
          }
        });
        expect(result.state.status).toBe('finished');
        expect(result.events.filter((e) => e.type === 'HandEnded')).toHaveLength(set + 1);
        const stored = JSON.parse(JSON.stringify(result.events)) as GameEvent[];
        expect(stored.reduce(evolve, initialState())).toEqual(result.state);
      }),
      { numRuns: RUNS },
    );
  });

  it('no view or redacted event shows a seat a tile it may not know', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playChecked({ set, seats, seed }, noLeaks(seats));
      }),
      { numRuns: 1 },
    );
  });

  it('every move legalMoves lists is accepted, and moves it does not list are refused', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const context = { shuffle: fisherYates(seededRandom(seed)) };
        const sample = seededRandom(seed ^ 0x5bd1e995);
        let step = 0;
        playChecked({ set, seats, seed }, (_, after) => {
          if (++step % 5 !== 0) return;
          const outOfTurn = anyMoveOutOfTurn(after);
          for (let seat = 0; seat < seats; seat++) {
            const listed = legalMoves(after, seat);
            // Self-play lists the seat in turn alone, its moves in turn alone, when anyMoveOutOfTurn
            // says nobody may move out of turn.
            check(
              outOfTurn || seat === after.hand?.turn || listed.length === 0,
              () => `seat ${seat} out of turn may ${JSON.stringify(listed[0])}, but anyMoveOutOfTurn said none may`,
            );
            const inTurn: Move[] = [];
            addTurnMoves(inTurn, after, seat);
            check(
              outOfTurn || JSON.stringify(inTurn) === JSON.stringify(listed),
              () =>
                `seat ${seat} may also ${JSON.stringify(listed.slice(inTurn.length))}, but anyMoveOutOfTurn said none may`,
            );
            const keys = new Set(listed.map((m) => JSON.stringify(m)));
            for (const move of listed) {
              check(
                decide({ type: 'move', seat, move }, after, context).ok,
                () => `listed ${JSON.stringify(move)} refused`,
              );
            }
            for (let i = 0; i < 12; i++) {
              const move = anyMove(after, sample);
              if (keys.has(JSON.stringify(move))) continue;
              check(
                !decide({ type: 'move', seat, move }, after, context).ok,
                () => `unlisted ${JSON.stringify(move)} by ${seat} accepted`,
              );
            }
          }
        });
      }),
      { numRuns: 1 },
    );
  });
});

/** A step of `playChecked` that fails when a view or a redacted event shows a seat a tile it may not know. */
function noLeaks(seats: number): Parameters<typeof playChecked>[1] {
  let step = 0;
  return (before, after, events, states) => {
    const viewsToo = ++step % 3 === 0;
    for (let viewer: Seat | null = null; viewer === null || viewer < seats; viewer = viewer === null ? 0 : viewer + 1) {
      const own = (s: GameState) => (viewer === null ? [] : (s.hand?.hands[viewer] ?? []));
      if (viewsToo) {
        // The finished hands are the same record for everyone (their tiles: see HandEnded below).
        const { pastHands, ...view } = viewFor(after, viewer);
        check(pastHands === after.pastHands, () => `seat ${viewer}'s view has its own past hands`);
        const known = new Set<Tile>([...own(after), ...boardTiles(after), ...after.openers]);
        for (const tile of tilesIn(view)) check(known.has(tile), () => `seat ${viewer}'s view shows ${tile}`);
      }
      // Events: what the viewer knew before or after each one, stepping through them.
      let state = before;
      for (const [i, event] of events.entries()) {
        const next = states[i] as GameState;
        const allowed = new Set<Tile>([...own(state), ...own(next), ...boardTiles(state), ...boardTiles(next)]);
        if (event.type === 'HandDealt') allowed.add(event.opener); // announced with the deal
        // A hand's end turns the tiles every seat holds face up, and nothing else (not the boneyard).
        if (event.type === 'HandEnded') for (const tile of state.hand?.hands.flat() ?? []) allowed.add(tile);
        for (const tile of tilesIn(redactEvent(event, viewer))) {
          check(allowed.has(tile), () => `${event.type} shows seat ${viewer} ${tile}`);
        }
        state = next;
      }
    }
  };
}

const VARIANTS: RulesetOptions[] = [
  { drawnTile: 'must-play' },
  { autoPlay: 'only-move' },
  { autoPlay: 'only-move', drawnTile: 'must-play', spokes: 4 },
  { chickenlittle: 'auto', opening: 'next-highest' },
  { chickenlittle: 'off', doubleBlank: 25 },
];

describe.each(VARIANTS)('random full games with %o', (rules) => {
  const games = ([6, 9] as const).flatMap((set) => [2, 3, 4].map((seats) => ({ set, seats })));

  it('decide leaves no forced move undone: the seat in turn always has a choice, never a single play', () => {
    for (const [i, { set, seats }] of games.entries()) {
      playChecked({ set, seats, seed: 1000 + i, rules, foldToo: true }, (_, after) => {
        if (after.status !== 'playing' || after.hand.over) return;
        const { hand } = after;
        check(forcedMove(after) === null, () => `a forced move is pending: ${JSON.stringify(forcedMove(after))}`);
        const turn = hand.turn ?? -1;
        const moves = legalMoves(after, turn).filter((m) => m.type === 'play' || m.type === 'pass');
        const distinct = new Set(moves.map((m) => (m.type === 'play' ? `${m.tile}@${m.on}` : m.type)));
        check(distinct.size > 0, () => `seat ${turn} is in turn with nothing to do`);
        const single = distinct.size === 1 && moves[0]?.type === 'play';
        const forcedRule =
          after.rules.autoPlay === 'only-move' || (hand.drawnTile !== null && after.rules.drawnTile === 'must-play');
        check(!(single && forcedRule), () => `seat ${turn}'s only move ${[...distinct][0]} was not made for it`);
      });
    }
  });

  it('events stored before forced plays, revealed hands and autoPlay existed fold to the same state', () => {
    for (const [i, { set, seats }] of games.entries()) {
      const { state, events } = playChecked({ set, seats, seed: 2000 + i, rules }, () => {});
      const old = events.map((event): GameEvent => {
        if (event.type === 'TilePlayed') {
          const { forced: _, ...rest } = event;
          return rest as GameEvent;
        }
        if (event.type === 'HandEnded') {
          const { hands: _, ...rest } = event;
          return rest as GameEvent;
        }
        if (event.type === 'GameCreated' && event.rules.autoPlay === 'off') {
          const { autoPlay: _, ...rest } = event.rules;
          return { ...event, rules: rest } as GameEvent;
        }
        return event;
      });
      expect(old.reduce(evolve, initialState())).toEqual(state);
    }
  });
});

describe.each([
  { turnHours: 24, awayAfter: 2 },
  { turnHours: 1, awayAfter: 1, chickenlittle: 'auto' as const },
])('random clocked games with timeouts, away seats and more time: %o', (rules) => {
  const games = ([6, 9] as const).flatMap((set) => [2, 3, 4].map((seats) => ({ set, seats })));

  it('end with N+1 hands, conserve tiles, mutate nothing, fold to decide’s states, and count every timeout', () => {
    for (const [i, { set, seats }] of games.entries()) {
      let timeouts = 0;
      const result = playChecked({ set, seats, seed: 3000 + i, rules, foldToo: true }, (_, after, events) => {
        timeouts += events.filter((e) => e.type === 'TurnTimedOut').length;
        const hand = after.hand;
        if (!hand) return;
        const all = [...hand.hands.flat(), ...hand.boneyard.slice(hand.drawn), ...boardTiles(after)];
        check(all.length === fullSet(set).length, () => `tiles not conserved: ${all.length}`);
      });
      expect(result.state.status).toBe('finished');
      expect(result.events.filter((e) => e.type === 'HandEnded')).toHaveLength(set + 1);
      expect(timeouts).toBeGreaterThan(0);
      expect(result.state.clock?.timeouts.reduce((a, b) => a + b, 0)).toBe(timeouts);
      expect(result.events.some((e) => e.type === 'SeatAway')).toBe(true);
    }
  });

  it('show no seat a tile it may not know, in views or in redacted events, timeouts included', () => {
    for (const [i, { set, seats }] of games.entries())
      playChecked({ set, seats, seed: 4000 + i, rules }, noLeaks(seats));
  });
});

describe('the checks above can fail', () => {
  it('a step that mutates any state it is given throws in foldFrozen', () => {
    const { events } = playChecked({ set: 6, seats: 2, seed: 5 }, () => {});
    const mutations: ((s: GameState) => void)[] = [
      (s) => void ((s.totals as number[])[0] = 1),
      (s) => void (s.hand?.hands[0] as Tile[] | undefined)?.push('0-0'),
      (s) => void ((s.hand?.placements[0] as { slot: number } | undefined) ?? { slot: 0 }).slot++,
    ];
    for (const mutate of mutations) {
      const sneaky = (s: GameState, e: GameEvent) => {
        if (s.hand?.placements.length) mutate(s);
        return evolve(s, e);
      };
      expect(() => foldFrozen(initialState(), events, sneaky)).toThrow(TypeError);
      expect(() => foldFrozen(initialState(), events, evolve)).not.toThrow();
    }
  });
});
