import { CORS_POLICY } from '@chickenfoot/api';
import { describe, expect, it } from 'vitest';
import { crossOrigin, parseOrigins } from './cross-origin';

const API = 'http://127.0.0.1:3000';
const preflightOf = (origin: string | null, method = 'DELETE') =>
  new Request(`${API}/v1/me`, {
    method: 'OPTIONS',
    headers: { ...(origin ? { origin } : {}), 'access-control-request-method': method },
  });
const from = (origin: string | null) => new Request(`${API}/v1/me`, { headers: origin ? { origin } : {} });
const answer = () => new Response('{}', { headers: { 'content-type': 'application/json', etag: '"1"' } });

describe('npm start’s CORS answers', () => {
  it('answers a preflight from an allowed origin with the API’s policy', () => {
    const response = crossOrigin(['https://play.example']).preflight(preflightOf('https://play.example'));
    expect(response?.status).toBe(204);
    expect(Object.fromEntries(response!.headers)).toEqual({
      'access-control-allow-origin': 'https://play.example',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE',
      'access-control-allow-headers': CORS_POLICY.allowHeaders.join(','),
      'access-control-max-age': '3600',
      vary: 'Origin',
    });
  });

  it('answers a preflight from another origin with no CORS headers, so the browser stops', () => {
    const response = crossOrigin(['https://play.example']).preflight(preflightOf('https://evil.example'));
    expect(response?.status).toBe(204);
    expect(response?.headers.get('access-control-allow-origin')).toBeNull();
    expect(response?.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('leaves to the API an OPTIONS that is no preflight, and every other request', () => {
    const cors = crossOrigin(['*']);
    expect(cors.preflight(new Request(`${API}/v1/me`, { method: 'OPTIONS' }))).toBeNull();
    expect(cors.preflight(from('https://play.example'))).toBeNull();
  });

  it('lets any origin read an answer with `*`, and what it may read: no Vary, since it is the same for all', () => {
    const response = crossOrigin(['*']).allow(from('https://any.example'), answer());
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe(CORS_POLICY.exposeHeaders.join(','));
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('etag')).toBe('"1"');
  });

  it('names the one allowed origin that asks, and says the answer varies by origin, for a list', () => {
    const cors = crossOrigin(['https://a.example', 'https://b.example']);
    expect(cors.allow(from('https://b.example'), answer()).headers.get('access-control-allow-origin')).toBe(
      'https://b.example',
    );
    const refused = cors.allow(from('https://c.example'), answer());
    expect([refused.headers.get('access-control-allow-origin'), refused.headers.get('vary')]).toEqual([null, 'Origin']);
    const sameOrigin = cors.allow(from(null), answer());
    expect([sameOrigin.headers.get('access-control-allow-origin'), sameOrigin.headers.get('vary')]).toEqual([
      null,
      'Origin',
    ]);
  });

  it('copies an answer whose headers cannot change', async () => {
    const redirect = Response.redirect(`${API}/docs`, 302);
    const response = crossOrigin(['*']).allow(from('https://any.example'), redirect);
    expect([response.status, response.headers.get('location')]).toEqual([302, `${API}/docs`]);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins, `*` when empty or unset', () => {
    expect(parseOrigins(' https://a.example , http://localhost:5173 ')).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(parseOrigins(undefined)).toEqual(['*']);
    expect(parseOrigins(' , ')).toEqual(['*']);
    expect(parseOrigins('*')).toEqual(['*']);
  });

  it.each(['play.example', 'https://play.example/', 'https://play.example/path', 'ftp://play.example'])(
    'refuses %s, naming it',
    (origin) => {
      expect(() => parseOrigins(origin)).toThrow(
        `ALLOWED_ORIGINS: not an origin (a scheme and host, like https://play.example): ${origin}`,
      );
    },
  );
});
