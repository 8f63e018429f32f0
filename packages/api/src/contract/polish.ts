/**
 * The last pass over the generated document, for what @hono/zod-openapi (zod-to-openapi 9.1) writes
 * in a way generators misread, and for what the contract adds beside the routes.
 */
import { DESCRIPTIONS } from './descriptions';
import { inlineParameterSchemas, shareExamples, shareParameters, shareProblemResponses, shareSecurity } from './share';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that only say something about a value, and so may stand beside a `$ref` (OpenAPI 3.1). */
const ANNOTATIONS = new Set([
  'description',
  'default',
  'example',
  'examples',
  'deprecated',
  'title',
  'readOnly',
  'writeOnly',
]);

/** Header names as RFC 9110 and the Idempotency-Key draft write them (routes declare them lowercase). */
const HEADER_NAMES: Readonly<Record<string, string>> = {
  'if-match': 'If-Match',
  'if-none-match': 'If-None-Match',
  'idempotency-key': 'Idempotency-Key',
  'invite-code': 'Invite-Code',
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
  // `required: false` is what a parameter is without it (but a path parameter's `true` stays).
  const { required, ...rest } = node;
  return { ...rest, ...(required === false ? {} : { required }), name, ...(schema === undefined ? {} : { schema }) };
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

/** The parameters whose zod definitions say nothing, by name. */
const PARAMETER_WORDS: Readonly<Record<string, string>> = {
  tokenId: 'A session of your account, as `GET /v1/me/tokens` lists it (`legacy` for a token from before sessions).',
  'If-None-Match':
    'The ETag you have (`"12"`): while the game is still at that version the answer is `304`, with no body (never for a finished game: its `rematch` may come without a new version).',
  linkId: 'A watch link of the game, as `GET /v1/games/{id}/watch-links` lists it.',
  endpointId: 'One of your webhook endpoints: `we_` and 22 base64url characters.',
  deliveryId: 'A delivery of that endpoint, as its log lists it: `wd_` and a number.',
  subscriptionId: 'One of your push subscriptions (devices), as `GET /v1/me/push-subscriptions` lists it.',
};

/** Steps into what a field holds: an array's items, a nullable value's non-null alternative. */
function inside(node: Node): Node {
  for (let i = 0; i < 4; i++) {
    if (isNode(node.items)) node = node.items;
    else {
      const real = ((node.anyOf ?? node.oneOf ?? []) as Json[]).filter((s) => !(isNode(s) && s.type === 'null'));
      if (real.length === 1 && isNode(real[0])) node = real[0];
      else break;
    }
  }
  return node;
}

/** Applies DESCRIPTIONS (and the ids' patterns), the discriminators' words, and PARAMETER_WORDS. */
function describe(polished: Node): void {
  const schemas = ((polished.components as Node).schemas ?? {}) as Node;
  for (const [key, words] of Object.entries(DESCRIPTIONS)) {
    const [name, ...path] = key.split('.');
    let node = schemas[name!] as Json;
    for (const part of path)
      node = isNode(node) ? ((inside(node).properties as Node | undefined)?.[part] ?? null) : null;
    if (!isNode(node)) throw new Error(`contract/descriptions.ts: ${key} names nothing in the document`);
    const { description, pattern } = typeof words === 'string' ? { description: words, pattern: undefined } : words;
    node.description = description;
    const target = inside(node);
    if (pattern && (target.type === 'string' || (Array.isArray(target.type) && target.type.includes('string'))))
      target.pattern = pattern;
  }
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    for (const [name, value] of Object.entries(isNode(node.properties) ? node.properties : {})) {
      // A `$ref` is described by what it names.
      if (!isNode(value) || value.description || value.$ref) continue;
      if (name === 'type' && Array.isArray(value.enum) && value.enum.length === 1)
        // What `type` is for is said once, in the document's description.
        value.description = `Always \`${String(value.enum[0])}\`.`;
      if (name === 'data') value.description = 'What the notification is about.';
      if (name === 'gameId') value.description = 'The game’s id: `g_` and 22 base64url characters.';
      if (name === 'endpointId') value.description = 'The endpoint’s id: `we_` and 22 base64url characters.';
    }
    Object.values(node).forEach(visit);
  };
  visit(schemas);
  const parameters = [
    ...Object.values((polished.paths ?? {}) as Node).flatMap((item) =>
      Object.values(item as Node).flatMap((op) => (isNode(op) && Array.isArray(op.parameters) ? op.parameters : [])),
    ),
  ];
  for (const p of parameters) {
    if (isNode(p) && !p.description && typeof p.name === 'string' && PARAMETER_WORDS[p.name])
      p.description = PARAMETER_WORDS[p.name]!;
  }
}

/** One operation's examples (contract/examples.json): the body it was sent, its replies by status. */
export interface Examples {
  readonly [operation: string]: { readonly request?: unknown; readonly responses: Readonly<Record<string, unknown>> };
}

const jsonOf = (holder: Json | undefined) =>
  isNode(holder) && isNode(holder.content) && isNode(holder.content['application/json'])
    ? holder.content['application/json']
    : null;

/** Each request body and success response gets its operation's example (webhooks: `webhook:<type>`). */
function attachExamples(polished: Node, examples: Examples): void {
  const operations: [string, Json][] = [
    ...Object.values((polished.paths ?? {}) as Node)
      .flatMap((item) => Object.values(item as Node))
      .map((op): [string, Json] => [String(isNode(op) ? op.operationId : ''), op]),
    ...Object.entries((polished.webhooks ?? {}) as Node).map(([type, item]): [string, Json] => [
      `webhook:${type}`,
      isNode(item) ? (item.post ?? null) : null,
    ]),
  ];
  for (const [id, post] of operations) {
    if (!isNode(post)) continue;
    const example = examples[id];
    if (!example) continue;
    const body = jsonOf(post.requestBody);
    if (body && example.request !== undefined) body.example = example.request as Json;
    for (const [status, response] of Object.entries((post.responses ?? {}) as Node)) {
      const media = jsonOf(response);
      if (media && example.responses[status] !== undefined) media.example = example.responses[status] as Json;
    }
  }
}

/**
 * The document as openapi.yaml holds it: described `$ref`s without `allOf`, header parameters named as
 * RFC 9110 writes them, each parameter's description once, and the shared problem responses.
 * @example const document = polish(registry.getOpenAPI31Document(config), sharedProblemResponses(codes));
 */
export function polish<D extends object>(document: D, responses: Record<string, object>, examples: Examples): D {
  const polished = walk(document as unknown as Json) as Node;
  const {
    parameters: registeredParameters,
    responses: registeredResponses,
    ...components
  } = (polished.components ?? {}) as Node;
  const shared = { ...((registeredResponses ?? {}) as Node), ...(responses as unknown as Node) };
  const parameters = { ...((registeredParameters ?? {}) as Node) };
  const sharedExamples: Node = {};
  shareProblemResponses(polished, shared);
  describe(polished);
  shareParameters(polished, parameters);
  attachExamples(polished, examples);
  shareExamples(polished, sharedExamples);
  polished.components = { ...components, parameters, responses: shared, examples: sharedExamples };
  inlineParameterSchemas(polished);
  return shareSecurity(polished) as unknown as D;
}
