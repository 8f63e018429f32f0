/**
 * The committed openapi.yaml as the conformance check reads it: its operations by method and path
 * template, and its schemas made strict for validation (see `strictSchemas`).
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { parse } from 'yaml';

/** A JSON value as found in the document. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One documented response of an operation. */
export interface ResponseSpec {
  readonly pointer: string;
  readonly content: Record<string, { schema?: Json }>;
  readonly headers: Record<string, { required?: boolean; schema?: Json }>;
}

/** One operation: `listEvents` is `GET /v1/games/{id}/events`. */
export interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly pattern: RegExp;
  readonly responses: Record<string, ResponseSpec>;
}

/** The document, parsed once, with what the check needs. */
export interface Spec {
  readonly document: JsonObject;
  readonly operations: readonly Operation[];
}

const DOCUMENT = new URL('../../../openapi.yaml', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** openapi.yaml as the run's global setup parsed it (JSON), or parsed here when there is none. */
function readDocument(): JsonObject {
  let parsed: string | undefined;
  try {
    parsed = inject('contractDocument');
  } catch {
    // Outside a vitest run: nothing was provided.
  }
  return (parsed ? JSON.parse(readFileSync(parsed, 'utf8')) : parse(readFileSync(DOCUMENT, 'utf8'))) as JsonObject;
}

/** Reads and indexes openapi.yaml. Header `$ref`s are resolved here; schema `$ref`s are left to ajv. */
export function loadSpec(): Spec {
  const document = readDocument();
  const components = (document.components ?? {}) as JsonObject;
  const headerRefs = (components.headers ?? {}) as JsonObject;
  const responseRefs = (components.responses ?? {}) as JsonObject;
  const resolveHeader = (header: Json) => {
    const ref = (header as JsonObject).$ref;
    return (typeof ref === 'string' ? headerRefs[ref.replace('#/components/headers/', '')] : header) as JsonObject;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as JsonObject)) {
    for (const method of METHODS) {
      const operation = (item as JsonObject)[method] as JsonObject | undefined;
      if (!operation) continue;
      const responses: Record<string, ResponseSpec> = {};
      for (const [status, response] of Object.entries(operation.responses as JsonObject)) {
        // A shared response (`$ref: '#/components/responses/GameNotFound'`) is read where it is defined.
        const ref = (response as JsonObject).$ref;
        const r = (
          typeof ref === 'string' ? responseRefs[ref.replace('#/components/responses/', '')] : response
        ) as JsonObject;
        responses[status] = {
          pointer:
            typeof ref === 'string'
              ? ref
              : `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}`,
          content: (r.content ?? {}) as ResponseSpec['content'],
          headers: Object.fromEntries(
            Object.entries((r.headers ?? {}) as JsonObject).map(([name, h]) => [name.toLowerCase(), resolveHeader(h)]),
          ) as ResponseSpec['headers'],
        };
      }
      operations.push({
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        responses,
      });
    }
  }
  return { document, operations };
}

/** The operation a request went to, or undefined when it is none of the documented ones. */
export function operationFor(spec: Spec, method: string, pathname: string): Operation | undefined {
  return spec.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(pathname));
}

/**
 * A copy of the document's schemas in which every object schema also says
 * `unevaluatedProperties: false` (unless it says otherwise), and `$ref`s point at `base`. The
 * committed contract leaves responses open to new fields, as contracts should; the tests hold the
 * API to exactly what is documented, so a field the schemas forgot fails here. Members of an `allOf`
 * are left open: each would refuse the others' properties.
 */
export function strictSchemas(spec: Spec, base: string): JsonObject {
  const walk = (node: Json, inAllOf: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => walk(n, inAllOf));
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string')
        out[key] = value.replace('#/components/schemas/', `${base}#/$defs/`);
      else if (key === 'example' || key === 'examples') out[key] = value;
      else out[key] = walk(value, key === 'allOf');
    }
    const objectLike = typeof out.properties === 'object' && out.properties !== null && !Array.isArray(out.properties);
    if (objectLike && !inAllOf && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  return walk(spec.document, false) as JsonObject;
}
