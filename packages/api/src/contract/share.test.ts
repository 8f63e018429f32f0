import { describe, expect, it } from 'vitest';
import { inlineParameterSchemas, shareExamples, shareParameters, shareSecurity } from './share';

const limit = (maximum: number) => ({ name: 'limit', in: 'query', schema: { type: 'integer', maximum } });
const op = (operationId: string, extra: object = {}) => ({ operationId, responses: {}, ...extra });

describe('what the document writes once', () => {
  it('a parameter written alike twice becomes one component; another of the same name is named after its first user', () => {
    const doc: any = {
      paths: {
        '/a': { get: op('listA', { parameters: [limit(100)] }) },
        '/b': { get: op('listB', { parameters: [limit(100), limit(1000)] }) },
        '/c': { get: op('listC', { parameters: [limit(1000)] }) },
        '/d': { get: op('listD', { parameters: [{ name: 'once', in: 'query' }] }) },
      },
    };
    const parameters: any = {};
    shareParameters(doc, parameters);
    expect(parameters).toEqual({ Limit: limit(100), LimitOfListB: limit(1000) });
    expect(doc.paths['/b'].get.parameters).toEqual([
      { $ref: '#/components/parameters/Limit' },
      { $ref: '#/components/parameters/LimitOfListB' },
    ]);
    expect(doc.paths['/d'].get.parameters).toEqual([{ name: 'once', in: 'query' }]);
  });

  it('an example given twice becomes one component, unless a reference would be longer', () => {
    const long = {
      commits: [{ version: 1, at: '2026-11-30T07:10:00.000Z', events: [{ type: 'GameCreated', seats: 2 }] }],
    };
    const media = (example: unknown) => ({ content: { 'application/json': { schema: {}, example } } });
    const doc: any = {
      paths: {
        '/a': { get: op('listEvents', { responses: { 200: media(long) } }) },
        '/b': { get: op('watchEvents', { responses: { 200: media(long) } }) },
        '/c': { put: op('mute', { requestBody: media({ muted: true }), responses: { 200: media({ muted: true }) } }) },
      },
    };
    const examples: any = {};
    shareExamples(doc, examples);
    expect(examples).toEqual({ ListEvents200: { value: long } });
    expect(doc.paths['/b'].get.responses[200].content['application/json']).toEqual({
      schema: {},
      examples: { ListEvents200: { $ref: '#/components/examples/ListEvents200' } },
    });
    expect(doc.paths['/c'].put.requestBody.content['application/json'].example).toEqual({ muted: true });
  });

  it('the most common security requirement becomes the document’s; the others keep theirs, and none means none', () => {
    const bearer = [{ bearerAuth: [] }];
    const doc: any = {
      openapi: '3.1.0',
      tags: [],
      paths: {
        '/a': { get: op('a', { security: bearer }), post: op('b', { security: bearer }) },
        '/w': { get: op('w', { security: [{ watchAuth: [] }] }) },
        '/p': { post: op('p') },
      },
    };
    const shared: any = shareSecurity(doc);
    expect(Object.keys(shared)).toEqual(['openapi', 'security', 'tags', 'paths']);
    expect(shared.security).toEqual(bearer);
    expect(shared.paths['/a'].get.security).toBeUndefined();
    expect(shared.paths['/w'].get.security).toEqual([{ watchAuth: [] }]);
    expect(shared.paths['/p'].post.security).toEqual([]);
  });

  it('a schema only a shared parameter uses is written in it; one used elsewhere stays a component', () => {
    const key = { type: 'string', pattern: '^x$', description: 'A key.' };
    const id = { type: 'string', description: 'An id.' };
    const doc: any = {
      components: {
        schemas: { IdempotencyKey: key, GameId: id },
        parameters: {
          IdempotencyKey: {
            name: 'Idempotency-Key',
            in: 'header',
            schema: { $ref: '#/components/schemas/IdempotencyKey' },
          },
          GameId: { name: 'id', in: 'path', schema: { $ref: '#/components/schemas/GameId' } },
        },
      },
      paths: { '/a': { post: op('a', { requestBody: { schema: { $ref: '#/components/schemas/GameId' } } }) } },
    };
    inlineParameterSchemas(doc);
    expect(doc.components.parameters.IdempotencyKey.schema).toEqual({ type: 'string', pattern: '^x$' });
    expect(Object.keys(doc.components.schemas)).toEqual(['GameId']);
    expect(doc.components.parameters.GameId.schema).toEqual({ $ref: '#/components/schemas/GameId' });
  });
});
