/**
 * A contract's wire shape: what a client sends and receives, with every name a generator invents
 * dropped. Operations by method and path (path parameters unnamed), their parameters (header names in
 * lower case, as HTTP compares them), body, success responses and problem codes by status; the
 * webhooks' bodies; the schemas they reach, without descriptions or examples. Two contracts with the
 * same wire shape are the same to a client that was built last month, whatever their components are
 * called. The released contract is kept in this form (contract-releases/).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Node = { [key: string]: Json };
export const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One operation as the wire sees it. */
export interface OperationShape {
  readonly id: string;
  /** `header:if-match`, `path:0`, `query:after`. */
  readonly parameters: Record<string, { required: boolean; schema: Json }>;
  readonly body: { required: boolean; schema: Json } | null;
  /** Success (and 3xx) responses by status: the body's schema (null: none) and headers (true: always sent). */
  readonly responses: Record<string, { schema: Json; headers: Record<string, boolean> }>;
  /** Problem codes by status. */
  readonly problems: Record<string, string[]>;
}

/** A contract's wire shape. */
export interface WireShape {
  readonly version: string;
  readonly operations: Record<string, OperationShape>;
  /** Each webhook's body, as the server sends it. */
  readonly webhooks: Record<string, Json>;
  /** The schemas the above refer to (`{ $ref: '#/schemas/Name' }`). */
  readonly schemas: Record<string, Json>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** What a schema says about values; the rest (descriptions, examples, discriminator) is for people and tools. */
const ANNOTATIONS = new Set([
  'description',
  'example',
  'examples',
  'title',
  'discriminator',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
]);

/** Follows a local `$ref` in `document`. */
export function resolve(document: Node, node: Json): Json {
  if (!isNode(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  let at: Json = document;
  for (const part of node.$ref.slice(2).split('/')) at = isNode(at) ? (at[part] ?? null) : null;
  return at;
}

/** A schema without annotations, its refs pointing into the shape's `schemas`. */
function stripped(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(stripped);
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', '#/schemas/');
    else if (key === 'properties' && isNode(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripped(v)]));
    } else out[key] = stripped(value);
  }
  return out;
}

/** The codes a problem response narrows `code` to (its schema's `allOf` member with `code.enum`). */
function problemCodes(document: Node, schema: Json, depth = 0): string[] {
  const node = resolve(document, schema);
  if (!isNode(node) || depth > 4) return [];
  const own = isNode(node.properties) && isNode(node.properties.code) ? node.properties.code.enum : undefined;
  // `allOf` is an intersection: the codes every member allows (the shared Problem allows them all).
  const lists = [
    ...(Array.isArray(own) ? [own.map(String)] : []),
    ...(Array.isArray(node.allOf) ? node.allOf : []).map((m) => problemCodes(document, m, depth + 1)),
  ].filter((list) => list.length > 0);
  return lists.reduce((all, list) => all.filter((code) => list.includes(code)), lists[0] ?? []);
}

function operationShape(document: Node, path: string, operation: Node): OperationShape {
  const parameters: OperationShape['parameters'] = {};
  let index = 0;
  for (const raw of (operation.parameters ?? []) as Json[]) {
    const p = resolve(document, raw) as Node;
    const name = p.in === 'path' ? String(index++) : String(p.name).toLowerCase();
    parameters[`${String(p.in)}:${name}`] = { required: p.required === true, schema: stripped(p.schema ?? null) };
  }
  const body = resolve(document, operation.requestBody ?? null);
  const media = isNode(body) && isNode(body.content) ? (Object.values(body.content)[0] as Node) : null;
  const responses: OperationShape['responses'] = {};
  const problems: OperationShape['problems'] = {};
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Node)) {
    const response = resolve(document, raw) as Node;
    const content = isNode(response.content) ? response.content : {};
    if (isNode(content['application/problem+json'])) {
      problems[status] = problemCodes(document, content['application/problem+json'].schema ?? null);
      continue;
    }
    const json = Object.values(content)[0];
    const headers = Object.fromEntries(
      Object.entries((response.headers ?? {}) as Node).map(([name, h]) => [
        name.toLowerCase(),
        (resolve(document, h) as Node).required === true,
      ]),
    );
    responses[status] = { schema: isNode(json) ? stripped(json.schema ?? null) : null, headers };
  }
  return {
    id: String(operation.operationId),
    parameters,
    body: media ? { required: (body as Node).required === true, schema: stripped(media.schema ?? null) } : null,
    responses,
    problems,
  };
  void path;
}

/** Every `#/schemas/…` a value refers to, and what those refer to in turn. */
function reachable(document: Node, roots: Json[]): Record<string, Json> {
  const schemas = (
    isNode(document.components) && isNode(document.components.schemas) ? document.components.schemas : {}
  ) as Node;
  const out: Record<string, Json> = {};
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/schemas/')) {
      const name = node.$ref.slice('#/schemas/'.length);
      if (!(name in out) && name in schemas) {
        out[name] = stripped(schemas[name] ?? null);
        visit(out[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  roots.forEach(visit);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The wire shape of an OpenAPI 3.1 document (parsed).
 * @example const shape = wireShape(parse(readFileSync('openapi.yaml', 'utf8')));
 */
export function wireShape(document: Node): WireShape {
  const operations: Record<string, OperationShape> = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Node)) {
    for (const method of METHODS) {
      const operation = isNode(item) ? item[method] : undefined;
      if (!isNode(operation)) continue;
      operations[`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`] = operationShape(
        document,
        path,
        operation,
      );
    }
  }
  const webhooks: Record<string, Json> = {};
  for (const [name, item] of Object.entries((document.webhooks ?? {}) as Node)) {
    const post = isNode(item) && isNode(item.post) ? item.post : null;
    const body = post ? (resolve(document, post.requestBody ?? null) as Node | null) : null;
    const media = body && isNode(body.content) ? (Object.values(body.content)[0] as Node) : null;
    webhooks[name] = media ? stripped(media.schema ?? null) : null;
  }
  const info = isNode(document.info) ? document.info : {};
  return {
    version: String(info.version),
    operations,
    webhooks,
    schemas: reachable(document, [operations as unknown as Json, webhooks]),
  };
}
