import { openApiDocument } from '@chickenfoot/api';
import { webRoutes } from '@chickenfoot/web';
import { Hono } from 'hono';

/** Anything that answers requests as Hono apps do: the API. */
export interface FetchHandler {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * The whole site, the same on Node and on Lambda: the web client's pages and assets first
 * (`/`, `/new`, `/join/…`, `/games/…`, `/assets/…`), and the API for everything else, handed the
 * request untouched with the platform's environment (API Gateway's request id, the socket's address).
 * The web client reads the API's contract (its rule options, for the new-game form) as `/openapi.json` has it.
 * @example const site = createSite(createApp({ store, secret })); serve({ fetch: site.fetch });
 */
export function createSite(api: FetchHandler, web: Hono = webRoutes({ contract: openApiDocument })): Hono {
  const site = new Hono();
  site.route('/', web);
  site.all('*', (c) => api.fetch(c.req.raw, c.env));
  return site;
}
