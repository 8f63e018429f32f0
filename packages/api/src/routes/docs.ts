import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-deps';
import { loadContract } from '../contract/load';
import { problem } from '../http/problems';
import { swaggerAssets } from './docs-assets';
import { DOCS_CSP, docsPage } from './docs-pages';
import { PAGE_CSP, problemPages } from './docs-problems';
import { rulesPage } from './docs-rules';
import { router } from './router';

// Asset URLs name Swagger UI's version: a new version is a new URL, so a browser may keep these for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The contract changes only with a deployment: caches may keep it ten minutes, then ask again (ETag).
const CONTRACT_CACHE = 'public, max-age=600';

const html = (c: Context, page: string, csp: string, cache = 'no-cache') =>
  c.html(page, 200, { 'Content-Security-Policy': csp, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' });

/**
 * The contract as served: its JSON once, gzipped once (~190 KB to ~24 KB), and its ETag. The document's
 * generator and texts are imported on the first ask: a cold start that serves games never loads them.
 */
function servedContract() {
  let made: { json: Uint8Array<ArrayBuffer>; gzipped: Uint8Array<ArrayBuffer>; etag: string } | undefined;
  return async () => {
    if (made) return made;
    const json = new Uint8Array(Buffer.from(JSON.stringify(await loadContract())));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    made = { json, gzipped: new Uint8Array(gzipSync(json, { level: 9 })), etag };
    return made;
  };
}

const accepts = (c: Context, encoding: string) =>
  new RegExp(`\\b${encoding}\\b`, 'i').test(c.req.header('accept-encoding') ?? '');

/**
 * What a programmer reads: `/docs` (Swagger UI, served with its assets from this server: no CDN, no
 * network beyond it), `/openapi.json` (the contract, compressed, cached, revalidated by ETag),
 * `/problems/<code>` (each problem type, explained) and `/docs/rules` (the rules of the game). (`/` is
 * the web client's, mounted in front.)
 * @example app.route('/', docsRoutes());
 */
export function docsRoutes(): OpenAPIHono<AppEnv> {
  const app = router();
  const assets = swaggerAssets();
  const contract = servedContract();
  app.get('/openapi.json', async (c) => {
    const { json, gzipped, etag } = await contract();
    const headers = { ETag: etag, 'Cache-Control': CONTRACT_CACHE, Vary: 'Accept-Encoding' };
    if ((c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    const gzip = accepts(c, 'gzip');
    return c.body(gzip ? gzipped : json, 200, {
      ...headers,
      'Content-Type': 'application/json',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });
  app.get('/docs', (c) => html(c, docsPage(`/docs/assets/${assets.version}`), DOCS_CSP));
  app.get('/docs/rules', (c) => {
    const rules = rulesPage();
    if (!rules)
      return problem(c, 'request/not-found', 'The rules are not bundled with this server: see docs/rules.md.');
    return html(c, rules, PAGE_CSP, 'public, max-age=3600');
  });
  app.route('/', problemPages());
  app.get('/docs/assets/:version/:file', (c) => {
    const { version, file } = c.req.param();
    const asset = version === assets.version ? assets.get(file) : undefined;
    if (!asset) return problem(c, 'request/not-found', `There is no ${c.req.path}: the docs are at /docs.`);
    const gzip = asset.gzipped !== null && accepts(c, 'gzip');
    return c.body(gzip ? asset.gzipped : asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });
  return app;
}
