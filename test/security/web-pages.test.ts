// The web client's pages carry no game data: the server draws a frame the same for anyone (a seated
// player, a stranger, nobody signed in) and the browser fills it in from the API with the player's own
// key, so whatever the API hides stays hidden. The invite code rides in the link's fragment, which a
// browser never sends; the pages forbid inline scripts, framing and referrers.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { serveApp, type ServedApp } from '../support/serve';

let served: ServedApp;
beforeAll(async () => {
  served = await serveApp(inject('dynamoEndpoint'));
});
afterAll(() => served.close());

describe('the web client’s pages', () => {
  it('are the same frame for anyone, with none of a game’s data in them', async () => {
    const [ann, bob] = (await Promise.all(['Annabel', 'Bobbington'].map((n) => Seat.register(served.baseUrl, n)))) as [
      Seat,
      Seat,
    ];
    const waiting = await ann.create(3, { set: 9 });
    const game = await ann.create(2, { set: 9 });
    await bob.join(game.id, game.inviteCode ?? '');
    const view = await ann.view(game.id);
    expect(view.yourTiles.length).toBeGreaterThan(0);
    const other = 'g_AAAAAAAAAAAAAAAAAAAAAA';

    const page = async (path: string, token?: string) => {
      const res = await fetch(
        `${served.baseUrl}${path}`,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      expect(res.status, path).toBe(200);
      return { text: await res.text(), headers: res.headers };
    };
    for (const [path, id] of [
      [`/games/${game.id}`, game.id],
      [`/join/${waiting.id}`, waiting.id],
    ] as const) {
      const anyone = await page(path);
      // The same bytes whoever asks (a bearer token is never what a page is drawn from), and the same as
      // for a game that does not exist but for its id.
      expect((await page(path, ann.token)).text).toBe(anyone.text);
      expect((await page(path, bob.token)).text).toBe(anyone.text);
      expect((await page(path.replace(id, other))).text.replaceAll(other, id)).toBe(anyone.text);
      for (const secret of [waiting.inviteCode!, 'Annabel', 'Bobbington', ...view.yourTiles.map((t) => `"${t}"`)]) {
        expect(anyone.text, `${path} shows ${secret}`).not.toContain(secret);
      }
      const csp = anyone.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(anyone.headers.get('referrer-policy')).toBe('no-referrer');
      expect(anyone.headers.get('cache-control')).toBe('no-cache');
    }
  });
});
