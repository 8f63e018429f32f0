import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command, Move } from './commands';
import { decide } from './decide';
import type { GameEvent, Seat } from './events';
import { evolve } from './evolve';
import { legalMoves } from './legal-moves';
import { fisherYates, seededRandom } from './random';
import { redactEvent } from './redact';
import { maxSeats } from './ruleset';
import { selfPlay } from './self-play';
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

const boardTiles = (s: GameState) => s.hand?.placements.map((p) => p.tile) ?? [];
// At a hand's end every seat's tiles left are turned face up for all; every opener was on the table.
const revealed = (s: GameState) => s.pastHands.flatMap((h) => [h.opener, ...h.hands.flat()]);
const tilesIn = (value: unknown): string[] => JSON.stringify(value).match(/\d+-\d+/g) ?? [];

// The checks below run at every step of thousands of steps, so they throw plain errors instead of
// calling `expect` (which costs more than the engine itself here); fast-check reports the seed.
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/** Plays a seeded game, calling `check` with the states around every command and its events. */
function playChecked(
  set: SetSize,
  seats: number,
  seed: number,
  check: (before: GameState, after: GameState, events: readonly GameEvent[], command: Command) => void,
) {
  let before = initialState();
  let commands = 0;
  const result = selfPlay({
    seats,
    rules: { set },
    random: seededRandom(seed),
    onStep: ({ command, events, state }) => {
      if (++commands > 20_000) throw new Error('the game does not end');
      check(before, state, events, command);
      before = state;
    },
  });
  return result;
}

describe.each(CONFIGS)('random full games: double-$set, $seats seats', ({ set, seats }) => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

  it('every game ends with N+1 hands; tiles are conserved; evolve never mutates; replay gives the same state', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const all = [...fullSet(set)].sort().join();
        const result = playChecked(set, seats, seed, (before, after, events) => {
          deepFreeze(before);
          deepFreeze(events);
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
        let step = 0;
        playChecked(set, seats, seed, (before, after, events) => {
          const viewsToo = ++step % 3 === 0;
          for (
            let viewer: Seat | null = null;
            viewer === null || viewer < seats;
            viewer = viewer === null ? 0 : viewer + 1
          ) {
            const own = (s: GameState) => (viewer === null ? [] : (s.hand?.hands[viewer] ?? []));
            const known = new Set<Tile>([...own(after), ...boardTiles(after), ...revealed(after)]);
            if (viewsToo) {
              for (const tile of tilesIn(viewFor(after, viewer)))
                check(known.has(tile), () => `seat ${viewer}'s view shows ${tile}`);
            }
            // Events: what the viewer knew before or after each one, stepping through them.
            let state = before;
            for (const event of events) {
              const next = evolve(state, event);
              const allowed = new Set<Tile>([...own(state), ...own(next), ...boardTiles(state), ...boardTiles(next)]);
              if (event.type === 'HandDealt') allowed.add(event.opener); // announced with the deal
              if (event.type === 'HandEnded') for (const tile of event.hands.flat()) allowed.add(tile); // face up
              for (const tile of tilesIn(redactEvent(event, viewer))) {
                check(allowed.has(tile), () => `${event.type} shows seat ${viewer} ${tile}`);
              }
              state = next;
            }
          }
        });
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
        playChecked(set, seats, seed, (_, after) => {
          if (++step % 5 !== 0) return;
          for (let seat = 0; seat < seats; seat++) {
            const listed = legalMoves(after, seat);
            const keys = new Set(listed.map((m) => JSON.stringify(m)));
            for (const move of listed) {
              check(
                decide({ type: 'move', seat, move }, after, context).ok,
                () => `listed ${JSON.stringify(move)} refused`,
              );
            }
            for (let i = 0; i < 12; i++) {
              const move = candidate(after, sample);
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

/** A random move a seat could send: a play of any tile on any placement (or one past the last), or another move. */
function candidate(state: GameState, random: (bound: number) => number): Move {
  const tiles = fullSet(state.rules?.set ?? 6);
  const kind = random(6);
  if (kind === 0) return { type: 'draw' };
  if (kind === 1) return { type: 'pass' };
  if (kind === 2) return { type: 'announce' };
  if (kind === 3) return { type: 'callout', seat: random(state.seatCount) };
  const tile = tiles[random(tiles.length)] as Tile;
  const on = random((state.hand?.placements.length ?? 0) + 1);
  // The other two kinds in six are plays, half of them with announce.
  return random(2) === 0 ? { type: 'play', tile, on } : { type: 'play', tile, on, announce: true };
}
