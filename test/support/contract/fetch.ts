import { conform } from './tally';

/**
 * Checks a response any client got (a generated client's middleware, a fetch wrapper) against
 * openapi.yaml and counts it; the body is read from a clone, so the caller can still read it.
 * @example client.use({ onResponse: ({ request, response }) => checkFetched(request, response) });
 */
export async function checkFetched(request: Request, response: Response): Promise<Response> {
  const url = new URL(request.url);
  await conform({
    method: request.method,
    url: `${url.pathname}${url.search}`,
    status: response.status,
    headers: response.headers,
    text: await response.clone().text(),
  });
  return response;
}
