import type { components } from '../api/api-types';

type NewGame = components['schemas']['NewGame'];

/** One value of an option, as the form offers it. */
export interface Choice<V> {
  readonly value: V;
  readonly label: string;
}

/**
 * An option of the new-game form: its label, one sentence saying what it does, and its values. The rule
 * options come from the contract (server/contract-options.ts); the fields beside them are below.
 */
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
 * The fields of a new game beside its rules: keyed by the generated `NewGame`, so a field the API adds
 * fails the type-check until the form offers it.
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
