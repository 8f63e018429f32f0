import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-deps';
import { openApiDocument } from '../contract/document';
import { problem } from '../http/problems';
import { swaggerAssets } from './docs-assets';
import { DOCS_CSP, docsPage } from './docs-pages';
import { router } from './router';

// Asset URLs name Swagger UI's version: a new version is a new URL, so a browser may keep these for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const html = (c: Context, page: string, csp: string) =>
  c.html(page, 200, {
    'Content-Security-Policy': csp,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });

/**
 * What a programmer reads: `/docs` (Swagger UI, served with its assets from this server: no CDN, no
 * network beyond it) and `/openapi.json`, the contract. (`/` is the web client's, mounted in front.)
 * @example app.route('/', docsRoutes());
 */
export function docsRoutes(): OpenAPIHono<AppEnv> {
  const app = router();
  const assets = swaggerAssets();
  app.get('/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/docs', (c) => html(c, docsPage(`/docs/assets/${assets.version}`), DOCS_CSP));
  app.get('/docs/assets/:version/:file', (c) => {
    const { version, file } = c.req.param();
    const asset = version === assets.version ? assets.get(file) : undefined;
    if (!asset) return problem(c, 'request/not-found', `There is no ${c.req.path}: the docs are at /docs.`);
    const gzip = asset.gzipped !== null && /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
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
