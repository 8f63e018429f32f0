import { Hono } from 'hono';
import type { AssetName, WebAssets } from './assets';

/** The theme colour of the installed app (the page's accent, `--accent` in style.css). */
export const THEME_COLOUR = '#1f6f4a';

/** What the service worker keeps for opening the site offline, besides the pages seen. */
const SHELL: readonly AssetName[] = ['style.css', 'main.js', 'icon.svg', 'icon-192.png', 'icon-512.png'];

/**
 * The web app manifest (`/app.webmanifest`): what installing the site as an app needs: its name, icons
 * in the app's style (the SVG and PNGs of 192 and 512 px), the theme colour, the start URL, standalone.
 */
export function appManifest(assets: WebAssets) {
  return {
    name: 'Chickenfoot',
    short_name: 'Chickenfoot',
    description: 'Chickenfoot dominoes, played at your own pace: move whenever it suits you.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f7f3ea',
    theme_color: THEME_COLOUR,
    icons: [
      { src: assets.url('icon.svg'), sizes: 'any', type: 'image/svg+xml' },
      { src: assets.url('icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: assets.url('icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  };
}

/**
 * The service worker as `/sw.js` serves it (its scope is then the whole site): the built worker, with
 * the shell's content-hashed URLs before it. A new build changes them, so the browser installs the
 * new worker, which drops the old cache.
 */
export function serviceWorkerScript(assets: WebAssets): string {
  const file = assets.url('sw.js').slice('/assets/'.length);
  const body = assets.get(file)?.body;
  if (!body) throw new Error('the web client build has no sw.js');
  const shell = JSON.stringify(SHELL.map((name) => assets.url(name)));
  return `self.SHELL=${shell};\n${new TextDecoder().decode(body)}`;
}

/** `/sw.js` (at the site's root: its scope is every page) and `/app.webmanifest`, never cached for long. */
export function appShellRoutes(assets: WebAssets): Hono {
  const app = new Hono();
  let worker: string | undefined;
  app.get('/sw.js', (c) =>
    c.body((worker ??= serviceWorkerScript(assets)), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  );
  app.get('/app.webmanifest', (c) =>
    c.body(JSON.stringify(appManifest(assets)), 200, {
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'no-cache',
    }),
  );
  return app;
}
