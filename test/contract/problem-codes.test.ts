// Problem codes are part of the contract: every code the engine and the API can give is documented
// (in the committed openapi.yaml) for the operations that can give it.
import { PROBLEMS, type ProblemCode } from '@chickenfoot/api';
import {
  decide,
  evolve,
  fisherYates,
  initialState,
  legalMoves,
  REJECTION_CODES,
  REJECTIONS,
  seededRandom,
  type CommandKind,
  type Command,
  type GameState,
  type Move,
} from '@chickenfoot/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../support/contract/spec';

const spec = loadSpec();
const components = (spec.document.components as { schemas: Record<string, any> }).schemas;

/** The codes one problem response documents: its schema narrows the Problem's `code` to them. */
function codesOf(schema: any): string[] {
  const narrowing = schema.allOf?.find((member: any) => member.properties?.code);
  if (!narrowing) throw new Error(`no narrowed code in ${JSON.stringify(schema)}`);
  return narrowing.properties.code.enum;
}

/** The codes openapi.yaml documents for one operation, by status. */
function documented(operationId: string): Map<number, string[]> {
  const operation = spec.operations.find((op) => op.id === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  const byStatus = new Map<number, string[]>();
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = response.content['application/problem+json']?.schema;
    if (schema) byStatus.set(Number(status), codesOf(schema));
  }
  return byStatus;
}

/** The operation a command goes through (null: the system's own, answered to nobody). */
const operationOf = (command: Command) => OPERATIONS[command.type === 'move' ? command.move.type : command.type];

/**
 * The operation each kind of command goes through; null for one only the server sends (a timeout, the
 * sweeper's; erasing a deleted account's name, whose refusals it handles itself): no operation answers
 * with their refusals.
 */
const OPERATIONS: Record<CommandKind, string | null> = {
  create: 'createGame',
  join: 'joinGame',
  'add-bot': 'addBot',
  leave: 'leaveGame',
  play: 'makeMove',
  draw: 'makeMove',
  pass: 'makeMove',
  announce: 'makeMove',
  callout: 'makeMove',
  return: 'returnToGame',
  'give-time': 'giveTime',
  timeout: null,
  cancel: 'cancelGame',
  erase: null,
};

const TILES = ['0-0', '6-6', '6-5', '9-9', '5-4', '3-1', '12-12', '15-0', '7-2', 'x-y'];

/** Plays seeded random games through `decide`, mostly legal moves, often not, and keeps every refusal. */
function refusals(seed: number, steps: number): { command: Command; code: string }[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
  const context = { shuffle: fisherYates(seededRandom(seed + 1)) };
  const seen: { command: Command; code: string }[] = [];
  let state: GameState = initialState();
  const apply = (command: Command) => {
    const decision = decide(command, state, context);
    if (decision.ok) state = decision.events.reduce(evolve, state);
    else seen.push({ command, code: decision.code });
  };
  // Before the game exists: nothing to join or move in.
  apply({ type: 'join', player: { id: 'p1', name: 'P1' } });
  apply({ type: 'move', seat: 0, move: { type: 'pass' } });
  const seats = 2 + random(3);
  const rules = pick([
    {},
    { set: 6 as const },
    { set: 6 as const, handSize: 2 },
    { chickenlittle: 'callout' as const },
    { turnHours: 24 },
  ]);
  apply({
    type: 'create',
    seats,
    rules: { ...rules, ...pick([{}, {}, { spokes: 5 as never }, { set: 6, handSize: 99 }]) },
    player: { id: 'p0', name: 'P0' },
  });
  // Now and then a rematch (seats kept for players p0.., the proposer's own): strangers are not invited.
  const rematch = random(4) === 0;
  const reserved = Array.from({ length: seats }, (_, s) => `p${s}`);
  apply({
    type: 'create',
    seats,
    rules,
    player: { id: 'p0', name: 'P0' },
    ...(rematch ? { reserved, rematchOf: 'g_before' } : {}),
    ...(random(2) === 0 ? { open: true } : {}),
  });
  for (let step = 0; step < steps && state.status !== 'finished'; step++) {
    const seat = random(seats + 1);
    const legal = state.status === 'playing' ? legalMoves(state, seat) : [];
    const r = random(10);
    if (r === 0 || (state.status === 'waiting' && r < 5)) {
      apply({ type: 'join', player: { id: `p${random(seats + 1)}`, name: 'P' } });
    } else if (r === 1 || (state.status === 'waiting' && r < 7)) {
      // Seating a bot (by the creator or not, in any seat, at a level or not), now and then leaving.
      const bot = pick([{}, { seat: random(seats + 1) }, { level: 'genius' as never }]);
      if (random(4) > 0) apply({ type: 'add-bot', by: pick([0, seat]), bot });
      else if (random(3) > 0) apply({ type: 'leave', seat: pick([0, seat, seats]) });
      else apply({ type: 'cancel', seat: pick([0, seat]), reason: pick(['creator', 'stale'] as const) });
    } else if (r < 6 && legal.length > 0) {
      apply({ type: 'move', seat, move: pick(legal) });
    } else if (r === 6 && random(2) === 0) {
      // The turn clock's commands a player can send: taking an away seat back, more time for the seat in turn.
      apply(
        pick<Command>([
          { type: 'return', seat },
          { type: 'give-time', by: seat, hours: random(30) - 2 },
        ]),
      );
    } else {
      const move: Move = pick<Move>([
        { type: 'play', tile: pick(TILES), on: random(6) },
        { type: 'draw' },
        { type: 'pass' },
        { type: 'announce' },
        { type: 'callout', seat: random(seats + 2) - 1 },
      ]);
      apply({ type: 'move', seat: pick([seat, seat, -1, seats]), move });
    }
  }
  if (state.status === 'finished') apply({ type: 'move', seat: 0, move: { type: 'pass' } });
  apply({ type: 'cancel', seat: 0, reason: 'creator' });
  apply({ type: 'erase', seat: seats });
  return seen;
}

// Many seeded games through the rules: ~23 s alone here, ~37 s beside another suite under load. The
// timeout bounds a hang; it does not judge speed.
describe('problem codes in the contract', { timeout: 180_000 }, () => {
  it('every code the rules refuse a command with is documented for its operation, at 422', () => {
    const found = new Map<string, Set<string>>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        for (const { command, code } of refusals(seed, 1500)) {
          const operation = operationOf(command);
          if (operation === null) continue;
          if (!found.has(operation)) found.set(operation, new Set());
          found.get(operation)!.add(code);
          expect(documented(operation).get(422), `${operation} ${code}`).toContain(code);
        }
      }),
      { numRuns: 60 },
    );
    // The search found most of the rules' refusals, so the property says something.
    const all = new Set([...found.values()].flatMap((codes) => [...codes]));
    expect(all.size).toBeGreaterThanOrEqual(REJECTION_CODES.length - 2);
    console.log(`never found: ${REJECTION_CODES.filter((c) => !all.has(c)).join(', ')}`);
    console.log(
      `problem codes: ${[...found].map(([op, codes]) => `${op} ${codes.size}`).join(', ')} distinct refusals found by random play`,
    );
  });

  it('every code REJECTIONS lists for a kind of command is documented for its operation', () => {
    for (const [kind, codes] of Object.entries(REJECTIONS) as [CommandKind, readonly string[]][]) {
      const operation = OPERATIONS[kind];
      if (operation === null) continue;
      for (const code of codes) expect(documented(operation).get(422), `${kind} ${code}`).toContain(code);
    }
    const everywhere = new Set(spec.operations.flatMap((op) => [...documented(op.id).values()].flat()));
    for (const code of REJECTION_CODES) expect(everywhere).toContain(code);
  });

  it('every code of the API is documented: by the operations that give it, or as an answer to no operation', () => {
    const everywhere = new Set(spec.operations.flatMap((op) => [...documented(op.id).values()].flat()));
    const noOperation: ProblemCode[] = ['request/not-found', 'request/method-not-allowed'];
    const problemCodes = components.Problem.properties.code.enum as string[];
    expect(new Set(problemCodes)).toEqual(new Set(Object.keys(PROBLEMS)));
    for (const code of Object.keys(PROBLEMS) as ProblemCode[]) {
      if (noOperation.includes(code)) continue;
      expect(everywhere, code).toContain(code);
    }
    // And each documented code is at the status the API answers it with.
    for (const op of spec.operations) {
      for (const [status, codes] of documented(op.id)) {
        for (const code of codes) expect(PROBLEMS[code as ProblemCode].status, `${op.id} ${code}`).toBe(status);
      }
    }
  });
});
