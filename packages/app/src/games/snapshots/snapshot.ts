import { rulesetVocabulary, type GameState } from '@chickenfoot/rules';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { decodeCompact, encodeCompact, type Vocabulary } from './compact-json';

// Bump when GameState's shape or STATE_VOCABULARY changes: older snapshots are then ignored and the
// game is folded from its events instead, so a deploy never needs a data migration. Formats 2 and 3
// were the state as JSON (brotli-compressed by the store; 3 added the seats' bots): ~1 KB for a
// 4-seat double-9 game, so a commit that carried one took two write units. Format 4 is the state in
// compact-json.ts's bytes; format 5 added the game's setup (open, creator, reserved, rematchOf);
// format 6 adds the turn clock (the state's `clock`, the rules' `turnHours` and `awayAfter`) and,
// beside the state, when the turn in play began.
const FORMAT = 6;

// A ruleset's fields and words, from the rules' table of options.
const RULESET = rulesetVocabulary();

/**
 * The keys (in the order evolve writes them) and strings of a game state, each written as one byte
 * under format 6 (4 had no game setup, 5 no turn clock: their snapshots are folded again). Frozen
 * with the format: a change here, a new rule option's too, is a new FORMAT (a test pins it).
 */
export const STATE_VOCABULARY: Vocabulary = {
  shapes: [
    [
      'status',
      'rules',
      'seatCount',
      'players',
      'bots',
      'clock',
      'hand',
      'openers',
      'handScores',
      'totals',
      'winners',
      'pastHands',
      'setup',
    ],
    RULESET.fields,
    ['id', 'name'],
    [
      'index',
      'dealer',
      'opener',
      'hands',
      'boneyard',
      'drawn',
      'placements',
      'ends',
      'mustFill',
      'openSuits',
      'turn',
      'drawnTile',
      'chickenlittle',
      'over',
    ],
    ['id', 'tile', 'on', 'slot', 'suit', 'seat'],
    ['id', 'suit', 'remaining'],
    ['index', 'dealer', 'opener', 'reason', 'out', 'scores', 'hands'],
    ['timeouts', 'streaks', 'away', 'extraHours'],
    ['state', 'since'],
    ['open', 'creator', 'reserved', 'rematchOf'],
  ],
  words: [
    'empty',
    'waiting',
    'playing',
    'finished',
    'none',
    'pending',
    'vulnerable',
    'announced',
    'penalized',
    ...RULESET.words,
    'out',
    'blocked',
  ],
};

// Brotli over the compact bytes saves some of a grown game's bytes (its past hands and long boards);
// a snapshot keeps whichever is shorter, and says which in its second byte. Quality 1 is brotli's
// one-pass path with small tables: between requests, quality 5 spends most of its time setting up
// tables far bigger than a snapshot, several times quality 1's (PERFORMANCE.md). Only a snapshot
// still near ~0.7 KB after it, where its commit's single write unit is at stake, is packed again at
// quality 5.
const RAW = 0;
const BROTLI = 1;
const FAST = 1;
const DENSE = 5;
const SECOND_PASS_FROM = 680;
const brotli = (bytes: Uint8Array, quality: number) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
/** Below this the compact bytes are kept as they are: brotli's framing costs more than it saves. */
const COMPRESS_FROM = 256;

/** A game's state, and when the turn in play began, as a snapshot or a fold gives them. */
export interface Folded {
  readonly state: GameState;
  /**
   * When the game began awaiting the seat in turn (ISO 8601), or null: a time the state cannot hold
   * (the rules read no clock), kept beside it so a turn's deadline is known from a snapshot alone.
   */
  readonly since: string | null;
}

/**
 * The state (and when its turn began) as a commit stores it: the format, whether compressed, then
 * STATE_VOCABULARY's compact bytes of `{ state, since }`. Null for a state JSON cannot hold (never
 * from `evolve`): the commit then goes without.
 */
export function toSnapshot(state: GameState, since: string | null): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = encodeCompact({ state, since }, STATE_VOCABULARY);
  } catch {
    return null;
  }
  let kind = RAW;
  if (bytes.length >= COMPRESS_FROM) {
    let packed = brotli(bytes, FAST);
    if (packed.length >= SECOND_PASS_FROM) {
      const dense = brotli(bytes, DENSE);
      if (dense.length < packed.length) packed = dense;
    }
    if (packed.length < bytes.length) [kind, bytes] = [BROTLI, packed];
  }
  const snapshot = new Uint8Array(bytes.length + 2);
  snapshot[0] = FORMAT;
  snapshot[1] = kind;
  snapshot.set(bytes, 2);
  return snapshot;
}

/** The state (and turn start) in a stored snapshot, or null when there is none or it has another format (fold instead). */
export function fromSnapshot(value: unknown): Folded | null {
  if (!(value instanceof Uint8Array) || value[0] !== FORMAT) {
    // Formats 2 to 4 (2 and 3 JSON, as a store payload; 4 without the clock) are refolded from the events.
    return null;
  }
  const body = value.subarray(2);
  const bytes = value[1] === BROTLI ? brotliDecompressSync(body) : body;
  return decodeCompact(bytes, STATE_VOCABULARY) as Folded;
}
