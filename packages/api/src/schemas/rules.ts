import {
  BOT_LEVELS,
  RULE_OPTIONS,
  choiceValues,
  isChoice,
  type BotLevel,
  type RuleOption,
  type RuleOptionName,
  type Ruleset,
} from '@chickenfoot/rules';
import { z } from '@hono/zod-openapi';
import { oneOf } from './common';

type Values = readonly [number, ...number[]] | readonly [string, ...string[]];

/** How well a bot plays. */
export const BotLevelSchema = oneOf(BOT_LEVELS as readonly [BotLevel, ...BotLevel[]]).openapi('BotLevel', {
  description: 'How well a bot plays: `random` (any legal move), `greedy` or `strong`.',
  example: 'greedy',
});

/**
 * One option of the rules' table (`RULE_OPTIONS`) as the contract says it: its values (an `enum`) or
 * its bounds; on `RuleOptions` (what a creator sends) its label (`title`), its sentence
 * (`description`) and each value's words (`x-enumDescriptions`); on `Rules` (a game's, `asPlayed`)
 * the value a game gets without it (`default`: there every field is there anyway, and generators make
 * a field with a default required) and a pointer to those words, said once.
 */
function optionSchema(name: RuleOptionName, asPlayed: boolean): z.ZodType {
  const option: RuleOption = RULE_OPTIONS[name];
  const fixedDefault = option.default !== null || (!isChoice(option) && option.nullable === true);
  const words = asPlayed
    ? {
        description: `${option.label}: as \`RuleOptions.${name}\` says.`,
        ...(fixedDefault ? { default: option.default } : {}),
      }
    : { title: option.label, description: option.sentence };
  if (isChoice(option)) {
    // The bot level is a schema of its own: bots are seated with one too.
    const values = choiceValues(option) as unknown as Values;
    const schema = name === 'botLevel' ? BotLevelSchema : oneOf(values);
    return schema.openapi(asPlayed ? words : { ...words, 'x-enumDescriptions': Object.fromEntries(option.choices) });
  }
  const number = z.number().int().min(option.min).max(option.max);
  return (option.nullable ? number.nullable() : number).openapi(words);
}

// Every row of the table, in its order.
const NAMES = Object.keys(RULE_OPTIONS) as RuleOptionName[];

const shapeOf = (withDefault: boolean) =>
  Object.fromEntries(NAMES.map((name) => [name, optionSchema(name, withDefault)])) as {
    [K in RuleOptionName]: z.ZodType<Ruleset[K]>;
  };

/** A game's rules with every default filled in: a field per row of the rules' `RULE_OPTIONS`. */
export const RulesSchema = z.object(shapeOf(true)).openapi('Rules', {
  description:
    'The rules a game is played by: every option, its default filled in (`RuleOptions` says what each does).',
});

const optional = shapeOf(false);

/** The rule options a creator may pass; every one is optional. */
export const RuleOptionsSchema = z
  .object(
    Object.fromEntries(NAMES.map((name) => [name, optional[name].optional()])) as {
      [K in RuleOptionName]: z.ZodOptional<z.ZodType<Ruleset[K]>>;
    },
  )
  .strict()
  .openapi('RuleOptions', { description: 'Any rule option; left out, it takes its default (returned with the game).' });
