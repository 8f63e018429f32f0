// A path nobody serves: a person's browser (asking for HTML) gets the site's friendly 404 page, with the
// way back; an API client (asking for JSON, or nothing) keeps the problem document. A path the API does
// serve keeps its own answers (a game not found stays a problem). The real site over real HTTP.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveApp, type ServedApp } from '../support/serve';

let served: ServedApp;
beforeAll(async () => {
  served = await serveApp(inject('dynamoEndpoint'));
}, 60_000);
afterAll(() => served?.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (path: string, accept?: string, method = 'GET') =>
  fetch(`${served.baseUrl}${path}`, { method, headers: accept ? { accept } : {} });

describe('a path nobody serves', () => {
  it('is a friendly page to a browser, and a problem document to an API client', async () => {
    for (const path of ['/no-such-page', '/games', '/games/g_x/nope']) {
      const page = await get(path, BROWSER);
      expect([path, page.status, page.headers.get('content-type')]).toEqual([path, 404, 'text/html; charset=UTF-8']);
      const html = await page.text();
      expect(html).toContain('There is no such page');
      expect(html).toContain('<a href="/">Back to your games</a>');
      expect(page.headers.get('content-security-policy')).toBeTruthy();
      for (const accept of ['application/json', 'application/problem+json', undefined]) {
        const api = await get(path, accept);
        expect([path, accept, api.status, api.headers.get('content-type')]).toEqual([
          path,
          accept,
          404,
          'application/problem+json',
        ]);
        expect(((await api.json()) as { code: string }).code).toBe('request/not-found');
      }
    }
  });

  it('leaves the API’s own answers alone, whatever is asked for', async () => {
    // A route of the API with nothing there: its own problem, not the page.
    const game = await get('/v1/games/g_AAAAAAAAAAAAAAAAAAAAAA', BROWSER);
    expect([game.status, game.headers.get('content-type')]).toEqual([401, 'application/problem+json']);
    // A wrong method on a path the API serves, and a write anywhere: problems too.
    const wrongMethod = await get('/v1/players', BROWSER);
    expect([wrongMethod.status, ((await wrongMethod.json()) as { code: string }).code]).toEqual([
      405,
      'request/method-not-allowed',
    ]);
    const post = await fetch(`${served.baseUrl}/no-such-page`, { method: 'POST', headers: { accept: BROWSER } });
    expect([post.status, post.headers.get('content-type')]).toEqual([404, 'application/problem+json']);
  });
});
