/**
 * Hand mutations: each breaks one promise of the README, docs/rules.md or the contract the obvious way
 * (a figure changed, a check dropped), and names the test files that must then fail. `npm run mutation`
 * (run.ts) applies each in turn and reports the survivors. A search that no longer matches exactly once
 * is reported as stale: update the mutation with the code it watches.
 */

import type { Mutation } from './mutation';
import { APP_MUTATIONS } from './mutations-app';
import { RULES_MUTATIONS } from './mutations-rules';
import { WEBHOOKS_MUTATIONS } from './mutations-webhooks';

/** Every mutation, rules first. */
export const MUTATIONS: readonly Mutation[] = [...RULES_MUTATIONS, ...WEBHOOKS_MUTATIONS, ...APP_MUTATIONS];
