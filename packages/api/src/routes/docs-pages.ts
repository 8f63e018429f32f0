import { createHash } from 'node:crypto';
import { DEFAULT_RULES } from '@chickenfoot/rules';
import { openApiDocument } from '../contract/document';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// Swagger UI started with the contract this server serves; no validator badge (it would call
// validator.swagger.io), nothing loaded from anywhere but this server.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, displayOperationId: true });
});`;
const INIT_HASH = createHash('sha256').update(INIT).digest('base64');

/** /docs's Content-Security-Policy: only this server, and only its one inline script. */
export const DOCS_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${INIT_HASH}'`,
  // Swagger UI (React) sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The landing page's Content-Security-Policy: no script at all. */
export const LANDING_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The /docs page: Swagger UI, its assets under `assets` (a versioned path of this server). */
export function docsPage(assets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chickenfoot API</title>
<link rel="icon" href="${assets}/favicon-32x32.png">
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script>${INIT}</script>
</body>
</html>
`;
}

/** The rule options as the contract describes them, with their defaults: the landing page's table. */
function ruleRows(): string {
  const schemas = (openApiDocument().components?.schemas ?? {}) as Record<
    string,
    { properties?: Record<string, { description?: string; enum?: unknown[]; minimum?: number; maximum?: number }> }
  >;
  const defaults: Record<string, unknown> = { ...DEFAULT_RULES, handSize: 'by set and seats' };
  return Object.entries(schemas.Rules?.properties ?? {})
    .map(([name, p]) => {
      const values = p.enum ? p.enum.join(', ') : `${p.minimum ?? ''}–${p.maximum ?? ''}`;
      return `<tr><td><code>${escape(name)}</code></td><td>${escape(values)}</td><td>${escape(String(defaults[name] ?? ''))}</td><td>${escape(p.description ?? '')}</td></tr>`;
    })
    .join('\n');
}

/** The landing page at `/`: what this is, where the contract and the docs are, the rules in brief. */
export function landingPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chickenfoot</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .2em}table{border-collapse:collapse;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .4rem;text-align:left}</style>
</head>
<body>
<h1>Chickenfoot</h1>
<p>The domino game Chickenfoot, as an asynchronous, turn-based game API. Players take turns whenever it
suits them, over minutes or days; a client (an app, a bot, a terminal script) makes a move and catches up
on everything that happened since its last visit.</p>
<ul>
<li><a href="/docs">API documentation</a>: every operation, browsable, to try out.</li>
<li><a href="/openapi.json">The contract</a> (OpenAPI 3.1): build a client with any generator.</li>
<li><a href="#rules">The rules</a>, in brief.</li>
</ul>
<h2>Playing</h2>
<ol>
<li><code>POST /v1/players</code> with your name: you get a bearer token.</li>
<li><code>POST /v1/games</code> creates a game and seats you; share its <code>inviteCode</code>, others join with
<code>POST /v1/games/{id}/join</code>. The game starts when every seat is taken.</li>
<li><code>GET /v1/games/{id}</code> is your view: your tiles, the board, and <code>legalMoves</code>. Send one to
<code>POST /v1/games/{id}/moves</code> with <code>If-Match</code> (the version you decided on) and a fresh
<code>Idempotency-Key</code>.</li>
<li><code>GET /v1/me/games?turn=mine</code> lists the games waiting for you.</li>
</ol>
<h2 id="rules">The rules, in brief</h2>
<p>A game is played with a double-N set of dominoes over N+1 hands, each opened by a double (9-9 first in a
double-9 game, 0-0 last). The opening double takes its spokes first; then every double played must be
filled with three tiles (a chicken foot) before play goes elsewhere. On your turn you play a tile against an
open end of its suit; holding nothing playable, the server draws for you, and passes if the drawn tile does
not fit. With one tile left, say "Chickenlittle". A hand ends when someone goes out or nobody can play; each
seat then scores the pips left in its hand (0-0 counts extra). After the last hand the lowest total wins.</p>
<p>Options, fixed when a game is created (left out, the default):</p>
<table>
<tr><th>option</th><th>values</th><th>default</th><th>what</th></tr>
${ruleRows()}
</table>
<p>Every rule, and every decision where the source texts are silent, is in <code>docs/rules.md</code> in the
repository.</p>
</body>
</html>
`;
}
