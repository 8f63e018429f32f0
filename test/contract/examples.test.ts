// The contract's examples are real replies, and stay true: every request body and success response of
// openapi.yaml has an example; each validates against its schema; and the story they were taken from
// (examples-scenario.ts) is replayed on the real app, whose every request and reply must have the
// shape of the committed example (the same fields, at every depth, of the same types).
// `UPDATE_EXAMPLES=1 npx vitest run test/contract/examples.test.ts` rewrites them from the replay.
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { contractOf } from '../support/contract/check';
import { exampleScenario, type Example } from './examples-scenario';

const FILE = new URL('../../packages/api/src/contract/examples.json', import.meta.url);
const committed = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, Example>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** What a value looks like, values aside: its fields at every depth, and their types. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shape(v)]),
  );
}

let replayed: Record<string, Example>;
beforeAll(async () => {
  replayed = await exampleScenario(inject('dynamoEndpoint'));
  if (process.env.UPDATE_EXAMPLES) writeFileSync(FILE, `${JSON.stringify(replayed, null, 2)}\n`);
}, 120_000);

/**
 * A media object's example: its own (`example`), or the one shared example it refers to
 * (`examples: {Name: {$ref: '#/components/examples/Name'}}`).
 */
function exampleOf(doc: any, media: any): unknown {
  if (media.example !== undefined) return media.example;
  const refs = Object.values(media.examples ?? {}) as { $ref: string }[];
  if (refs.length !== 1) return undefined;
  return doc.components.examples[refs[0]!.$ref.replace('#/components/examples/', '')]?.value;
}

/** Every (operation, what) of the contract that should have an example, with the schema it must meet. */
function expected(): { id: string; what: string; pointer: string; example: unknown }[] {
  const { spec } = contractOf();
  const out: { id: string; what: string; pointer: string; example: unknown }[] = [];
  const doc = spec.document as any;
  for (const [path, item] of Object.entries(doc.paths as Record<string, any>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const base = `#/paths/${path.replaceAll('/', '~1')}/${method}`;
      if (op.requestBody) {
        out.push({
          id: op.operationId,
          what: 'request',
          pointer: `${base}/requestBody/content/application~1json/schema`,
          example: exampleOf(doc, op.requestBody.content['application/json']),
        });
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (!/^2/.test(status) || !response.content) continue;
        out.push({
          id: op.operationId,
          what: status,
          pointer: `${base}/responses/${status}/content/application~1json/schema`,
          example: exampleOf(doc, response.content['application/json']),
        });
      }
    }
  }
  for (const [type, item] of Object.entries(doc.webhooks as Record<string, any>)) {
    out.push({
      id: `webhook:${type}`,
      what: 'request',
      pointer: `#/webhooks/${type}/post/requestBody/content/application~1json/schema`,
      example: exampleOf(doc, item.post.requestBody.content['application/json']),
    });
  }
  return out;
}

describe('the contract’s examples', () => {
  it('every request body and success response of openapi.yaml has the committed example', () => {
    for (const { id, what, example } of expected()) {
      const mine = committed[id];
      const want = what === 'request' ? mine?.request : mine?.responses[what];
      expect(want, `${id} ${what}: no example in examples.json`).toBeDefined();
      expect(example, `${id} ${what}: openapi.yaml's example is not examples.json's (npm run openapi)`).toEqual(want);
    }
  });

  it('each validates against its schema', () => {
    const { validator } = contractOf();
    for (const { id, what, pointer, example } of expected()) {
      const validate = validator(pointer);
      expect(validate(example), `${id} ${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it('replayed on the real app, every request and reply has the committed example’s shape', () => {
    expect(Object.keys(replayed).sort()).toEqual(Object.keys(committed).sort());
    for (const [id, example] of Object.entries(committed)) {
      expect(shape(replayed[id]!.request), `${id} request`).toEqual(shape(example.request));
      expect(Object.keys(replayed[id]!.responses), `${id} statuses`).toEqual(Object.keys(example.responses));
      for (const [status, body] of Object.entries(example.responses)) {
        expect(shape(replayed[id]!.responses[status]), `${id} ${status}`).toEqual(shape(body));
      }
    }
  });
});
