import type { components } from '../api/api-types';

type RuleOptions = components['schemas']['RuleOptions'];
type NewGame = components['schemas']['NewGame'];

/** One value of an option, as the form offers it. */
export interface Choice<V> {
  readonly value: V;
  readonly label: string;
}

/** An option of the new-game form: its label, one sentence saying what it does, and its values. */
export interface OptionSpec<V> {
  readonly label: string;
  readonly sentence: string;
  /** The value a game gets when the creator leaves the option out (docs/rules.md). */
  readonly fallback: V | null;
  readonly choices: readonly Choice<V>[] | null;
  /** For a number: its bounds, and what the form starts with (null: empty, the API's default). */
  readonly range?: { readonly min: number; readonly max: number; readonly start: number | null };
}

/**
 * Every rule option of the contract, in the words of the new-game form. Keyed by the generated
 * `RuleOptions`, so an option added to the API fails the type-check here until it has its sentence;
 * test/web/options.test.ts checks the values against openapi.yaml.
 */
export const RULE_OPTIONS: { readonly [K in keyof Required<RuleOptions>]: OptionSpec<NonNullable<RuleOptions[K]>> } = {
  set: {
    label: 'Set',
    sentence:
      'Which dominoes: a double-N set has every pair up to N-N, and a game is N+1 hands, each opened by the next double down.',
    fallback: 9,
    choices: [6, 9, 12, 15].map((n) => ({ value: n as 6 | 9 | 12 | 15, label: `double-${n}` })),
  },
  handSize: {
    label: 'Tiles each',
    sentence:
      'How many tiles each player is dealt; leave it empty for the usual number for the set and the seats (7 each for two with double-6).',
    fallback: null,
    choices: null,
    range: { min: 1, max: 135, start: null },
  },
  spokes: {
    label: 'Spokes',
    sentence: 'How many tiles the opening double takes around it before play may go anywhere else.',
    fallback: 6,
    choices: [
      { value: 6, label: '6 spokes' },
      { value: 4, label: '4 spokes' },
    ],
  },
  drawnTile: {
    label: 'A drawn tile that fits',
    sentence: 'When you have to draw and the tile you draw fits: may you keep it and pass, or must you play it?',
    fallback: 'may-play',
    choices: [
      { value: 'may-play', label: 'may be played (or kept)' },
      { value: 'must-play', label: 'must be played' },
    ],
  },
  doubleBlank: {
    label: 'Double blank',
    sentence: 'How many points the 0-0 counts against whoever is left holding it when a hand ends.',
    fallback: 50,
    choices: [
      { value: 50, label: '50 points' },
      { value: 25, label: '25 points' },
      { value: 0, label: '0 points' },
    ],
  },
  opening: {
    label: 'Nobody holds the opening double',
    sentence:
      'Then either everyone draws in turn until someone draws it, or the highest double someone holds opens the hand instead.',
    fallback: 'draw',
    choices: [
      { value: 'draw', label: 'draw for it' },
      { value: 'next-highest', label: 'the next highest double opens' },
    ],
  },
  chickenlittle: {
    label: 'Chickenlittle',
    sentence:
      'With one tile left you must say “Chickenlittle”, or anyone may call you out and you draw a penalty tile; or it is said for you; or not at all.',
    fallback: 'callout',
    choices: [
      { value: 'callout', label: 'say it or be called out' },
      { value: 'auto', label: 'said for you' },
      { value: 'off', label: 'not played' },
    ],
  },
  autoPlay: {
    label: 'Only one move',
    sentence:
      'When a play is your only move, the server can make it for you at once (the others then know it was forced).',
    fallback: 'off',
    choices: [
      { value: 'off', label: 'wait for me' },
      { value: 'only-move', label: 'play it for me' },
    ],
  },
  turnHours: {
    label: 'Hours a turn',
    sentence:
      'The turn clock: how many hours each player has for a turn (24 a day, 168 a week, up to 336, two weeks); when it runs out a bot moves for them. Leave it empty for no clock.',
    fallback: null,
    choices: null,
    range: { min: 1, max: 336, start: null },
  },
  awayAfter: {
    label: 'Away after',
    sentence:
      'With a clock: after this many timeouts in a row a player is marked away, and a bot plays their turns at once until they come back.',
    fallback: 2,
    choices: null,
    range: { min: 1, max: 10, start: null },
  },
  botLevel: {
    label: 'Bots play',
    sentence:
      'How well the computer players play: the bots you seat, and the one that takes over the seat of a player who leaves.',
    fallback: 'greedy',
    choices: [
      { value: 'random', label: 'random: any legal move' },
      { value: 'greedy', label: 'greedy: sheds its heaviest tiles' },
      { value: 'strong', label: 'strong: thinks ahead' },
    ],
  },
};

/**
 * The fields of a new game beside its rules, in the same way: keyed by the generated `NewGame`, so a
 * field the API adds (the turn clock, say) fails the type-check until the form offers it.
 */
export const GAME_FIELDS: {
  readonly [K in Exclude<keyof NewGame, 'rules'>]-?: OptionSpec<
    NonNullable<NewGame[K]> extends boolean ? boolean : number
  >;
} = {
  seats: {
    label: 'Players',
    sentence:
      'How many seats the table has (2 to 5 with double-6, up to 8 otherwise); the game starts once all are taken.',
    fallback: null,
    choices: null,
    range: { min: 2, max: 8, start: 2 },
  },
  bots: {
    label: 'Computer players',
    sentence:
      'How many of the other seats bots take at once (they play as “Bots play” says); with every other seat a bot, the game starts right away.',
    fallback: null,
    choices: null,
    range: { min: 0, max: 7, start: 0 },
  },
  open: {
    label: 'Who may join',
    sentence:
      'Only those you send the invite link to, or anyone: the game is listed in the lobby while it waits, and the first to come take the seats.',
    fallback: false,
    choices: [
      { value: false, label: 'those with the link' },
      { value: true, label: 'anyone (listed in the lobby)' },
    ],
  },
};

/** The largest number of seats a set allows (docs/rules.md: 5 for double-6, 8 otherwise). */
export const maxSeats = (set: number) => (set === 6 ? 5 : 8);
