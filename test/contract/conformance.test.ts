// The conformance check itself: it passes what the contract allows and fails what it does not, so a
// green run means something. Real responses from the real app, altered one way at a time.
import { testApi, type TestResponse } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { judge } from '../support/contract/check';

let waiting: TestResponse;
let problem: TestResponse;
let limited: TestResponse;

beforeAll(async () => {
  const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 2, perSecond: 0.01 } } });
  const ann = await api.register('Ann');
  const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
  waiting = await api.view(ann.token, created.body.game.id);
  limited = await api.call('GET', '/v1/me', { token: ann.token });
  problem = await api.call('GET', '/nowhere');
});

const received = (
  res: TestResponse,
  changes: { text?: string; status?: number; headers?: Record<string, string | null> } = {},
) => {
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(changes.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return { status: changes.status ?? res.status, headers, text: changes.text ?? res.text };
};
const altered = (body: object, change: (b: any) => void) => {
  const copy = structuredClone(body);
  change(copy);
  return JSON.stringify(copy);
};

describe('the conformance check', () => {
  it('passes a waiting game: a free seat, no hand, no drawn tile, all null', () => {
    expect(waiting.body.seats[1].player).toBeNull();
    expect(waiting.body.hand).toBeNull();
    const verdict = judge({ method: 'GET', url: `/v1/games/${waiting.body.id}`, ...received(waiting) });
    expect(verdict).toEqual({ operation: 'getGame', checked: true, problem: null });
  });

  it.each([
    ['a free seat typed as an object', (b: any) => (b.seats[1].player = {}), /seats\/1\/player/],
    ['a field the contract does not name', (b: any) => (b.secretDeck = ['6-6']), /unevaluated/],
    ['a missing field', (b: any) => delete b.legalMoves, /legalMoves/],
    ['a rule value outside its enum', (b: any) => (b.rules.set = 7), /rules\/set/],
  ])('fails %s', (_, change, message) => {
    const text = altered(waiting.body, change);
    const verdict = judge({ method: 'GET', url: `/v1/games/${waiting.body.id}`, ...received(waiting, { text }) });
    expect(verdict.problem).toMatch(message);
  });

  it('fails an undocumented status, a body on a 304, a wrong content type and a missing ETag', () => {
    const url = `/v1/games/${waiting.body.id}`;
    expect(judge({ method: 'GET', url, ...received(waiting, { status: 418 }) }).problem).toMatch(
      /418 is not documented/,
    );
    expect(judge({ method: 'GET', url, ...received(waiting, { status: 304 }) }).problem).toMatch(/has no body/);
    const plain = received(waiting, { headers: { 'content-type': 'text/plain' } });
    expect(judge({ method: 'GET', url, ...plain }).problem).toMatch(/content type text\/plain/);
    expect(judge({ method: 'GET', url, ...received(waiting, { headers: { etag: null } }) }).problem).toMatch(/etag/i);
  });

  it('passes a 429 with Retry-After and the rate-limit headers, and fails it without them', () => {
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit')).toMatch(/^"player";r=0;t=\d+$/);
    expect(limited.headers.get('ratelimit-policy')).toBe('"player";q=2;w=200');
    expect(judge({ method: 'GET', url: '/v1/me', ...received(limited) }).problem).toBeNull();
    for (const header of ['retry-after', 'ratelimit', 'ratelimit-policy']) {
      const verdict = judge({ method: 'GET', url: '/v1/me', ...received(limited, { headers: { [header]: null } }) });
      expect(verdict.problem).toMatch(new RegExp(`required header ${header} is missing`));
    }
  });

  it('fails a problem whose code its status does not document, or whose type is not its code’s', () => {
    const wrongCode = altered(limited.body, (b) => {
      b.code = 'rules/not-your-turn';
      b.type = '/problems/rules/not-your-turn';
    });
    expect(judge({ method: 'GET', url: '/v1/me', ...received(limited, { text: wrongCode }) }).problem).toMatch(/code/);
    const wrongType = altered(limited.body, (b) => (b.type = '/problems/request/not-found'));
    expect(judge({ method: 'GET', url: '/v1/me', ...received(limited, { text: wrongType }) }).problem).toMatch(/type/);
  });

  it('holds an answer to no operation to the Problem schema', () => {
    expect(problem.status).toBe(404);
    expect(judge({ method: 'GET', url: '/nowhere', ...received(problem) })).toEqual({
      operation: null,
      checked: true,
      problem: null,
    });
    const noCode = altered(problem.body, (b) => delete b.code);
    expect(judge({ method: 'GET', url: '/nowhere', ...received(problem, { text: noCode }) }).problem).toMatch(
      /Problem/,
    );
    const html = received(problem, { headers: { 'content-type': 'text/html' } });
    expect(judge({ method: 'GET', url: '/nowhere', ...html }).problem).toMatch(/only a problem document/);
  });

  it('fails any answer but a refusal from a path or method no operation has: a 2xx most of all', () => {
    const ok = received(waiting);
    // A path the contract lacks, under the API's prefix and outside it.
    for (const url of ['/v1/admin/games', `/v1/games/${waiting.body.id}/deck`, '/internal/state']) {
      expect(judge({ method: 'GET', url, ...ok }).problem, url).toMatch(/no operation of openapi.yaml is GET/);
    }
    // A method the contract lacks on a documented path.
    expect(judge({ method: 'PUT', url: `/v1/games/${waiting.body.id}`, ...ok }).problem).toMatch(/is PUT/);
    // A problem document with a 2xx status is no refusal.
    expect(judge({ method: 'GET', url: '/nowhere', ...received(problem, { status: 200 }) }).problem).toMatch(
      /not a 200/,
    );
    // An empty 204 from nowhere.
    expect(
      judge({ method: 'DELETE', url: '/v1/everything', ...received(problem, { status: 204, text: '' }) }).problem,
    ).toMatch(/not a 204/);
  });

  it('leaves the site’s own pages and the docs to their own suites, for reading only', () => {
    const page = { status: 200, headers: new Headers({ 'content-type': 'text/html' }), text: '<!doctype html>' };
    for (const url of ['/', '/new', '/lobby', '/watch', '/join/g_x', '/games/g_x', '/games/g_x/replay', '/docs'])
      expect(judge({ method: 'GET', url, ...page }), url).toEqual({ operation: null, checked: false, problem: null });
    expect(judge({ method: 'POST', url: '/new', ...page }).problem).toMatch(/is POST \/new/);
    expect(judge({ method: 'GET', url: '/games/g_x/deck', ...page }).problem).toMatch(/no operation/);
  });

  it('judges HEAD as the GET it stands for, with no body', () => {
    const url = `/v1/games/${waiting.body.id}`;
    expect(judge({ method: 'HEAD', url, ...received(waiting, { text: '' }) })).toEqual({
      operation: 'getGame',
      checked: true,
      problem: null,
    });
    expect(judge({ method: 'HEAD', url, ...received(waiting) }).problem).toMatch(/HEAD answer has a body/);
    expect(judge({ method: 'HEAD', url, ...received(waiting, { text: '', status: 418 }) }).problem).toMatch(/418/);
    expect(judge({ method: 'HEAD', url: '/nowhere', ...received(problem, { text: '' }) }).problem).toBeNull();
  });
});
