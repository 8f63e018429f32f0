import { CORS_POLICY } from '@chickenfoot/api';

/** Answers a browser's cross-origin requests to the API with the API's CORS policy (`CORS_POLICY`). */
export interface CrossOrigin {
  /** The answer to a preflight (an OPTIONS with an Origin and an Access-Control-Request-Method), or null for any other request. */
  preflight(request: Request): Response | null;
  /** `answer`, telling the browser that the page which sent `request` may read it (when its origin is allowed). */
  allow(request: Request, answer: Response): Response;
}

/**
 * The CORS answers of `npm start`, as API Gateway gives them on AWS: for `origins` (`*`: any), every
 * method and header of the contract, no credentials (the API takes a bearer token, never a cookie).
 * A preflight from an origin not allowed gets no CORS headers, so the browser stops there.
 * @example const cors = crossOrigin(['https://play.example']); cors.preflight(request) ?? cors.allow(request, await api.fetch(request));
 */
export function crossOrigin(origins: readonly string[]): CrossOrigin {
  const any = origins.includes('*');
  const allowed = (request: Request): string | null => {
    const origin = request.headers.get('origin');
    if (origin === null) return null;
    return any ? '*' : origins.includes(origin) ? origin : null;
  };
  const preflightHeaders = {
    'Access-Control-Allow-Methods': CORS_POLICY.methods.join(','),
    'Access-Control-Allow-Headers': CORS_POLICY.allowHeaders.join(','),
    'Access-Control-Max-Age': String(CORS_POLICY.maxAgeSeconds),
  };
  const expose = CORS_POLICY.exposeHeaders.join(',');
  return {
    preflight(request) {
      if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return null;
      const origin = allowed(request);
      const headers = new Headers(
        origin === null ? {} : { ...preflightHeaders, 'Access-Control-Allow-Origin': origin },
      );
      if (!any) headers.set('Vary', 'Origin');
      return new Response(null, { status: 204, headers });
    },
    allow(request, answer) {
      const origin = allowed(request);
      if (origin === null) {
        // Caches must not hand this answer to a page of an allowed origin, nor the reverse.
        if (!any) answer.headers.append('Vary', 'Origin');
        return answer;
      }
      // A response whose headers are immutable (a fetched one) is copied; the app's own are not.
      let response = answer;
      try {
        response.headers.set('Access-Control-Allow-Origin', origin);
      } catch {
        response = new Response(answer.body, answer);
        response.headers.set('Access-Control-Allow-Origin', origin);
      }
      response.headers.set('Access-Control-Expose-Headers', expose);
      if (!any) response.headers.append('Vary', 'Origin');
      return response;
    },
  };
}

/**
 * The origins in a comma-separated list (`ALLOWED_ORIGINS`), each `*` or a scheme and host
 * (`https://play.example`, `http://localhost:5173`); none given: `*`. Throws on anything else, so a
 * typo is refused at start rather than shutting out a client.
 * @example parseOrigins('https://a.example, http://localhost:5173') // ['https://a.example', 'http://localhost:5173']
 */
export function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin))
      throw new Error(`ALLOWED_ORIGINS: not an origin (a scheme and host, like https://play.example): ${origin}`);
  }
  return origins.length > 0 ? origins : ['*'];
}
