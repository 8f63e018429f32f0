import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/src/local-server';
import { launchBrowser, pageErrors } from '../support/browser';
import { conform } from '../support/contract/tally';

// A third party's web client, served from an origin of its own, calls `npm start`'s API from a real
// browser: every method of the contract (a rename, an account deleted), its headers (If-Match,
// Idempotency-Key, Invite-Code) and what it reads back (ETag, RateLimit). API Gateway answers the
// same policy on AWS (infra/test/http-api.test.ts); a page of an origin not allowed is refused.

/** A page server on loopback: its own origin, one blank page. */
async function pageOrigin(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>a third-party client</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * A page in a context of its own with no request routing: Playwright answers the CORS preflights of a
 * routed context itself, allowing everything, so the server's own answers would go untested. The
 * page only ever asks this machine.
 */
async function plainPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  return { page, errors: pageErrors(page) };
}

/** What the third-party page does, in the browser: every call it makes is cross-origin. */
async function thirdPartyClient(api: string) {
  const call = async (
    method: string,
    path: string,
    init: { token?: string; body?: unknown; headers?: object } = {},
  ) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      etag: res.headers.get('etag'),
      limit: res.headers.get('ratelimit'),
    };
  };
  const key = () => crypto.randomUUID();
  const ann = await call('POST', '/v1/players', { body: { name: 'Ann' } });
  const token: string = ann.body.token;
  const me = await call('GET', '/v1/me', { token });
  const renamed = await call('PATCH', '/v1/me', {
    token,
    body: { name: 'Annie' },
    headers: { 'if-match': me.etag, 'idempotency-key': key() },
  });
  const game = await call('POST', '/v1/games', { token, body: { seats: 2 }, headers: { 'idempotency-key': key() } });
  const invitation = await call('GET', `/v1/games/${game.body.game.id}/invitation`, {
    headers: { 'invite-code': game.body.game.inviteCode },
  });
  const deleted = await call('DELETE', '/v1/me', {
    token,
    headers: { 'if-match': renamed.etag, 'idempotency-key': key() },
  });
  const after = await call('GET', '/v1/me', { token });
  return { me, renamed, invitation, deleted, after };
}

describe('a web client on another origin, against npm start', () => {
  let browser: Browser;
  let allowed: Awaited<ReturnType<typeof pageOrigin>>;
  let other: Awaited<ReturnType<typeof pageOrigin>>;
  let server: LocalServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'chickenfoot-cors-'));
  beforeAll(async () => {
    [allowed, other, browser] = await Promise.all([pageOrigin(), pageOrigin(), launchBrowser()]);
    server = await startLocalServer({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      sweepMs: 0,
      allowedOrigins: [allowed.origin],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    for (const page of [allowed, other]) page?.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('calls every kind of operation with its headers, and reads the headers it needs back', async () => {
    const { page, errors } = await plainPage(browser);
    // Every answer the page reads is checked against the contract, as every suite's are (a preflight
    // is the browser's CORS question, not an operation).
    const checks: Promise<void>[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (!response.url().startsWith(server.url) || request.method() === 'OPTIONS') return;
      checks.push(
        response.text().then((text) =>
          conform({
            method: request.method(),
            url: new URL(response.url()).pathname,
            status: response.status(),
            headers: new Headers(response.headers()),
            text,
          }),
        ),
      );
    });
    await page.goto(allowed.origin);
    const seen = await page.evaluate(thirdPartyClient, server.url);
    await Promise.all(checks);
    expect(checks.length).toBeGreaterThanOrEqual(7);
    expect(seen.me).toMatchObject({ status: 200, etag: '"1"' });
    expect(seen.me.limit).toMatch(/^"player";r=\d+;t=\d+$/);
    expect(seen.renamed).toMatchObject({ status: 200, etag: '"2"', body: { player: { name: 'Annie' } } });
    expect(seen.invitation).toMatchObject({ status: 200 });
    expect(seen.deleted.status).toBe(204);
    expect(seen.after.status).toBe(401);
    // The one error the page sees is the browser's note of the 401 it was meant to get.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('is refused from an origin not allowed: the browser stops at the preflight, and nothing is done', async () => {
    const { page } = await plainPage(browser);
    await page.goto(other.origin);
    const outcome = await page.evaluate(async (api) => {
      try {
        await fetch(`${api}/v1/players`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Mallory' }),
        });
        return 'answered';
      } catch (error) {
        return (error as Error).name;
      }
    }, server.url);
    expect(outcome).toBe('TypeError');
    // The preflight got an answer without the page's origin in it, so the POST was never sent.
    const preflight = await fetch(`${server.url}/v1/players`, {
      method: 'OPTIONS',
      headers: { origin: other.origin, 'access-control-request-method': 'POST' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, null]);
  });
});
