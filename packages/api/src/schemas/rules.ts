import { BOT_LEVELS } from '@chickenfoot/rules';
import { z } from '@hono/zod-openapi';
import { oneOf } from './common';

/** How well a bot plays. */
export const BotLevelSchema = oneOf(BOT_LEVELS).openapi('BotLevel', {
  description: 'How well a bot plays: `random` (any legal move), `greedy` or `strong`.',
  example: 'greedy',
});

const options = {
  set: oneOf([6, 9, 12, 15]).openapi({ description: 'Double-N set.', example: 9 }),
  handSize: z
    .number()
    .int()
    .min(1)
    .max(135)
    .openapi({ description: 'Tiles dealt to each seat (default by set and seats).', example: 11 }),
  spokes: oneOf([4, 6]).openapi({ description: 'Tiles the root double takes before play goes elsewhere.', example: 6 }),
  drawnTile: oneOf(['may-play', 'must-play']).openapi({ description: 'What to do with a playable drawn tile.' }),
  doubleBlank: oneOf([0, 25, 50]).openapi({ description: 'Points 0-0 counts when left in a hand.', example: 50 }),
  opening: oneOf(['draw', 'next-highest']).openapi({
    description: 'How a hand opens when nobody holds its double.',
  }),
  chickenlittle: oneOf(['callout', 'auto', 'off']).openapi({ description: 'The one-tile-left announcement.' }),
  autoPlay: oneOf(['off', 'only-move']).openapi({
    description:
      'With `only-move`, the server also makes any play that is the seat’s only legal move (the others learn it was forced).',
  }),
  botLevel: BotLevelSchema.openapi({
    description:
      'The level of the bot that takes over the seat of a player who leaves (and of a bot seated without one): `random`, `greedy` or `strong`.',
  }),
};

/** A game's rules with every default filled in. */
export const RulesSchema = z
  .object(options)
  .openapi('Rules', { description: 'See docs/rules.md for what each option does.' });

/** The rule options a creator may pass; every one is optional. */
export const RuleOptionsSchema = z
  .object({
    set: options.set.optional(),
    handSize: options.handSize.optional(),
    spokes: options.spokes.optional(),
    drawnTile: options.drawnTile.optional(),
    doubleBlank: options.doubleBlank.optional(),
    opening: options.opening.optional(),
    chickenlittle: options.chickenlittle.optional(),
    autoPlay: options.autoPlay.optional(),
    botLevel: options.botLevel.optional(),
  })
  .strict()
  .openapi('RuleOptions', { description: 'Any rule option; left out, it takes its default (returned with the game).' });
