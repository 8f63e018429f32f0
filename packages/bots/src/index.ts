/**
 * Computer players for Chickenfoot. A bot decides from one seat's view and that seat's redacted events
 * (never from the game's state), at a level from a uniformly random move to a search, with randomness
 * and time injected so a seeded game replays exactly.
 */
export type { BotInput } from './bot-input';
export { chooseMove } from './choose-move';
export { playBotGame, type BotGameOptions, type BotGameResult } from './bot-game';
export { DEFAULT_BUDGET_MS, strongSearch, type Search } from './strong-bot';
