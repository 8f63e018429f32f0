// The hidden-information scan over the longest games (double-12 and double-15): a file of their own,
// so they run beside the rest of the suite (hidden-information.test.ts) rather than after it.
import { HIDDEN_GAMES, hiddenInformationSuite } from './support/hidden-suite';

hiddenInformationSuite(HIDDEN_GAMES.filter((game) => game.set >= 12));
