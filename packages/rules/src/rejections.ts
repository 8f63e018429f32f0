import type { CommandKind } from './commands';

// Refusals every move can meet before its own rules are asked: no game, not started, over, no such seat.
const ANY_MOVE = [
  'rules/game-not-found',
  'rules/game-not-started',
  'rules/game-finished',
  'rules/game-cancelled',
  'rules/unknown-seat',
] as const;
// ...and the moves only the seat in turn may make.
const TURN_MOVE = [...ANY_MOVE, 'rules/not-your-turn'] as const;
// Seating a bot, at creation or later: no free seat, no such seat, a seat taken, a level no bot plays at.
const BOT_SEAT = ['rules/game-full', 'rules/unknown-seat', 'rules/seat-taken', 'rules/unknown-bot-level'] as const;

/**
 * The codes each kind of command can be refused with, and no others: the handlers' return types are
 * derived from this list (see `RejectionOf`), and `rejections.test.ts` shows every code listed here
 * returned by a given/when/then case and no code outside it in a long randomized run.
 * @example REJECTIONS.announce // ['rules/game-not-found', ..., 'rules/nothing-to-announce']
 */
export const REJECTIONS = {
  create: ['rules/game-exists', 'rules/invalid-ruleset', ...BOT_SEAT],
  join: [
    'rules/game-not-found',
    'rules/already-seated',
    'rules/game-full',
    'rules/game-cancelled',
    'rules/not-invited',
  ],
  'add-bot': ['rules/game-not-found', 'rules/not-creator', 'rules/game-cancelled', ...BOT_SEAT],
  leave: [
    'rules/game-not-found',
    'rules/game-finished',
    'rules/unknown-seat',
    'rules/already-left',
    'rules/creator-cannot-leave',
    'rules/game-cancelled',
  ],
  // A creator's cancel, or the system closing a game that waited too long.
  cancel: [
    'rules/game-not-found',
    'rules/not-creator',
    'rules/game-started',
    'rules/game-finished',
    'rules/game-cancelled',
  ],
  // An account deleted: only a seat someone sat in can lose its name.
  erase: ['rules/game-not-found', 'rules/unknown-seat'],
  play: [
    ...TURN_MOVE,
    'rules/invalid-tile',
    'rules/not-in-hand',
    'rules/must-play-drawn',
    'rules/unknown-placement',
    'rules/must-fill-double',
    'rules/end-closed',
    'rules/suit-mismatch',
    'rules/nothing-to-announce',
  ],
  // The server makes every draw and pass that involves no choice, so a player's own draw is always refused.
  draw: [...TURN_MOVE, 'rules/already-drew', 'rules/must-play'],
  pass: [...TURN_MOVE, 'rules/must-play'],
  announce: [...ANY_MOVE, 'rules/nothing-to-announce'],
  callout: [...ANY_MOVE, 'rules/no-lapse', 'rules/cannot-call-out-self'],
} as const satisfies Record<CommandKind, readonly `rules/${string}`[]>;

/** A namespaced rejection code such as `rules/not-your-turn`. */
export type RejectionCode = (typeof REJECTIONS)[CommandKind][number];

/** Every rejection code, each once: clients and the API's problem types depend on them. */
export const REJECTION_CODES: readonly RejectionCode[] = [...new Set(Object.values(REJECTIONS).flat())];

/** A refusal of a command of kind `K`: a stable code listed for `K` and a message a person understands. */
export interface RejectionOf<K extends CommandKind> {
  readonly ok: false;
  readonly code: (typeof REJECTIONS)[K][number];
  readonly message: string;
}

/** A refused command: a stable code and a message a person understands. Changes nothing. */
export type Rejection = RejectionOf<CommandKind>;

/** A refusal with one of the codes `C`: what a check shared by several commands returns. */
export interface Refusal<C extends RejectionCode> {
  readonly ok: false;
  readonly code: C;
  readonly message: string;
}

/** Builds a rejection; the handler's declared `RejectionOf<K>` checks that the code is listed for its kind. */
export function reject<C extends RejectionCode>(code: C, message: string): { ok: false; code: C; message: string } {
  return { ok: false, code, message };
}
