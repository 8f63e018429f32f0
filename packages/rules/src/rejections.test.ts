import { describe, expect, it } from 'vitest';
import { commandKind, type Command, type CommandKind, type Move } from './commands';
import { decide, type Decision } from './decide';
import { fisherYates, seededRandom, type RandomInt } from './random';
import { REJECTION_CODES, REJECTIONS, type RejectionCode } from './rejections';
import type { BotLevel, RulesetOptions } from './ruleset';
import { player, Scenario } from './scenario';
import { selfPlay } from './self-play';
import { initialState, type GameState } from './state';
import { fullSet, type SetSize } from './tiles';

const context = { shuffle: fisherYates(seededRandom(3)) };
const move = (seat: number, m: Move): Command => ({ type: 'move', seat, move: m });

// Given: the states the cases below start from.
const empty = initialState();
const created = (seats: number, bots: Extract<Command, { type: 'create' }>['bots'] = []) => {
  const done = decide({ type: 'create', seats, rules: { set: 6 }, player: player(0), bots }, empty, context);
  if (!done.ok) throw new Error('create refused');
  return done.state;
};
const waiting = created(2);
// Three seats: the creator's, a bot's (seat 1), and a free one.
const withBot = created(3, [{ seat: 1 }]);
// Double-6, four spokes; seat 0 placed 6-6, seat 1 is to play and holds two 6s.
const turn = () =>
  new Scenario({
    rules: { set: 6, spokes: 4 },
    deals: [
      {
        hands: [
          ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
          ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
        ],
      },
    ],
  });
const playing = turn().state;
// Seat 1 held no 6 and drew 6-5, which it may play (or pass).
const drew = new Scenario({
  rules: { set: 6, chickenlittle: 'off' },
  deals: [
    {
      hands: [
        ['6-6', '1-1', '2-2'],
        ['5-5', '4-4', '3-3'],
      ],
      boneyard: ['6-5'],
    },
  ],
}).state;
// A hand size of 1, every opener held: its holder goes out at once, so the game is over at the deal.
const finished = new Scenario({
  rules: { set: 6, handSize: 1 },
  deals: ['6-6', '5-5', '4-4', '3-3', '2-2', '1-1', '0-0'].map((opener) => ({ hands: [[opener], ['2-1']] })),
}).state;
// Cancelled by its creator before anyone joined.
const cancelled = (() => {
  const done = decide({ type: 'cancel', seat: 0, reason: 'creator' }, waiting, context);
  if (!done.ok) throw new Error('cancel refused');
  return done.state;
})();
// A rematch of two players, created by seat 1's: seat 0 is kept for player 0.
const rematch = (() => {
  const reserved = [player(0).id, player(1).id];
  const command = { type: 'create', seats: 2, rules: { set: 6 }, player: player(1), seat: 1, reserved } as const;
  const done = decide({ ...command, rematchOf: 'g_before' }, empty, context);
  if (!done.ok) throw new Error('rematch refused');
  return done.state;
})();
const after = (plays: readonly (readonly [number, string, number])[]) => {
  const game = turn();
  for (const [seat, tile, on] of plays) game.play(seat, tile, on);
  return game.state;
};
const rootFull = () =>
  after([
    [1, '6-4', 0],
    [0, '6-5', 0],
    [1, '6-2', 0],
    [0, '6-3', 0],
  ]);

type Case = readonly [Command, GameState];
const anyMove = (m: Move) =>
  ({
    'rules/game-not-found': [move(0, m), empty],
    'rules/game-not-started': [move(0, m), waiting],
    'rules/game-finished': [move(0, m), finished],
    'rules/game-cancelled': [move(0, m), cancelled],
    'rules/unknown-seat': [move(7, m), playing],
  }) as const satisfies Record<string, Case>;

// When: each command of each kind, on its state; then: refused with exactly that code. The type makes
// the table list every code of REJECTIONS, and only those.
const CASES: { readonly [K in CommandKind]: { readonly [C in (typeof REJECTIONS)[K][number]]: Case } } = {
  create: {
    'rules/game-exists': [{ type: 'create', seats: 2, player: player(5) }, waiting],
    'rules/invalid-ruleset': [{ type: 'create', seats: 2, rules: { set: 7 as SetSize }, player: player(0) }, empty],
    'rules/game-full': [{ type: 'create', seats: 2, player: player(0), bots: [{}, {}] }, empty],
    'rules/unknown-seat': [{ type: 'create', seats: 2, player: player(0), bots: [{ seat: 2 }] }, empty],
    'rules/seat-taken': [{ type: 'create', seats: 3, player: player(0), bots: [{ seat: 0 }] }, empty],
    'rules/unknown-bot-level': [
      { type: 'create', seats: 2, player: player(0), bots: [{ level: 'genius' as BotLevel }] },
      empty,
    ],
  },
  join: {
    'rules/game-not-found': [{ type: 'join', player: player(1) }, empty],
    'rules/already-seated': [{ type: 'join', player: player(0) }, waiting],
    'rules/game-full': [{ type: 'join', player: player(5) }, playing],
    'rules/game-cancelled': [{ type: 'join', player: player(5) }, cancelled],
    'rules/not-invited': [{ type: 'join', player: player(5) }, rematch],
  },
  'add-bot': {
    'rules/game-not-found': [{ type: 'add-bot', by: 0, bot: {} }, empty],
    'rules/not-creator': [{ type: 'add-bot', by: 1, bot: {} }, withBot],
    'rules/game-full': [{ type: 'add-bot', by: 0, bot: {} }, playing],
    'rules/unknown-seat': [{ type: 'add-bot', by: 0, bot: { seat: 3 } }, withBot],
    'rules/seat-taken': [{ type: 'add-bot', by: 0, bot: { seat: 1 } }, withBot],
    'rules/unknown-bot-level': [{ type: 'add-bot', by: 0, bot: { level: 'genius' as BotLevel } }, withBot],
    'rules/game-cancelled': [{ type: 'add-bot', by: 0, bot: {} }, cancelled],
  },
  leave: {
    'rules/game-not-found': [{ type: 'leave', seat: 0 }, empty],
    'rules/game-finished': [{ type: 'leave', seat: 1 }, finished],
    'rules/unknown-seat': [{ type: 'leave', seat: 2 }, withBot],
    'rules/already-left': [{ type: 'leave', seat: 1 }, withBot],
    'rules/creator-cannot-leave': [{ type: 'leave', seat: 0 }, withBot],
    'rules/game-cancelled': [{ type: 'leave', seat: 0 }, cancelled],
  },
  cancel: {
    'rules/game-not-found': [{ type: 'cancel', seat: 0, reason: 'creator' }, empty],
    'rules/not-creator': [{ type: 'cancel', seat: 0, reason: 'creator' }, rematch],
    'rules/game-started': [{ type: 'cancel', seat: 0, reason: 'stale' }, playing],
    'rules/game-finished': [{ type: 'cancel', seat: 0, reason: 'creator' }, finished],
    'rules/game-cancelled': [{ type: 'cancel', seat: 0, reason: 'stale' }, cancelled],
  },
  erase: {
    'rules/game-not-found': [{ type: 'erase', seat: 0 }, empty],
    'rules/unknown-seat': [{ type: 'erase', seat: 1 }, waiting],
  },
  play: {
    ...anyMove({ type: 'play', tile: '6-4', on: 0 }),
    'rules/not-your-turn': [move(0, { type: 'play', tile: '6-5', on: 0 }), playing],
    'rules/invalid-tile': [move(1, { type: 'play', tile: 'banana', on: 0 }), playing],
    'rules/not-in-hand': [move(1, { type: 'play', tile: '6-5', on: 0 }), playing],
    'rules/must-play-drawn': [move(1, { type: 'play', tile: '4-4', on: 0 }), drew],
    'rules/unknown-placement': [move(1, { type: 'play', tile: '6-4', on: 4 }), playing],
    'rules/must-fill-double': [move(0, { type: 'play', tile: '4-4', on: 1 }), after([[1, '6-4', 0]])],
    'rules/end-closed': [move(1, { type: 'play', tile: '5-5', on: 0 }), rootFull()],
    'rules/suit-mismatch': [move(1, { type: 'play', tile: '2-1', on: 0 }), playing],
    'rules/nothing-to-announce': [move(1, { type: 'play', tile: '6-4', on: 0, announce: true }), playing],
  },
  draw: {
    ...anyMove({ type: 'draw' }),
    'rules/not-your-turn': [move(0, { type: 'draw' }), playing],
    'rules/already-drew': [move(1, { type: 'draw' }), drew],
    'rules/must-play': [move(1, { type: 'draw' }), playing],
  },
  pass: {
    ...anyMove({ type: 'pass' }),
    'rules/not-your-turn': [move(0, { type: 'pass' }), playing],
    'rules/must-play': [move(1, { type: 'pass' }), playing],
  },
  announce: {
    ...anyMove({ type: 'announce' }),
    'rules/nothing-to-announce': [move(1, { type: 'announce' }), playing],
  },
  callout: {
    ...anyMove({ type: 'callout', seat: 1 }),
    'rules/no-lapse': [move(0, { type: 'callout', seat: 1 }), playing],
    'rules/cannot-call-out-self': [move(0, { type: 'callout', seat: 0 }), playing],
  },
};

describe('rejection codes per command kind', () => {
  const kinds = Object.keys(REJECTIONS) as CommandKind[];

  it.each(kinds.flatMap((kind) => Object.keys(CASES[kind]).map((code) => [kind, code] as const)))(
    '%s can be refused with %s',
    (kind, code) => {
      const [command, state] = (CASES[kind] as Record<string, Case>)[code] as Case;
      expect(commandKind(command)).toBe(kind);
      expect(decide(command, state, context)).toMatchObject({ ok: false, code });
    },
  );

  it('every listed code has a case, and REJECTION_CODES is their union', () => {
    for (const kind of kinds) expect(Object.keys(CASES[kind]).sort()).toEqual([...REJECTIONS[kind]].sort());
    expect([...REJECTION_CODES].sort()).toEqual([...new Set(kinds.flatMap((k) => REJECTIONS[k]))].sort());
  });

  it('an unknown command or move is a programming error: decide throws rather than invent a refusal', () => {
    const unknownMove = { type: 'move', seat: 1, move: { type: 'dance' } } as unknown as Command;
    expect(() => decide(unknownMove, playing, context)).toThrow(/unknown move/);
    const unknownCommand = { type: 'resign' } as unknown as Command;
    expect(() => decide(unknownCommand, playing, context)).toThrow(/unknown command/);
  });

  it('a long randomized run returns no code that is not listed for its command kind', () => {
    const seen = new Map<CommandKind, Set<RejectionCode>>(kinds.map((kind) => [kind, new Set()]));
    const probe = (state: GameState, random: RandomInt) => {
      for (let i = 0; i < 6; i++) {
        const command = randomCommand(state, random);
        const decision: Decision = decide(command, state, context);
        if (decision.ok) continue;
        const kind = commandKind(command);
        expect(REJECTIONS[kind], `${kind} refused with ${decision.code}`).toContain(decision.code);
        seen.get(kind)?.add(decision.code);
      }
    };
    const variants: RulesetOptions[] = [
      {},
      { drawnTile: 'must-play', spokes: 4 },
      { autoPlay: 'only-move', opening: 'next-highest' },
      { chickenlittle: 'auto' },
      { chickenlittle: 'off', doubleBlank: 0 },
    ];
    let seed = 1;
    for (const set of [6, 9] as const) {
      for (const seats of [2, 3, 4]) {
        for (const rules of variants) {
          const random = seededRandom(seed++);
          probe(initialState(), random);
          const result = selfPlay({
            seats,
            rules: { set, ...rules },
            random: seededRandom(seed++),
            onStep: ({ state }) => probe(state, random),
          });
          probe(result.state, random);
        }
      }
    }
    // Most codes turn up by chance alone; the cases above show every one of them.
    const total = [...seen.values()].reduce((n, codes) => n + codes.size, 0);
    expect(total).toBeGreaterThan(30);
  });
});

/** A command anyone might send: any kind, any seat (or none), any tile (or none), any placement. */
function randomCommand(state: GameState, random: RandomInt): Command {
  const seats = Math.max(state.seatCount, 2);
  const kind = random(12);
  const bot = () => ({
    ...(random(2) === 0 ? { seat: random(seats + 2) - 1 } : {}),
    ...(random(2) === 0 ? { level: (['random', 'greedy', 'strong', 'genius'] as BotLevel[])[random(4)] } : {}),
  });
  if (kind === 0) {
    const rules = [{}, { set: 7 as SetSize }, { handSize: 0 }][random(3)];
    const bots = Array.from({ length: random(3) }, bot);
    return { type: 'create', seats: random(10), ...(rules ? { rules } : {}), player: player(random(10)), bots };
  }
  if (kind === 1) return { type: 'join', player: player(random(10)) };
  const seat = random(seats + 2) - 1;
  if (kind === 8) return { type: 'add-bot', by: seat, bot: bot() };
  if (kind === 9) return { type: 'leave', seat };
  if (kind === 10) return { type: 'cancel', seat, reason: random(2) === 0 ? 'creator' : 'stale' };
  if (kind === 11) return { type: 'erase', seat };
  if (kind === 2) return move(seat, { type: 'draw' });
  if (kind === 3) return move(seat, { type: 'pass' });
  if (kind === 4) return move(seat, { type: 'announce' });
  if (kind === 5) return move(seat, { type: 'callout', seat: random(seats + 2) - 1 });
  const held = state.hand?.hands[seat] ?? [];
  const tiles = random(2) === 0 && held.length > 0 ? held : [...fullSet(state.rules?.set ?? 9), '10-1', 'banana'];
  const tile = tiles[random(tiles.length)] ?? '0-0';
  const on = random((state.hand?.placements.length ?? 0) + 2) - 1;
  return move(seat, { type: 'play', tile, on, ...(random(3) === 0 ? { announce: true } : {}) });
}
