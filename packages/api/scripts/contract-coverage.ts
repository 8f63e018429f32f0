/**
 * `npm run contract:coverage [-- <openapi.yaml> …]`: how much of a contract reads like a reference —
 * descriptions on schemas, properties and parameters, examples on request bodies and success
 * responses — and how heavy it is (bytes raw and gzipped, component schemas). Prints one line per
 * file and, last, one JSON object. Any OpenAPI 3.1 file will do: `git show main:openapi.yaml > /tmp/old.yaml`
 * and pass both to compare.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** A count of things and of those that have what is asked. */
interface Share {
  have: number;
  of: number;
}
const share = (): Share => ({ have: 0, of: 0 });
const count = (s: Share, ok: boolean) => {
  s.of++;
  if (ok) s.have++;
};
const pct = (s: Share) => `${s.have}/${s.of} (${s.of === 0 ? 100 : Math.round((100 * s.have) / s.of)}%)`;

/** Follows a local `$ref` (`#/components/…`) once. */
function resolve(document: Node, node: unknown): unknown {
  if (!isNode(node) || typeof node.$ref !== 'string') return node;
  let at: unknown = document;
  for (const part of node.$ref.replace(/^#\//, '').split('/')) at = isNode(at) ? at[part] : undefined;
  return at;
}

/** A schema says what it is: its own description, or (a `$ref`, or one made nullable) its target's. */
function described(document: Node, schema: unknown): boolean {
  if (!isNode(schema)) return false;
  if (typeof schema.description === 'string' && schema.description.trim() !== '') return true;
  if (typeof schema.$ref === 'string') return described(document, resolve(document, schema));
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  const real = alternatives?.filter((s) => !(isNode(s) && s.type === 'null'));
  return real?.length === 1 ? described(document, real[0]) : false;
}

/** Every object schema's properties, anywhere under `node` (nested objects, items, alternatives). */
function eachProperty(node: unknown, visit: (property: unknown) => void, seen = new Set<unknown>()): void {
  if (Array.isArray(node)) return node.forEach((n) => eachProperty(n, visit, seen));
  if (!isNode(node) || seen.has(node)) return;
  seen.add(node);
  if (isNode(node.properties)) for (const property of Object.values(node.properties)) visit(property);
  for (const [key, value] of Object.entries(node))
    if (key !== 'example' && key !== 'examples') eachProperty(value, visit, seen);
}

const hasExample = (media: unknown, document: Node) =>
  isNode(media) &&
  (media.example !== undefined ||
    (isNode(media.examples) && Object.keys(media.examples).length > 0) ||
    (isNode(resolve(document, media.schema)) && (resolve(document, media.schema) as Node).example !== undefined));

/** The figures of one contract. */
export function coverage(text: string) {
  const document = parse(text) as Node;
  const schemas = (
    isNode(document.components) && isNode(document.components.schemas) ? document.components.schemas : {}
  ) as Node;
  const figures = {
    schemas: share(),
    properties: share(),
    parameters: share(),
    successResponsesWithExample: share(),
    requestBodiesWithExample: share(),
    responsesDescribed: share(),
  };
  for (const schema of Object.values(schemas)) count(figures.schemas, described(document, schema));
  eachProperty(schemas, (property) => count(figures.properties, described(document, property)));
  const operations = [
    ...Object.values((document.paths ?? {}) as Node),
    ...Object.values((document.webhooks ?? {}) as Node),
  ].flatMap((item) => METHODS.flatMap((m) => (isNode(item) && isNode(item[m]) ? [item[m] as Node] : [])));
  for (const operation of operations) {
    for (const parameter of (operation.parameters ?? []) as unknown[]) {
      const p = resolve(document, parameter) as Node;
      count(figures.parameters, typeof p.description === 'string' && p.description !== '');
    }
    const body = resolve(document, operation.requestBody);
    if (isNode(body) && isNode(body.content)) {
      const media = Object.values(body.content)[0];
      count(figures.requestBodiesWithExample, hasExample(media, document));
      eachProperty(resolve(document, (media as Node).schema), (p) => count(figures.properties, described(document, p)));
    }
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Node)) {
      const r = resolve(document, response) as Node;
      count(figures.responsesDescribed, typeof r.description === 'string' && r.description.length > 2);
      const media = isNode(r.content) ? Object.values(r.content)[0] : undefined;
      if (/^2\d\d$/.test(status) && media !== undefined) {
        count(figures.successResponsesWithExample, hasExample(media, document));
      }
    }
  }
  return {
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
    jsonBytes: Buffer.byteLength(JSON.stringify(document)),
    jsonGzipBytes: gzipSync(JSON.stringify(document)).length,
    componentSchemas: Object.keys(schemas).length,
    operations: operations.length,
    ...(Object.fromEntries(Object.entries(figures).map(([k, s]) => [k, { ...s, text: pct(s) }])) as {
      [K in keyof typeof figures]: Share & { text: string };
    }),
  };
}

if (process.argv[1]?.endsWith('contract-coverage.ts')) {
  const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['openapi.yaml'];
  const all: Record<string, ReturnType<typeof coverage>> = {};
  for (const file of files) {
    const c = coverage(readFileSync(file, 'utf8'));
    all[file] = c;
    console.log(
      `${file}: ${c.bytes} B (gzip ${c.gzipBytes}), as JSON ${c.jsonBytes} B (gzip ${c.jsonGzipBytes}); ` +
        `${c.componentSchemas} component schemas, ${c.operations} operations and webhooks; described: schemas ` +
        `${c.schemas.text}, properties ${c.properties.text}, parameters ${c.parameters.text}; examples: request bodies ` +
        `${c.requestBodiesWithExample.text}, success responses ${c.successResponsesWithExample.text}`,
    );
  }
  console.log(JSON.stringify(all));
}
