/** @jsxImportSource hono/jsx */
import { createHash } from 'node:crypto';
import type { Child } from 'hono/jsx';
import { SESSION_KEY } from '../shared/session-key';
import { THEME_COLOUR } from './app-shell';
import type { WebAssets } from './assets';

// Runs before the body is drawn: marks the page signed in or out from the key kept in this browser,
// so the stylesheet shows the right sections at once, with no flash and no shift when the bundle runs.
const SESSION_SCRIPT = `document.documentElement.dataset.session=localStorage.getItem(${JSON.stringify(SESSION_KEY)})?'in':'out'`;
const SESSION_HASH = createHash('sha256').update(SESSION_SCRIPT).digest('base64');

/** The pages' Content-Security-Policy: this server only, and the one inline script above. */
export const PAGE_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${SESSION_HASH}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every page has: its title, its name for the client bundle, and the built assets. */
export interface DocumentProps {
  readonly title: string;
  /** Which page this is, for the client bundle (`<body data-page>`). */
  readonly page: 'home' | 'new' | 'lobby' | 'join' | 'game' | 'watch' | 'replay' | 'rules' | 'missing';
  readonly assets: WebAssets;
  /** A page's own first stop for the keyboard (the game page's hand), before the way to the page. */
  readonly skip?: { readonly href: string; readonly label: string };
  readonly children?: Child;
}

/**
 * The HTML around every page: the stylesheet and the client bundle (both content-hashed, cached for
 * good), the header with the way home, to a new game and to the lobby, the footer pointing programmers at the API.
 * @example c.html(`<!doctype html>${<Document title="Your games" page="home" assets={assets}>…</Document>}`)
 */
export function Document({ title, page, assets, skip, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Chickenfoot`}</title>
        <script dangerouslySetInnerHTML={{ __html: SESSION_SCRIPT }} />
        <link rel="icon" type="image/svg+xml" href={assets.url('icon.svg')} />
        <link rel="manifest" href="/app.webmanifest" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <link rel="stylesheet" href={assets.url('style.css')} />
        <script type="module" src={assets.url('main.js')} />
      </head>
      <body data-page={page}>
        {skip ? (
          <a class="skip" href={skip.href}>
            {skip.label}
          </a>
        ) : null}
        <a class="skip" href="#main">
          Skip to the page
        </a>
        <header class="top">
          <a href="/" class="brand">
            <img src={assets.url('icon.svg')} alt="" width="28" height="28" />
            <span class="brand-name">Chickenfoot</span>
          </a>
          <nav aria-label="Main">
            <a href="/">Your games</a>
            <a href="/new">New game</a>
            <a href="/lobby">Find a game</a>
          </nav>
          <span id="who" class="who" data-when="signed-in" />
        </header>
        <main id="main" tabindex={-1}>
          {children}
        </main>
        <footer class="bottom">
          <a href="/rules">The rules</a> · For programmers: this site plays through <a href="/docs">the public API</a> (
          <a href="/openapi.json">openapi.json</a>) like any other client.
        </footer>
      </body>
    </html>
  );
}
