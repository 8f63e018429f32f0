import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

describe('bad requests get a clear problem and change nothing', () => {
  it.each([
    ['malformed JSON', { body: '{"seats": 2', contentType: 'application/json' }, 400, 'request/malformed-json'],
    [
      'a wrong content type',
      { body: '{"seats": 2}', contentType: 'text/plain' },
      415,
      'request/unsupported-media-type',
    ],
    ['no content type', { body: '{"seats": 2}', contentType: '' }, 415, 'request/unsupported-media-type'],
    [
      'a malformed content type',
      { body: '{"seats": 2}', contentType: 'application/json;' },
      415,
      'request/unsupported-media-type',
    ],
    // Validated as {} (as @hono/zod-openapi did): `seats` is missing.
    ['no content type and no body', { body: undefined, contentType: '' }, 400, 'request/invalid'],
    ['an empty JSON body', { body: '', contentType: 'application/json' }, 400, 'request/malformed-json'],
    [
      'a body over 16 KB',
      { body: JSON.stringify({ seats: 2, pad: 'x'.repeat(17_000) }), contentType: 'application/json' },
      413,
      'request/too-large',
    ],
    [
      'unknown fields',
      { body: '{"seats": 2, "yourSeat": 3}', contentType: 'application/json' },
      400,
      'request/invalid',
    ],
    ['a JSON array', { body: '[2]', contentType: 'application/json' }, 400, 'request/invalid'],
  ])('%s', async (_, { body, contentType }, status, code) => {
    const { app, api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const headers: Record<string, string> = { authorization: `Bearer ${ann.token}`, 'idempotency-key': newKey() };
    if (contentType) headers['content-type'] = contentType;
    const response = await app.request('/v1/games', { method: 'POST', body, headers });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      type: `/problems/${code}`,
      status,
      code,
      requestId: expect.any(String),
    });
    expect((await api.call('GET', '/v1/me/games', { token: ann.token })).body.games).toEqual([]);
  });

  it('takes JSON with parameters on its content type, and +json types', async () => {
    const { app, api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    for (const contentType of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/vnd.chickenfoot+json',
    ]) {
      const headers = {
        authorization: `Bearer ${ann.token}`,
        'idempotency-key': newKey(),
        'content-type': contentType,
      };
      expect((await app.request('/v1/games', { method: 'POST', body: '{"seats": 2}', headers })).status).toBe(201);
    }
  });

  it('echoes what the client sent as well-formed text: no unpaired surrogate, even where the detail is cut', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const headers = { 'idempotency-key': newKey() };
    const loneKey = await api.call('POST', '/v1/games', {
      token: ann.token,
      headers,
      body: '{"seats":2,"a\\ud800b":1}',
    });
    expect(loneKey.status).toBe(400);
    expect(loneKey.body.detail).toBe('body: Unrecognized key: "a\uFFFDb"');
    // Emoji are surrogate pairs: a key of them runs past the 500-character cut of the detail.
    for (let pad = 0; pad < 4; pad++) {
      const long = await api.call('POST', '/v1/games', {
        token: ann.token,
        headers,
        body: { seats: 2, [`${'x'.repeat(pad)}${'😀'.repeat(600)}`]: 1 },
      });
      expect(long.status).toBe(400);
      expect(long.text).not.toMatch(/\\ud[89a-f]/i);
      expect(long.body.detail.endsWith('...')).toBe(true);
    }
  });

  it('answers 405 with Allow for a known path and a wrong method, 404 for an unknown path', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const wrong = await api.call('DELETE', '/v1/players');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.body.code).toBe('request/method-not-allowed');
    const missing = await api.call('GET', '/v2/everything');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
  });

  it('logs one JSON line per request with its id, never a token', async () => {
    const { api, logs } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const res = await api.call('GET', '/v1/me', { token: ann.token, headers: { 'x-request-id': 'req-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        requestId: 'req-123',
        method: 'GET',
        route: '/v1/me',
        status: 200,
      }),
    );
    expect(JSON.stringify(logs)).not.toContain(ann.token.split('.')[2]);
  });

  it('returns the request id on every answer: thrown problems, refused tokens, unknown routes, 304s', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const { game } = (await api.createGame(ann.token, { seats: 2 })).body;
    const answers = [
      await api.call('GET', `/v1/games/g_${'A'.repeat(22)}`, { token: ann.token, headers: { 'x-request-id': 'r-1' } }),
      await api.call('GET', '/v1/me', { token: 'forged', headers: { 'x-request-id': 'r-2' } }),
      await api.call('GET', '/v2/everything', { headers: { 'x-request-id': 'r-3' } }),
      await api.call('GET', `/v1/games/${game.id}`, {
        token: ann.token,
        headers: { 'x-request-id': 'r-4', 'if-none-match': `"${game.version}"` },
      }),
    ];
    expect(answers.map((r) => [r.status, r.headers.get('x-request-id')])).toEqual([
      [404, 'r-1'],
      [401, 'r-2'],
      [404, 'r-3'],
      [304, 'r-4'],
    ]);
  });

  it('serves its contract at /openapi.json and docs at /docs', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const doc = await api.call('GET', '/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/v1/games/{id}/moves');
    const docs = await api.call('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/openapi.json');
  });
});
