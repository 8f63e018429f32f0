import { loadContract } from '@chickenfoot/api';
import { webRoutes, type WebSite } from '@chickenfoot/web';
import { Hono } from 'hono';
import type { CrossOrigin } from './cross-origin';

/** Anything that answers requests as Hono apps do: the API. */
export interface FetchHandler {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * Whether a request for a path nobody serves comes from a person's browser: a GET (or HEAD) that asks
 * for HTML. API clients ask for JSON (or nothing), and keep the problem document.
 */
function wantsPage(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && /\btext\/html\b/i.test(accept);
}

/**
 * The whole site, the same on Node and on Lambda: the web client's pages and assets first
 * (`/`, `/new`, `/join/…`, `/games/…`, `/assets/…`), and the API for everything else, handed the
 * request untouched with the platform's environment (API Gateway's request id, the socket's address).
 * A path neither serves (the API's `request/not-found`) is a friendly page to a browser asking for
 * HTML, and the API's problem document to anyone else.
 * The web client reads the API's contract (its rule options, for the new-game form) as `/openapi.json` has it.
 * With `cors` (npm start; on AWS, API Gateway does it), the API answers browsers' cross-origin requests.
 * @example const site = createSite(createApp({ store, secret })); serve({ fetch: site.fetch });
 */
export function createSite(
  api: FetchHandler,
  web: WebSite = webRoutes({ contract: loadContract }),
  cors: CrossOrigin | null = null,
): Hono {
  const site = new Hono();
  site.route('/', web);
  site.all('*', async (c) => {
    const request = c.req.raw;
    const preflight = cors?.preflight(request);
    if (preflight) return preflight;
    const answer = await api.fetch(request, c.env);
    if (answer.status !== 404 || !wantsPage(request)) return cors ? cors.allow(request, answer) : answer;
    const problem = (await answer
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    return problem?.code === 'request/not-found' ? web.missing(c) : answer;
  });
  return site;
}
