import {
  choiceValues,
  isChoice,
  MAX_AWAY_AFTER,
  MAX_TURN_HOURS,
  RULE_OPTION_NAMES,
  RULE_OPTIONS,
  type OptionValue,
  type RuleOption,
  type RuleOptionName,
} from './rule-options';
import { SET_SIZES, type SetSize } from './tiles';

export { MAX_AWAY_AFTER, MAX_TURN_HOURS } from './rule-options';

/** How well a computer player plays, from a uniformly random legal move to a search. */
export type BotLevel = OptionValue<typeof RULE_OPTIONS.botLevel>;
export const BOT_LEVELS: readonly BotLevel[] = choiceValues(RULE_OPTIONS.botLevel);

/**
 * Every per-game option of RULES.md, fixed when the game is created and shown to every player: a field
 * per row of `RULE_OPTIONS` (rule-options.ts), which says what each does and what it takes.
 */
export type Ruleset = { readonly [K in RuleOptionName]: OptionValue<(typeof RULE_OPTIONS)[K]> };

/** The options a game creator may give; anything left out takes its default. */
export type RulesetOptions = Partial<Ruleset>;

/** Default rules (the Chickenfoot help text's game), apart from `handSize`, which depends on set and seats. */
export const DEFAULT_RULES = Object.fromEntries(
  RULE_OPTION_NAMES.filter((name) => name !== 'handSize').map((name) => [name, RULE_OPTIONS[name].default]),
) as Omit<Ruleset, 'handSize'>;

/**
 * The turn times a client offers, in hours: one hour to 14 days (lichess's correspondence presets,
 * and some shorter ones). Any whole number of hours from 1 to `MAX_TURN_HOURS` is allowed.
 */
export const TURN_HOURS_PRESETS = [1, 4, 8, 12, 24, 48, 72, 120, 168, 240, 336] as const;

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

// The options of a few values that resolveRuleset checks alike (the set has its own message).
const CHOICES = RULE_OPTION_NAMES.flatMap((name) => {
  const option: RuleOption = RULE_OPTIONS[name];
  return isChoice(option) && name !== 'set' ? [[name, choiceValues(option)] as const] : [];
});

const KNOWN_OPTIONS: ReadonlySet<string> = new Set(RULE_OPTION_NAMES);

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
  for (const [key, allowed] of CHOICES) {
    const value = options[key];
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

// Every ruleset is made the same way, so that V8 gives every game's rules one shape, its fields in the
// table's order (the order the snapshot's vocabulary lists them): the defaults parsed from one JSON
// text, then the options given written over them. JSON.parse lays every field out inside the object,
// as an object literal would, and from its first call on (a copy of a template made by a spread did
// not, until V8 had seen a few: rulesets of two shapes). Rulesets of many shapes made every rule that
// reads them look their fields up the slow (megamorphic) way (PERFORMANCE.md).
const TEMPLATE = JSON.stringify(
  Object.fromEntries(RULE_OPTION_NAMES.map((name) => [name, RULE_OPTIONS[name].default ?? null])),
);

const NULLABLE: ReadonlySet<RuleOptionName> = new Set(
  RULE_OPTION_NAMES.filter((name) => {
    const option: RuleOption = RULE_OPTIONS[name];
    return !isChoice(option) && option.nullable === true;
  }),
);

function rulesetOf(options: RulesetOptions & Pick<Ruleset, 'handSize'>): Ruleset {
  const rules = JSON.parse(TEMPLATE) as Record<RuleOptionName, unknown>;
  for (const name of RULE_OPTION_NAMES) {
    const value = options[name];
    // Null is a value only where the option allows it (no clock); elsewhere it takes the default.
    if (value !== undefined && (value !== null || NULLABLE.has(name))) rules[name] = value;
  }
  return rules as Ruleset;
}
