import { SET_SIZES, type SetSize } from './tiles';

/** How well a computer player plays, from a uniformly random legal move to a search. */
export const BOT_LEVELS = ['random', 'greedy', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Every per-game option of RULES.md, fixed when the game is created and shown to every player. */
export interface Ruleset {
  /** Double-N set. */
  readonly set: SetSize;
  /** Tiles dealt to each seat. */
  readonly handSize: number;
  /** Tiles the root double accepts before play may go elsewhere. */
  readonly spokes: 4 | 6;
  /** What a player may do with a playable tile they just drew. */
  readonly drawnTile: 'may-play' | 'must-play';
  /** Points the double-blank counts when left in a hand. */
  readonly doubleBlank: 0 | 25 | 50;
  /** How a hand opens when nobody holds its double. */
  readonly opening: 'draw' | 'next-highest';
  /** How the one-tile-left announcement works. */
  readonly chickenlittle: 'callout' | 'auto' | 'off';
  /**
   * Whether the server also makes a play that is the seat's only legal move (`only-move`); the others
   * then learn the play was forced. Draws, passes and a must-play drawn tile that fits one end are always made.
   */
  readonly autoPlay: 'off' | 'only-move';
  /** The level of the bot that takes over a seat whose player leaves the game (or, with a turn clock, times out). */
  readonly botLevel: BotLevel;
  /**
   * The turn clock: how many hours a player has for each turn (1 to 336, that is 14 days), or null for
   * none. When a turn's time is up the server moves for the seat, with its bot at `botLevel`.
   */
  readonly turnHours: number | null;
  /** With a clock: after this many timeouts in a row a seat is away, and its bot plays its turns at once. */
  readonly awayAfter: number;
}

/** The options a game creator may give; anything left out takes its default. */
export type RulesetOptions = Partial<Ruleset>;

/** Default rules (the Chickenfoot help text's game), apart from `handSize`, which depends on set and seats. */
export const DEFAULT_RULES: Omit<Ruleset, 'handSize'> = {
  set: 9,
  spokes: 6,
  drawnTile: 'may-play',
  doubleBlank: 50,
  opening: 'draw',
  chickenlittle: 'callout',
  autoPlay: 'off',
  botLevel: 'greedy',
  turnHours: null,
  awayAfter: 2,
};

/** The longest turn a clock allows, in hours: 14 days. */
export const MAX_TURN_HOURS = 14 * 24;

/**
 * The turn times a client offers, in hours: one hour to 14 days (lichess's correspondence presets,
 * and some shorter ones). Any whole number of hours from 1 to `MAX_TURN_HOURS` is allowed.
 */
export const TURN_HOURS_PRESETS = [1, 4, 8, 12, 24, 48, 72, 120, 168, 240, 336] as const;

/** The most timeouts in a row `awayAfter` may wait for. */
export const MAX_AWAY_AFTER = 10;

// RULES.md's deal table: index = seats - 2. A missing entry means the set cannot seat that many.
const DEFAULT_HAND_SIZE: Record<SetSize, readonly number[]> = {
  6: [7, 7, 5, 4],
  9: [21, 14, 11, 8, 7, 6, 5],
  12: [15, 15, 15, 12, 12, 11, 10],
  15: [14, 14, 14, 14, 14, 14, 14],
};

/** The fewest seats any game has. */
export const MIN_SEATS = 2;

/** The most seats a set can deal to (5 for double-6, 8 otherwise). */
export function maxSeats(set: SetSize): number {
  return MIN_SEATS + DEFAULT_HAND_SIZE[set].length - 1;
}

/** How many tiles the double-`set` set has: (N+1)(N+2)/2. */
export function setTileCount(set: number): number {
  return ((set + 1) * (set + 2)) / 2;
}

/** The hand size RULES.md gives for a set and a number of seats, or undefined if they don't fit. */
export function defaultHandSize(set: SetSize, seats: number): number | undefined {
  return DEFAULT_HAND_SIZE[set][seats - MIN_SEATS];
}

const CHOICES = {
  spokes: [4, 6],
  drawnTile: ['may-play', 'must-play'],
  doubleBlank: [0, 25, 50],
  opening: ['draw', 'next-highest'],
  chickenlittle: ['callout', 'auto', 'off'],
  autoPlay: ['off', 'only-move'],
  botLevel: BOT_LEVELS,
} as const;

const KNOWN_OPTIONS: ReadonlySet<string> = new Set([
  'set',
  'handSize',
  'turnHours',
  'awayAfter',
  ...Object.keys(CHOICES),
]);

/** A ruleset with every default filled in, or the reason the options cannot make a game. */
export type ResolvedRuleset = { ok: true; rules: Ruleset } | { ok: false; reason: string };

/**
 * Fills in defaults and checks a game's options against RULES.md.
 * @example resolveRuleset(4, {}) // { ok: true, rules: { set: 9, handSize: 11, spokes: 6, ... } }
 * @example resolveRuleset(6, { set: 6 }).ok // false: double-6 seats at most 5
 */
export function resolveRuleset(seats: number, options: RulesetOptions = {}): ResolvedRuleset {
  const unknown = Object.keys(options).filter((key) => !KNOWN_OPTIONS.has(key));
  if (unknown.length > 0) return { ok: false, reason: `unknown rule option(s): ${unknown.join(', ')}` };

  const set = options.set ?? DEFAULT_RULES.set;
  if (!(SET_SIZES as readonly unknown[]).includes(set)) {
    return { ok: false, reason: `set must be one of ${SET_SIZES.join(', ')} (a double-N set), not ${String(set)}` };
  }
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > maxSeats(set)) {
    return {
      ok: false,
      reason: `a double-${set} game seats ${MIN_SEATS} to ${maxSeats(set)} players, not ${String(seats)}`,
    };
  }
  for (const [key, allowed] of Object.entries(CHOICES)) {
    const value = options[key as keyof typeof CHOICES];
    if (value !== undefined && !(allowed as readonly unknown[]).includes(value)) {
      return { ok: false, reason: `${key} must be one of ${allowed.join(', ')}, not ${String(value)}` };
    }
  }
  const handSize = options.handSize ?? defaultHandSize(set, seats) ?? 0;
  const tiles = setTileCount(set);
  if (!Number.isInteger(handSize) || handSize < 1 || seats * handSize > tiles - 1) {
    return {
      ok: false,
      reason: `handSize must be a whole number from 1 to ${Math.floor((tiles - 1) / seats)} for ${seats} seats on a double-${set} set (${tiles} tiles, at least one left in the boneyard), not ${String(handSize)}`,
    };
  }
  const clock = refuseClock(options);
  if (clock) return { ok: false, reason: clock };
  return { ok: true, rules: rulesetOf({ ...options, set, handSize }) };
}

/** Why the clock options cannot make a game, or null when they can. */
function refuseClock({ turnHours, awayAfter }: RulesetOptions): string | null {
  if (turnHours !== undefined && turnHours !== null && !wholeIn(turnHours, 1, MAX_TURN_HOURS)) {
    return `turnHours must be a whole number of hours from 1 to ${MAX_TURN_HOURS} (14 days), or null for no clock, not ${String(turnHours)}`;
  }
  if (awayAfter !== undefined && !wholeIn(awayAfter, 1, MAX_AWAY_AFTER)) {
    return `awayAfter must be a whole number of timeouts in a row from 1 to ${MAX_AWAY_AFTER}, not ${String(awayAfter)}`;
  }
  return null;
}

const wholeIn = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * A ruleset as stored with a game, with the default of every option added since the game was created
 * (a game created before `autoPlay` existed plays on with `autoPlay: 'off'`), written as `rulesetOf` writes one.
 */
export function storedRuleset(rules: Ruleset): Ruleset {
  return rulesetOf(rules);
}

// Every ruleset is this literal, its fields always in this order (the order the snapshot's vocabulary
// lists them), so V8 gives every game's rules one shape. A spread of DEFAULT_RULES with handSize added
// made a new shape for every game: every rule that reads the rules then looked its field up the slow
// (megamorphic) way, and missed V8's cache once a game at each place, about a tenth of self-play's time.
function rulesetOf(options: RulesetOptions & Pick<Ruleset, 'handSize'>): Ruleset {
  return {
    set: options.set ?? DEFAULT_RULES.set,
    spokes: options.spokes ?? DEFAULT_RULES.spokes,
    drawnTile: options.drawnTile ?? DEFAULT_RULES.drawnTile,
    doubleBlank: options.doubleBlank ?? DEFAULT_RULES.doubleBlank,
    opening: options.opening ?? DEFAULT_RULES.opening,
    chickenlittle: options.chickenlittle ?? DEFAULT_RULES.chickenlittle,
    autoPlay: options.autoPlay ?? DEFAULT_RULES.autoPlay,
    botLevel: options.botLevel ?? DEFAULT_RULES.botLevel,
    // null is a value here (no clock), so only a missing turnHours takes the default.
    turnHours: options.turnHours === undefined ? DEFAULT_RULES.turnHours : options.turnHours,
    awayAfter: options.awayAfter ?? DEFAULT_RULES.awayAfter,
    handSize: options.handSize,
  };
}
