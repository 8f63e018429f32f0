/**
 * One round of `BENCH_BOTS_BASELINE=<tree> npm run bench:bots`, in a process of its own: `strong`'s
 * playouts per second from bench:bots' mid-game position, with one tree's bots and rules, and one JSON
 * line with the rate. A process per round keeps the trees apart, as engine-round.ts does for the rules
 * (in one process, the tree loaded second runs on the first's heap and code).
 *   argv: <tree: a checkout's root, or '' for this one> <seats: 2 | 4> <ms of search>
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { midGamePlayouts, type BotsModule, type RulesModule } from './bots-position';

const [tree = '', seats = '4', ms = '1000'] = process.argv.slice(2);
const entry = (pkg: string) =>
  tree
    ? pathToFileURL(resolve(tree, `packages/${pkg}/src/index.ts`)).href
    : new URL(`../../packages/${pkg}/src/index.ts`, import.meta.url).href;
const bots = (await import(entry('bots'))) as BotsModule;
const rules = (await import(entry('rules'))) as RulesModule;
// Warm-up: a shorter search from the same position lets the JIT settle before the measured one.
midGamePlayouts(bots, rules, Number(seats), Number(ms) / 4);
console.log(JSON.stringify(midGamePlayouts(bots, rules, Number(seats), Number(ms))));
