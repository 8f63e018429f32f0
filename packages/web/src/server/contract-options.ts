import type { Choice, OptionSpec } from '../shared/game-options';

/** The parts of a JSON Schema (in an OpenAPI 3.1 document) the rule options are read from. */
interface Schema {
  readonly $ref?: string;
  readonly allOf?: readonly Schema[];
  readonly enum?: readonly (string | number)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly title?: string;
  readonly description?: string;
  readonly default?: string | number | null;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly 'x-enumDescriptions'?: Readonly<Record<string, string>>;
}

/** A rule option as the new-game form offers it: its name in the API, and how the form shows it. */
export interface FormOption {
  readonly name: string;
  readonly spec: OptionSpec<string | number>;
}

/**
 * Every rule option the contract lists, in its order, as the new-game form offers it: from the
 * `RuleOptions` schema of the API's OpenAPI document, its values (`enum`, each with its words in
 * `x-enumDescriptions`) or bounds, its label (`title`) and sentence (`description`); and from `Rules`,
 * the value a game gets without it (`default`). The web client knows the API by its contract alone, so
 * an option the API adds is on the form without a change here.
 * @example ruleOptionsOf(await (await fetch('/openapi.json')).json())[0] // { name: 'set', spec: { label: 'Set', ... } }
 */
export function ruleOptionsOf(contract: unknown): FormOption[] {
  const schemas = (contract as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {};
  const options = schemas.RuleOptions?.properties;
  if (!options) throw new Error('the contract has no RuleOptions schema');
  const rules = schemas.Rules?.properties ?? {};
  return Object.entries(options).map(([name, property]) => {
    const option = flatten(property, schemas);
    const rule = flatten(rules[name] ?? {}, schemas);
    const label = option.title ?? name;
    const sentence = option.description ?? '';
    const fallback = rule.default ?? null;
    if (option.enum) {
      const words = option['x-enumDescriptions'] ?? {};
      const choices: Choice<string | number>[] = option.enum.map((value) => ({
        value,
        label: words[String(value)] ?? String(value),
      }));
      return { name, spec: { label, sentence, fallback, choices } };
    }
    const range = { min: option.minimum ?? 0, max: option.maximum ?? 0, start: null };
    return { name, spec: { label, sentence, fallback, choices: null, range } };
  });
}

/** One schema with what its `$ref` and `allOf` say merged in (its own words win). */
function flatten(schema: Schema, schemas: Readonly<Record<string, Schema>>): Schema {
  const named = schema.$ref ? flatten(schemas[schema.$ref.split('/').at(-1) ?? ''] ?? {}, schemas) : {};
  const parts = (schema.allOf ?? []).map((part) => flatten(part, schemas));
  return Object.assign({}, named, ...parts, withoutRefs(schema));
}

function withoutRefs({ $ref, allOf, ...rest }: Schema): Schema {
  void $ref;
  void allOf;
  return rest;
}
