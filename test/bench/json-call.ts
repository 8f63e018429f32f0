/** A JSON call as a bench's client makes it: its status, its parsed body, and any Retry-After. */
export interface JsonReply {
  readonly status: number;
  readonly body: any;
  readonly retryAfter: string | null;
}

/**
 * A client's one way of calling the API, over `send` (fetch to a server, or an app's own `request`):
 * a bearer token, a JSON body and more headers when given.
 * @example const call = jsonCall((path, init) => fetch(`${baseUrl}${path}`, init)); await call('GET', '/v1/me', token);
 */
export function jsonCall(send: (path: string, init: RequestInit) => Response | Promise<Response>) {
  return async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonReply> => {
    const res = await send(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: res.headers.get('retry-after') };
  };
}
