import { REJECTION_CODES, type RejectionCode } from '@chickenfoot/rules';
import type { ProblemCode } from '../problems';

/** What a player can ask of a game, as packages/rules names its command kinds. */
export type CommandKind = 'create' | 'join' | 'play' | 'draw' | 'pass' | 'announce' | 'callout';

// The rules' refusals per command kind. Until packages/rules exports `REJECTIONS` (this very record),
// it is made here from `REJECTION_CODES`: the codes only setting up a game gives, and for every kind
// of move all the others. Switching is replacing this block with `import { REJECTIONS } from
// '@chickenfoot/rules'`; nothing below changes.
const SETUP = {
  // The API never lets `rules/game-exists` through (a game's id comes from its creator's key, and
  // creating it again is a retry or a 412), but the rules can give it: documented all the same.
  create: ['rules/invalid-ruleset', 'rules/game-exists'],
  join: ['rules/game-not-found', 'rules/game-full', 'rules/already-seated'],
} as const satisfies Record<'create' | 'join', readonly RejectionCode[]>;
const SETUP_ONLY: readonly RejectionCode[] = [
  'rules/invalid-ruleset',
  'rules/game-exists',
  'rules/game-full',
  'rules/already-seated',
];
const MOVE = REJECTION_CODES.filter((code) => !SETUP_ONLY.includes(code));
const REJECTIONS: Record<CommandKind, readonly RejectionCode[]> = {
  ...SETUP,
  play: MOVE,
  draw: MOVE,
  pass: MOVE,
  announce: MOVE,
  callout: MOVE,
};

/** Every code the rules can refuse any of `kinds` with, each once. */
export const rejectionsOf = (...kinds: CommandKind[]): RejectionCode[] => [
  ...new Set(kinds.flatMap((kind) => REJECTIONS[kind])),
];

/** What any request can be answered with: a bad request, a body over the limit, the service failing. */
export const EVERY_OPERATION: readonly ProblemCode[] = [
  'request/invalid',
  'request/too-large',
  'service/unavailable',
  'service/error',
];
/** A route behind a bearer token: no (valid) token, or over the player's rate limit. */
export const AUTHENTICATED: readonly ProblemCode[] = ['auth/unauthenticated', 'request/too-many-requests'];
/** A route that takes a JSON body. */
export const JSON_BODY: readonly ProblemCode[] = ['request/malformed-json', 'request/unsupported-media-type'];
/** A route that takes an Idempotency-Key: reused with another request, missing (or empty). */
export const IDEMPOTENT: readonly ProblemCode[] = ['request/idempotency-key-reused'];
export const KEY_REQUIRED: readonly ProblemCode[] = ['request/idempotency-key-required'];
/** A route that requires If-Match. */
export const IF_MATCH_REQUIRED: readonly ProblemCode[] = ['request/if-match-required'];

/**
 * What each operation's own handler (and the game service under it) can answer with, besides what
 * its shape implies (see `problemCodesOf`): the one list per operation the contract documents.
 */
export const OPERATION_PROBLEMS = {
  // Registration has no token, so its rate limit is per client address.
  registerPlayer: ['request/too-many-requests'],
  getMe: ['player/not-found'],
  listMyGames: [],
  createGame: ['player/not-found', 'request/version-mismatch', ...rejectionsOf('create')],
  joinGame: ['game/not-found', 'player/not-found', 'request/version-mismatch', ...rejectionsOf('join')],
  getGame: ['game/not-found'],
  makeMove: [
    'game/not-found',
    'request/version-mismatch',
    ...rejectionsOf('play', 'draw', 'pass', 'announce', 'callout'),
  ],
  listEvents: ['game/not-found', 'request/version-ahead'],
} satisfies Record<string, readonly ProblemCode[]>;

/** An operation of the API, by its operationId. */
export type OperationId = keyof typeof OPERATION_PROBLEMS;
