import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ruleset.ts makes every ruleset one shape (V8's hidden class), whatever options it was given and
// whenever it was made, so that the rules' reads of it stay monomorphic. Only V8 can tell: a Node with
// its natives syntax asks it about rulesets made every way a game gets one.
const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));
const RULESET = fileURLToPath(new URL('./ruleset.ts', import.meta.url));
const PROBE = `
const rules = await import(${JSON.stringify(INDEX)});
const { storedRuleset } = await import(${JSON.stringify(RULESET)});
const made = [
  rules.resolveRuleset(4, {}).rules,
  rules.resolveRuleset(2, { set: 6, turnHours: 24, chickenlittle: 'off', handSize: 5 }).rules,
  rules.resolveRuleset(3, { autoPlay: 'only-move', botLevel: 'strong', spokes: 4, doubleBlank: 0 }).rules,
  storedRuleset({ set: 9, spokes: 6, handSize: 11 }),
  rules.selfPlay({ seats: 4, random: rules.seededRandom(3) }).state.rules,
];
console.log(JSON.stringify({
  sameShape: made.map((r) => %HaveSameMap(r, made[0])),
  fast: made.map((r) => %HasFastProperties(r)),
}));
`;

describe('rulesets', () => {
  it('all have one shape, with fast properties', () => {
    const run = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '--eval', PROBE],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      sameShape: [true, true, true, true, true],
      fast: [true, true, true, true, true],
    });
  });
});
