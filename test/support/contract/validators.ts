import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadSpec, strictSchemas, type Json, type Spec } from './spec';

const BASE = 'https://contract.chickenfoot.invalid/openapi';

/** The contract, loaded, with a validator per schema compiled on first use and kept. */
export interface Contract {
  readonly spec: Spec;
  /** Validates against the schema at a JSON pointer into openapi.yaml (`#/components/schemas/Problem`). */
  validator(pointer: string): ValidateFunction;
  /** Validates against a schema given inline (a response's schema, a header's). */
  validatorFor(schema: Json, key: string): ValidateFunction;
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

/**
 * Builds the contract's validators: JSON Schema 2020-12 (ajv's 2020 dialect, which OpenAPI 3.1
 * uses) with formats, strict about unknown keywords except OpenAPI's own `example` and `discriminator`
 * and the one extension the contract uses, `x-enumDescriptions` (the words for each value of an enum).
 * @example const v = contract().validator('#/components/schemas/Problem'); v(body) || v.errors;
 */
export function buildContract(): Contract {
  const spec = loadSpec();
  const strict = strictSchemas(spec, BASE);
  const schemas = ((strict.components as Record<string, Json> | undefined)?.schemas ?? {}) as Record<string, Json>;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // OpenAPI's own keywords and extensions: annotations here (`oneOf` already decides; ajv's discriminator
  // refuses `mapping`).
  ajv.addVocabulary(['example', 'discriminator', 'x-enumDescriptions']);
  ajv.addSchema({ $id: BASE, $defs: schemas });
  const cache = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: () => Json): ValidateFunction => {
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(schema() as object);
      cache.set(key, validate);
    }
    return validate;
  };
  const at = (pointer: string): Json => {
    let node: Json = strict;
    for (const part of pointer.replace(/^#\//, '').split('/')) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      node = (node as Record<string, Json>)[key] ?? null;
    }
    return node;
  };
  return {
    spec,
    validator: (pointer) => compile(pointer, () => at(pointer)),
    validatorFor: (schema, key) => compile(key, () => schema),
  };
}
