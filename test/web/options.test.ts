// The new-game form offers exactly what the contract allows: every rule option with every value
// openapi.yaml lists (and no other), the numbers within its bounds, each said in its sentence, and as
// defaults the values the API fills in for a game created without options.
import { readFileSync } from 'node:fs';
import { GAME_FIELDS, ruleOptionsOf } from '@chickenfoot/web';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { serveApp, type ServedApp } from '../support/serve';

interface Property {
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  allOf?: { $ref?: string }[];
  anyOf?: Property[];
  $ref?: string;
}
const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { properties: Record<string, Property>; enum?: unknown[] }> };
};
const schemas = spec.components.schemas;

/** The values a property allows, following one `$ref` (or an `allOf` of one). */
function allowed(property: Property): unknown[] | undefined {
  const ref = property.$ref ?? property.allOf?.find((p) => p.$ref)?.$ref;
  return property.enum ?? (ref ? schemas[ref.split('/').at(-1)!]?.enum : undefined);
}

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

let served: ServedApp;
let page: string;
beforeAll(async () => {
  served = await serveApp(inject('dynamoEndpoint'));
  page = await (await fetch(`${served.baseUrl}/new`)).text();
});
afterAll(() => served.close());

describe('the new-game form and the contract', () => {
  it('offers every rule option of openapi.yaml, each value it lists and no other, each in its sentence', () => {
    const properties = schemas.RuleOptions!.properties;
    const options = ruleOptionsOf(spec);
    expect(options.map((o) => o.name)).toEqual(Object.keys(properties));
    for (const { name, spec: option } of options) {
      // A nullable option (the clock) is anyOf its values and null: its values are the other branch.
      const written = properties[name]!;
      const property = written.anyOf?.find((p) => (p as { type?: string }).type !== 'null') ?? written;
      const values = allowed(property);
      const radios = [...page.matchAll(new RegExp(`type="radio" name="${name}" value="([^"]*)"`, 'g'))].map(
        (m) => m[1],
      );
      // An option the contract lists values for is a choice of them (radios on the page); any other is
      // a number in its bounds (a number field).
      expect(option.choices === null, `${name} is a number`).toBe(values === undefined);
      const offered = option.choices
        ? option.choices.map((c) => c.value).sort()
        : [option.range?.min, option.range?.max];
      expect(offered, name).toEqual(values ? [...values].sort() : [property.minimum, property.maximum]);
      const drawn = values ? radios.sort() : page.includes(`name="${name}" type="number"`);
      expect(drawn, name).toEqual(values ? values.map(String).sort() : true);
      expect(option.sentence.length, name).toBeGreaterThan(30);
      expect(page, name).toContain(escaped(option.sentence));
      expect(page, name).toContain(escaped(option.label));
    }
  });

  it('offers the seats and the bots within the bounds of NewGame', () => {
    const properties = schemas.NewGame!.properties;
    expect(Object.keys(GAME_FIELDS).sort()).toEqual(
      Object.keys(properties)
        .filter((k) => k !== 'rules')
        .sort(),
    );
    expect([GAME_FIELDS.seats.range?.min, GAME_FIELDS.seats.range?.max]).toEqual([
      properties.seats!.minimum,
      properties.seats!.maximum,
    ]);
    expect(GAME_FIELDS.bots.range?.max).toBe(properties.bots!.maxItems);
  });

  it('starts each option at the value the API gives a game created without options', async () => {
    const ann = await Seat.register(served.baseUrl, 'Ann');
    const { rules } = await ann.create(2);
    // Two options start empty on the form: the deal (the usual one for the set and the seats, which
    // docs/rules.md tables: 21 each for two on double-9) and the clock (none). Every other starts at
    // the API's default, checked on the page when it is a choice.
    const options = ruleOptionsOf(spec);
    const empty = options.filter((o) => o.spec.fallback === null).map((o) => o.name);
    expect(empty.sort()).toEqual(['handSize', 'turnHours']);
    expect([rules.handSize, rules.turnHours]).toEqual([21, null]);
    const defaults = options.filter((o) => o.spec.fallback !== null);
    expect(defaults).toHaveLength(options.length - 2);
    for (const { name, spec: option } of defaults) {
      expect(option.fallback, name).toBe(rules[name as keyof typeof rules]);
      const checked = new RegExp(`name="${name}" value="${option.fallback}" checked`).test(page);
      expect(option.choices === null || checked, `${name} checked at its default`).toBe(true);
    }
  });
});
