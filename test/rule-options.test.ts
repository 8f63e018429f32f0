// A rule option is one row of the rules' table (RULE_OPTIONS): the contract and the web's new-game form
// are derived from it. This suite adds two rows the real rules do not have, and finds both in the
// contract the API writes and on the form the site draws from that contract, with nothing else edited.
import { loadContract } from '@chickenfoot/api';
import { ruleOptionsOf, webRoutes } from '@chickenfoot/web';
import { describe, expect, it, vi } from 'vitest';

// Hoisted with vi.mock, which runs before the imports above.
const { FAKE_CHOICE, FAKE_NUMBER } = vi.hoisted(() => ({
  FAKE_CHOICE: {
    label: 'Fake rule',
    sentence: 'A rule no game has, which only this test adds, to find it in the contract and on the form.',
    default: 'second',
    choices: [
      ['first', 'the first way'],
      ['second', 'the second way'],
    ],
  },
  FAKE_NUMBER: {
    label: 'Fake count',
    sentence: 'A number no game has, which only this test adds, between its bounds like any number option.',
    default: 3,
    min: 2,
    max: 9,
  },
}));

vi.mock('@chickenfoot/rules', async (original) => {
  const rules = await original<typeof import('@chickenfoot/rules')>();
  const table = { ...rules.RULE_OPTIONS, fakeChoice: FAKE_CHOICE, fakeNumber: FAKE_NUMBER };
  return { ...rules, RULE_OPTIONS: table };
});

type Schema = Record<string, unknown>;
const schemasOf = (document: unknown) =>
  (document as { components: { schemas: Record<string, { properties: Record<string, Schema> }> } }).components.schemas;

describe('a new row in the rules’ table of options', () => {
  it('is in the contract: its values or bounds, label, sentence and default', async () => {
    const schemas = schemasOf(await loadContract());
    expect(schemas.RuleOptions?.properties.fakeChoice).toMatchObject({
      type: 'string',
      enum: ['first', 'second'],
      title: 'Fake rule',
      description: FAKE_CHOICE.sentence,
      'x-enumDescriptions': { first: 'the first way', second: 'the second way' },
    });
    expect(schemas.RuleOptions?.properties.fakeNumber).toMatchObject({
      type: 'integer',
      minimum: 2,
      maximum: 9,
      title: 'Fake count',
      description: FAKE_NUMBER.sentence,
    });
    // A game's rules: the same values or bounds, with the default; the words are said once, above.
    expect(schemas.Rules?.properties.fakeChoice).toMatchObject({
      type: 'string',
      enum: ['first', 'second'],
      default: 'second',
      description: 'Fake rule: as `RuleOptions.fakeChoice` says.',
    });
    expect(schemas.Rules?.properties.fakeNumber).toMatchObject({ type: 'integer', minimum: 2, maximum: 9, default: 3 });
    // A request's options have no `default`: generators would make them required.
    expect(schemas.RuleOptions?.properties.fakeChoice).not.toHaveProperty('default');
  });

  it('is on the new-game form the site draws from that contract, its default chosen', async () => {
    const options = ruleOptionsOf(await loadContract());
    expect(options.slice(-2)).toEqual([
      {
        name: 'fakeChoice',
        spec: {
          label: 'Fake rule',
          sentence: FAKE_CHOICE.sentence,
          fallback: 'second',
          choices: [
            { value: 'first', label: 'the first way' },
            { value: 'second', label: 'the second way' },
          ],
        },
      },
      {
        name: 'fakeNumber',
        spec: {
          label: 'Fake count',
          sentence: FAKE_NUMBER.sentence,
          fallback: 3,
          choices: null,
          range: { min: 2, max: 9, start: null },
        },
      },
    ]);
    const page = await (await webRoutes({ contract: loadContract }).request('/new')).text();
    expect(page).toContain('<legend>Fake rule</legend>');
    expect(page).toContain('name="fakeChoice" value="first"');
    expect(page).toContain('name="fakeChoice" value="second" checked');
    expect(page).toContain('the first way');
    expect(page).toContain(FAKE_CHOICE.sentence);
    expect(page).toMatch(/<label for="option-fakeNumber">Fake count<\/label>/);
    expect(page).toContain('name="fakeNumber" type="number" inputmode="numeric" min="2" max="9"');
    expect(page).toContain(FAKE_NUMBER.sentence);
  });
});
