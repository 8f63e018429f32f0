/**
 * The last pass over the generated document, for what @hono/zod-openapi (zod-to-openapi 9.1) writes
 * in a way generators misread, and for what the contract adds beside the routes.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that only say something about a value, and so may stand beside a `$ref` (OpenAPI 3.1). */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'deprecated', 'title', 'readOnly', 'writeOnly']);

/** Header names as RFC 9110 and the Idempotency-Key draft write them (routes declare them lowercase). */
const HEADER_NAMES: Readonly<Record<string, string>> = {
  'if-match': 'If-Match',
  'if-none-match': 'If-None-Match',
  'idempotency-key': 'Idempotency-Key',
};

/**
 * `allOf: [{$ref}, {description}]` (what zod-to-openapi writes for a described use of a registered
 * schema) becomes `{$ref, description}`: Kubb and openapi-typescript-codegen type the wrapper `any`.
 */
function collapse(node: Node): Node {
  const allOf = node.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return node;
  const [ref, extra] = allOf;
  if (!isNode(ref) || typeof ref.$ref !== 'string' || !isNode(extra)) return node;
  if (!Object.keys(extra).every((key) => ANNOTATIONS.has(key))) return node;
  const { allOf: _, ...rest } = node;
  return { ...ref, ...extra, ...rest };
}

/** A parameter: its name as the ecosystem writes it, its description said once (not again in its schema). */
function parameter(node: Node): Node {
  const name: Json = typeof node.name === 'string' ? (HEADER_NAMES[node.name] ?? node.name) : (node.name ?? null);
  const schema = isNode(node.schema) ? { ...node.schema } : node.schema;
  if (isNode(schema) && schema.description === node.description) delete schema.description;
  return { ...node, name, ...(schema === undefined ? {} : { schema }) };
}

function walk(value: Json): Json {
  if (Array.isArray(value)) return value.map(walk);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) {
    // Examples are data: left as they are.
    if (child === undefined) continue;
    out[key] = key === 'example' || key === 'examples' ? child : walk(child);
  }
  // A parameter (a schema has no `in` keyword, and a property named `in` is a schema, not a string).
  const isParameter = typeof out.in === 'string' && typeof out.name === 'string';
  return isParameter ? parameter(out) : collapse(out);
}

/**
 * The document as openapi.yaml holds it: described `$ref`s without `allOf`, header parameters named as
 * RFC 9110 writes them, each parameter's description once, and the shared problem responses.
 * @example const document = polish(registry.getOpenAPI31Document(config), sharedProblemResponses(codes));
 */
export function polish<D extends object>(document: D, responses: Record<string, object>): D {
  const polished = walk(document as unknown as Json) as Node;
  const components = (polished.components ?? {}) as Node;
  polished.components = { ...components, responses: responses as unknown as Node };
  return polished as unknown as D;
}
