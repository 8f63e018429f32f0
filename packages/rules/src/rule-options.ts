import { SET_SIZES } from './tiles';

/** The longest turn a clock allows, in hours: 14 days. */
export const MAX_TURN_HOURS = 14 * 24;

/** The most timeouts in a row `awayAfter` may wait for. */
export const MAX_AWAY_AFTER = 10;

/** An option that takes one of a few values. */
export interface ChoiceOption<V extends string | number = string | number> {
  /** A few words naming it, as a form labels it. */
  readonly label: string;
  /** One sentence saying what it does, for the players (the form) and the API's clients (the contract). */
  readonly sentence: string;
  /** The value a game gets when its creator leaves the option out. */
  readonly default: V;
  /** Every value it takes, in the order they are offered, each with a few words saying what it means. */
  readonly choices: readonly (readonly [value: V, label: string])[];
}

/** An option that takes a whole number within bounds, or (when `nullable`) null. */
export interface NumberOption {
  readonly label: string;
  readonly sentence: string;
  /**
   * The value a game gets when its creator leaves the option out. For a `nullable` option null is that
   * value (no clock, say); for any other, null says the default depends on the game (its set and seats).
   */
  readonly default: number | null;
  readonly min: number;
  readonly max: number;
  readonly nullable?: true;
}

/** One rule option: one of a few values, or a whole number. */
export type RuleOption = ChoiceOption | NumberOption;

const SETS = SET_SIZES.map((n) => [n, `double-${n}`] as const);

/**
 * Every per-game option of RULES.md, fixed when the game is created and shown to every player: the one
 * table the rest is derived from (`Ruleset`, its defaults and checks here; the API's schema and its
 * snapshots' vocabulary; through the contract, the web's new-game form). A new option is a row here,
 * the rule that reads it, and its words in docs/rules.md. The order is a ruleset's field order: new
 * options go at the end (the snapshots' vocabulary lists the fields in this order).
 */
export const RULE_OPTIONS = {
  set: {
    label: 'Set',
    sentence:
      'Which dominoes: a double-N set has every pair up to N-N, and a game is N+1 hands, each opened by the next double down.',
    default: 9,
    choices: SETS,
  },
  spokes: {
    label: 'Spokes',
    sentence: 'How many tiles the opening double takes around it before play may go anywhere else.',
    default: 6,
    choices: [
      [4, '4 spokes'],
      [6, '6 spokes'],
    ],
  },
  drawnTile: {
    label: 'A drawn tile that fits',
    sentence: 'When you have to draw and the tile you draw fits: may you keep it and pass, or must you play it?',
    default: 'may-play',
    choices: [
      ['may-play', 'may be played (or kept)'],
      ['must-play', 'must be played'],
    ],
  },
  doubleBlank: {
    label: 'Double blank',
    sentence: 'How many points the 0-0 counts against whoever is left holding it when a hand ends.',
    default: 50,
    choices: [
      [0, '0 points'],
      [25, '25 points'],
      [50, '50 points'],
    ],
  },
  opening: {
    label: 'Nobody holds the opening double',
    sentence:
      'Then either everyone draws in turn until someone draws it, or the highest double someone holds opens the hand instead.',
    default: 'draw',
    choices: [
      ['draw', 'draw for it'],
      ['next-highest', 'the next highest double opens'],
    ],
  },
  chickenlittle: {
    label: 'Chickenlittle',
    sentence:
      'With one tile left you must say “Chickenlittle”, or anyone may call you out and you draw a penalty tile; or it is said for you; or not at all.',
    default: 'callout',
    choices: [
      ['callout', 'say it or be called out'],
      ['auto', 'said for you'],
      ['off', 'not played'],
    ],
  },
  autoPlay: {
    label: 'Only one move',
    sentence:
      'When a play is your only move, the server can make it for you at once (the others then know it was forced).',
    default: 'off',
    choices: [
      ['off', 'wait for me'],
      ['only-move', 'play it for me'],
    ],
  },
  botLevel: {
    label: 'Bots play',
    sentence:
      'How well the computer players play: the bots seated without a level of their own, the one that takes over the seat of a player who leaves, and the one that moves when a turn’s time runs out.',
    default: 'greedy',
    choices: [
      ['random', 'random: any legal move'],
      ['greedy', 'greedy: sheds its heaviest tiles'],
      ['strong', 'strong: thinks ahead'],
    ],
  },
  turnHours: {
    label: 'Hours a turn',
    sentence: `The turn clock: how many hours each player has for a turn (24 a day, 168 a week, up to ${MAX_TURN_HOURS}, two weeks); when it runs out a bot moves for them. Left out, or null: no clock.`,
    default: null,
    min: 1,
    max: MAX_TURN_HOURS,
    nullable: true,
  },
  awayAfter: {
    label: 'Away after',
    sentence:
      'With a clock: after this many timeouts in a row a player is marked away, and a bot plays their turns at once until they come back.',
    default: 2,
    min: 1,
    max: MAX_AWAY_AFTER,
  },
  handSize: {
    label: 'Tiles each',
    sentence:
      'How many tiles each player is dealt; left out, the usual number for the set and the seats (7 each for two with double-6).',
    default: null,
    min: 1,
    max: 135,
  },
} as const satisfies Record<string, RuleOption>;

type Table = typeof RULE_OPTIONS;

/** The name of a rule option. */
export type RuleOptionName = keyof Table;

/** The values an option of the table takes. */
export type OptionValue<O> = O extends { readonly choices: readonly (readonly [infer V, string])[] }
  ? V
  : O extends { readonly nullable: true }
    ? number | null
    : number;

/** Every option's name, in the table's order: a ruleset's fields, and the snapshots' vocabulary. */
export const RULE_OPTION_NAMES = Object.keys(RULE_OPTIONS) as RuleOptionName[];

/** True for an option that takes one of a few values. */
export function isChoice(option: RuleOption): option is ChoiceOption {
  return 'choices' in option;
}

/** The values an option takes, in the table's order. */
export function choiceValues<const V extends string | number>(option: ChoiceOption<V>): V[] {
  return option.choices.map(([value]) => value);
}

/**
 * What a stored ruleset holds, for a codec's vocabulary (the API's snapshots): its fields in order, and
 * every text value any option takes, each once, in the table's order.
 * @example rulesetVocabulary().words // ['may-play', 'must-play', 'draw', 'next-highest', 'callout', 'auto', 'off', 'only-move', ...]
 */
export function rulesetVocabulary(): { readonly fields: string[]; readonly words: string[] } {
  const words = new Set<string>();
  for (const name of RULE_OPTION_NAMES) {
    const option: RuleOption = RULE_OPTIONS[name];
    if (!isChoice(option)) continue;
    for (const value of choiceValues(option)) if (typeof value === 'string') words.add(value);
  }
  return { fields: [...RULE_OPTION_NAMES], words: [...words] };
}
