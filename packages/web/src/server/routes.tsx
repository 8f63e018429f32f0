/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Child } from 'hono/jsx';
import { appShellRoutes } from './app-shell';
import { WebAssets } from './assets';
import { ruleOptionsOf, type FormOption } from './contract-options';
import { Document, PAGE_CSP, type DocumentProps } from './document';
import { GamePage, WatchPage } from './pages/game';
import { HomePage } from './pages/home';
import { JoinPage } from './pages/join';
import { LobbyPage } from './pages/lobby';
import { MissingPage } from './pages/missing';
import { NewGamePage } from './pages/new-game';
import { ReplayPage } from './pages/replay';
import { RulesPage } from './pages/rules';

// Asset names carry a hash of their content: a new build is a new URL, so a browser may keep them for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const GAME_ID = /^g_[A-Za-z0-9_-]{22}$/;

/** How the web client is served. */
export interface WebOptions {
  /**
   * The API's contract, its OpenAPI document as `/openapi.json` serves it: the new-game form offers the
   * rule options it lists. Asked for on the first `/new`, then kept (a promise too: the API's
   * `loadContract` imports the document's generator only then).
   */
  readonly contract: () => unknown;
  /** The built client; by default this package's `dist/` (see `defaultAssetsDir`). */
  readonly assets?: WebAssets;
}

/** The web client's routes, and its not-found page for a site that sends a person one (see `missing`). */
export type WebSite = Hono & {
  /** The person's 404 page (HTML, with the way back), for a path nobody serves. */
  readonly missing: (c: Context) => Response | Promise<Response>;
};

/**
 * The web client's pages and assets: `/` (sign up or in, your games), `/new`, `/lobby`, `/join/<id>`, `/watch`, `/rules`, `/games/<id>/replay`,
 * `/games/<id>`, `/assets/<hashed file>`, and the installable app's `/sw.js` and `/app.webmanifest`. Pages are drawn here (hono/jsx) and brought to life by
 * the client bundle, which talks to the API only through the client generated from openapi.yaml.
 * Mount it before the API, which answers everything else.
 * @example site.route('/', webRoutes({ contract: loadContract })); site.all('*', (c) => api.fetch(c.req.raw, c.env));
 */
export function webRoutes(options: WebOptions): WebSite {
  const assets = options.assets ?? new WebAssets();
  let ruleOptions: readonly FormOption[] | undefined;
  const app = new Hono();
  const page = (c: Context, props: Omit<DocumentProps, 'assets' | 'children'>, body: Child, status: 200 | 404 = 200) =>
    c.html(
      `<!doctype html>${(
        <Document {...props} assets={assets}>
          {body}
        </Document>
      ).toString()}`,
      status,
      {
        'Content-Security-Policy': PAGE_CSP,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    );
  const missing = (c: Context) => page(c, { title: 'No such page', page: 'missing' }, <MissingPage />, 404);

  app.get('/', (c) => page(c, { title: 'Your games', page: 'home' }, <HomePage />));
  app.get('/new', async (c) => {
    ruleOptions ??= ruleOptionsOf(await options.contract());
    return page(c, { title: 'New game', page: 'new' }, <NewGamePage options={ruleOptions} />);
  });
  app.get('/lobby', (c) => page(c, { title: 'Find a game', page: 'lobby' }, <LobbyPage />));
  app.get('/join/:id', (c) => {
    const id = c.req.param('id');
    return GAME_ID.test(id) ? page(c, { title: 'Join a game', page: 'join' }, <JoinPage gameId={id} />) : missing(c);
  });
  app.get('/games/:id', (c) => {
    const id = c.req.param('id');
    const skip = { href: '#play', label: 'Skip to your hand' };
    return GAME_ID.test(id) ? page(c, { title: 'Game', page: 'game', skip }, <GamePage gameId={id} />) : missing(c);
  });
  app.get('/games/:id/replay', (c) => {
    const id = c.req.param('id');
    return GAME_ID.test(id) ? page(c, { title: 'Replay', page: 'replay' }, <ReplayPage gameId={id} />) : missing(c);
  });
  app.get('/rules', (c) =>
    page(c, { title: 'The rules', page: 'rules' }, <RulesPage html={assets.page('rules.html')} />),
  );
  app.get('/watch', (c) => page(c, { title: 'Watching a game', page: 'watch' }, <WatchPage />));
  app.route('/', appShellRoutes(assets));
  app.get('/assets/:file', (c) => {
    const asset = assets.get(c.req.param('file'));
    if (!asset) return c.text('No such asset.', 404, { 'Cache-Control': 'no-store' });
    const gzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
    return c.body(gzip ? asset.gzipped : asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });
  return Object.assign(app, { missing });
}
