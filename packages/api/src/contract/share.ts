/**
 * What the generated document writes out again and again, written once as a component and referred
 * to: identical problem responses (`components/responses`), identical parameters
 * (`components/parameters`) and identical examples (`components/examples`). The document says the
 * same; it is lighter to download and to read, and a generator sees one definition where there was one.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `game/not-found`, `webhook-signature`, `endpointId` → `GameNotFound`, `WebhookSignature`, `EndpointId`. */
export const pascal = (text: string) =>
  text
    .split(/[/.-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** Every operation of the document, paths' and webhooks', with its id. */
function operationsOf(document: Node): Node[] {
  return [...Object.values((document.paths ?? {}) as Node), ...Object.values((document.webhooks ?? {}) as Node)]
    .flatMap((item) => (isNode(item) ? Object.values(item) : []))
    .filter((op): op is Node => isNode(op) && typeof op.operationId === 'string');
}

/** A name for a component: `wanted`, or (taken by another) `wanted` and the first user's operationId. */
function freeName(taken: Node, wanted: string, firstUser: string): string {
  return taken[wanted] === undefined ? wanted : `${wanted}Of${pascal(firstUser)}`;
}

/**
 * A problem response written out the same way in several operations (the same codes at one status,
 * say `request/invalid` and `request/idempotency-key-required`) becomes one shared response that each
 * refers to, as a one-code response already is. Its name joins its codes': `GameNotFoundOrPlayerNotFound`.
 */
export function shareProblemResponses(document: Node, responses: Node): void {
  const uses = new Map<string, Node[]>();
  for (const operation of operationsOf(document)) {
    if (!isNode(operation.responses)) continue;
    for (const response of Object.values(operation.responses)) {
      if (!isNode(response) || !isNode(response.content) || !response.content['application/problem+json']) continue;
      const key = JSON.stringify(response);
      uses.set(key, [...(uses.get(key) ?? []), operation.responses]);
    }
  }
  for (const [key, holders] of uses) {
    if (holders.length < 2) continue;
    const codes = (key.match(/"enum":\[([^\]]*)\]/)?.[1]?.split(',') ?? []).map((c) => JSON.parse(c) as string);
    const name = codes.map(pascal).join('Or');
    responses[name] = JSON.parse(key) as Node;
    for (const holder of holders) {
      for (const [status, r] of Object.entries(holder))
        if (JSON.stringify(r) === key) holder[status] = { $ref: `#/components/responses/${name}` };
    }
  }
}

/**
 * A parameter written out the same way in several operations (a webhook endpoint's id in its seven
 * paths, a list's `cursor`, a webhook's signature headers) becomes one `components/parameters` entry,
 * named after the parameter (`EndpointId`, `Cursor`, `WebhookSignature`).
 */
export function shareParameters(document: Node, parameters: Node): void {
  const uses = new Map<string, { first: string; lists: Json[][] }>();
  for (const operation of operationsOf(document)) {
    if (!Array.isArray(operation.parameters)) continue;
    for (const parameter of operation.parameters) {
      if (!isNode(parameter) || typeof parameter.$ref === 'string') continue;
      const key = JSON.stringify(parameter);
      const use = uses.get(key) ?? { first: String(operation.operationId), lists: [] };
      use.lists.push(operation.parameters);
      uses.set(key, use);
    }
  }
  for (const [key, { first, lists }] of uses) {
    if (lists.length < 2) continue;
    const parameter = JSON.parse(key) as Node;
    const name = freeName(parameters, pascal(String(parameter.name)), first);
    parameters[name] = parameter;
    for (const list of lists) {
      list.forEach((p, i) => {
        if (JSON.stringify(p) === key) list[i] = { $ref: `#/components/parameters/${name}` };
      });
    }
  }
}

/** Each `application/json` media object of the document (request bodies', responses'), with whose it is. */
function mediaOf(document: Node): { media: Node; owner: string }[] {
  const found: { media: Node; owner: string }[] = [];
  const add = (holder: Json | undefined, owner: string) => {
    const media = isNode(holder) && isNode(holder.content) ? holder.content['application/json'] : undefined;
    if (isNode(media)) found.push({ media, owner });
  };
  for (const operation of operationsOf(document)) {
    const id = String(operation.operationId);
    add(operation.requestBody, `${id}Request`);
    for (const [status, response] of Object.entries(isNode(operation.responses) ? operation.responses : {}))
      add(response, `${id}${status}`);
  }
  return found;
}

/**
 * An example given to several request bodies or responses (two logs read from the same game, say)
 * becomes one `components/examples` entry that each refers to (`examples: {Name: {$ref}}`), named
 * after its first user (`ListEvents200`), unless it is shorter than the reference would be.
 */
export function shareExamples(document: Node, examples: Node): void {
  const uses = new Map<string, { first: string; media: Node[] }>();
  for (const { media, owner } of mediaOf(document)) {
    if (media.example === undefined) continue;
    const key = JSON.stringify(media.example);
    const use = uses.get(key) ?? { first: owner, media: [] };
    use.media.push(media);
    uses.set(key, use);
  }
  for (const [key, { first, media }] of uses) {
    // A reference is ~50 bytes: a short example (`{muted: true}`) stays where it is.
    if (media.length < 2 || key.length < 100) continue;
    const name = pascal(first);
    examples[name] = { value: JSON.parse(key) as Json };
    for (const m of media) {
      delete m.example;
      m.examples = { [name]: { $ref: `#/components/examples/${name}` } };
    }
  }
}

/**
 * The security requirement most operations have becomes the document's (top-level `security`), said
 * once; the operations that differ (registration: none; the watch routes: a watch token; webhooks:
 * none) keep their own, which overrides it. Returns the document with it after `servers`.
 */
export function shareSecurity(document: Node): Node {
  const counts = new Map<string, number>();
  const operations = operationsOf({ paths: document.paths ?? {} });
  for (const op of operations) {
    const key = JSON.stringify(op.security ?? null);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [common] = [...counts].filter(([key]) => key !== 'null' && key !== '[]').sort((a, b) => b[1] - a[1])[0] ?? [];
  if (common === undefined) return document;
  for (const op of operations) {
    if (JSON.stringify(op.security ?? null) === common) delete op.security;
    else op.security ??= [];
  }
  // Keys in the order they were, with `security` before `tags` (as the specification lists them).
  const out: Node = {};
  for (const [key, value] of Object.entries(document)) {
    if (key === 'tags' || (key === 'components' && !('tags' in document))) out.security = JSON.parse(common) as Json;
    out[key] = value;
  }
  return out;
}

/**
 * A component schema that only a shared parameter uses (`IfMatch`, `IdempotencyKey`, `Cursor`: what
 * registering a parameter with zod-openapi makes) is written in that parameter, which describes it: no
 * type of its own in a generated client, one component fewer.
 */
export function inlineParameterSchemas(document: Node): void {
  const components = document.components as Node;
  const schemas = components.schemas as Node;
  const text = JSON.stringify(document);
  for (const parameter of Object.values((components.parameters ?? {}) as Node)) {
    if (!isNode(parameter) || !isNode(parameter.schema) || typeof parameter.schema.$ref !== 'string') continue;
    const ref = parameter.schema.$ref;
    const name = ref.replace('#/components/schemas/', '');
    const uses = text.split(`"${ref}"`).length - 1;
    if (uses !== 1 || !isNode(schemas[name])) continue;
    const { description: _, ...schema } = schemas[name];
    parameter.schema = schema;
    delete schemas[name];
  }
}
