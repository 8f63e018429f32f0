/** Why a command was refused. Codes are stable: clients and the API's problem types depend on them. */
export const REJECTION_CODES = [
  'rules/invalid-ruleset',
  'rules/game-exists',
  'rules/game-not-found',
  'rules/game-full',
  'rules/already-seated',
  'rules/game-not-started',
  'rules/game-finished',
  'rules/unknown-seat',
  'rules/not-your-turn',
  'rules/invalid-tile',
  'rules/not-in-hand',
  'rules/unknown-placement',
  'rules/end-closed',
  'rules/suit-mismatch',
  'rules/must-fill-double',
  'rules/must-play',
  'rules/must-play-drawn',
  'rules/already-drew',
  'rules/boneyard-empty',
  'rules/must-draw',
  'rules/nothing-to-announce',
  'rules/no-lapse',
  'rules/cannot-call-out-self',
] as const;

/** A namespaced rejection code such as `rules/not-your-turn`. */
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** A refused command: a stable code and a message a person understands. Changes nothing. */
export interface Rejection {
  readonly ok: false;
  readonly code: RejectionCode;
  readonly message: string;
}

/** Builds a rejection. */
export function reject(code: RejectionCode, message: string): Rejection {
  return { ok: false, code, message };
}
