// Every problem `type` the API sends is a page of the API that explains its code in words (what
// happened, what to do); the docs link them; the contract is served compressed, cached and revalidated
// by ETag; the rules are a page too. Through the real app. (On the old code /problems/… was a 404.)
import { gunzipSync } from 'node:zlib';
import { PROBLEMS, type ProblemCode } from '@chickenfoot/api';
import { testApi } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSpec } from '../support/contract/spec';

type App = Awaited<ReturnType<typeof testApi>>['app'];
let app: App;
let api: Awaited<ReturnType<typeof testApi>>['api'];

beforeAll(async () => {
  ({ app, api } = await testApi(inject('dynamoEndpoint')));
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('problem pages', () => {
  it('the type of a problem the API sends is a page that explains its code', async () => {
    const ann = await api.register('Ann');
    const missing = await api.view(ann.token, 'g_AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    const page = await app.request(missing.body.type);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const words = text(await page.text());
    expect(words).toContain('game/not-found');
    expect(words).toMatch(/What happened\s+There is no such game/);
    expect(words).toMatch(/What to do/);
  });

  it.each(Object.keys(PROBLEMS) as ProblemCode[])('%s has a page, with its status and words', async (code) => {
    const response = await app.request(`/problems/${code}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const words = text(await response.text());
    expect(words).toContain(code);
    expect(words).toMatch(new RegExp(`HTTP\\s+${PROBLEMS[code].status}\\b`));
    expect(words).toMatch(/What happened\s+\S.{10,}What to do\s+\S.{5,}/s);
  });

  it('lists every code at /problems, and answers an unknown code with a 404 problem', async () => {
    const index = await (await app.request('/problems')).text();
    for (const code of Object.keys(PROBLEMS)) expect(index).toContain(`href="/problems/${code}"`);
    const unknown = await api.call('GET', '/problems/rules/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('request/not-found');
  });

  it('the docs link the problem pages and the rules, as URLs of this server', async () => {
    const spec = loadSpec().document as any;
    expect(spec.info.description).toContain('[/problems](/problems)');
    expect(spec.externalDocs.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/docs\/rules$/);
    expect(spec.info.description).toContain('[/docs/rules](/docs/rules)');
    // Every problem response links the page of its code, or says where the pages are (the shared
    // responses also hold what a webhook receiver answers, which are no problems).
    const responses = Object.values(spec.components.responses) as { description: string; content?: object }[];
    const problems = responses.filter((r) => r.content && 'application/problem+json' in r.content);
    expect(problems.length).toBeGreaterThan(20);
    for (const response of problems) expect(response.description).toMatch(/\/problems\//);
    const rules = await app.request('/docs/rules');
    expect(rules.status).toBe(200);
    expect(text(await rules.text())).toContain('Chickenfoot: the rules this server plays');
  });
});

describe('/openapi.json', () => {
  it('is served gzipped with an ETag and caching, revalidated with 304, and is openapi.yaml', async () => {
    const plain = await app.request('/openapi.json');
    const zipped = await app.request('/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const raw = new Uint8Array(await zipped.arrayBuffer());
    const json = await plain.text();
    expect(gunzipSync(raw).toString()).toBe(json);
    expect(raw.length).toBeLessThan(json.length / 5);
    expect(JSON.parse(json)).toEqual(loadSpec().document);
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(zipped.headers.get('etag')).toBe(etag);
    expect(plain.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const again = await app.request('/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
