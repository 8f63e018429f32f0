// One list style: every paged list takes `cursor` (one shared parameter) and answers `nextCursor` (one
// shared schema: a string, or null when the page ends the list as it is now), and paging by it walks
// the whole list. The old ways still work for a client built on 1.1 (deprecated, not gone): `after`,
// the lists' `cursor` field and the logs' `next`. (On the old code events and messages took no
// `cursor` and no list answered `nextCursor`.)
import { newKey, testApi } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { contractOf } from '../support/contract/check';

type Api = Awaited<ReturnType<typeof testApi>>['api'];
let api: Api;
let game: { gameId: string; tokens: string[] };

beforeAll(async () => {
  ({ api } = await testApi(inject('dynamoEndpoint')));
  game = await api.startGame(2, { set: 6 });
  for (const text of ['one', 'two', 'three']) {
    const res = await api.call('POST', `/v1/games/${game.gameId}/messages`, {
      token: game.tokens[0]!,
      body: { text },
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status).toBe(201);
  }
});

/** Every page of `path` (a list of `field`), walked by `nextCursor` with pages of `limit`. */
async function walk(path: string, field: string, limit: number) {
  const items: unknown[] = [];
  const pages: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { token: game.tokens[0]! });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    pages.push(res.body);
    items.push(...(res.body[field] as unknown[]));
    cursor = res.body.nextCursor as string | null;
    expect(pages.length).toBeLessThan(50);
  } while (cursor !== null);
  return { items, pages };
}

describe('one list style', () => {
  it('every list with a page size takes the shared `cursor` and answers the shared, required `nextCursor`', () => {
    const doc = contractOf().spec.document as any;
    // A parameter as written, or the shared one it refers to (`#/components/parameters/Cursor`).
    const resolved = (p: { $ref?: string; name?: string }) =>
      p.$ref ? doc.components.parameters[p.$ref.replace('#/components/parameters/', '')] : p;
    const lists: string[] = [];
    for (const item of Object.values(doc.paths as Record<string, any>)) {
      const op = item.get;
      const parameters = (op?.parameters ?? []).map(resolved) as { name?: string; schema?: unknown }[];
      if (!parameters.some((p) => p.name === 'limit')) continue;
      lists.push(op.operationId);
      // The one shared `cursor` parameter, referred to (not a look-alike written out again).
      expect(op.parameters, op.operationId).toContainEqual({ $ref: '#/components/parameters/Cursor' });
      const ref = op.responses['200'].content['application/json'].schema.$ref as string;
      const page = doc.components.schemas[ref.split('/').at(-1)!];
      expect(page.properties.nextCursor.$ref, op.operationId).toBe('#/components/schemas/NextCursor');
      expect(page.required, op.operationId).toContain('nextCursor');
    }
    expect(lists.sort()).toEqual([
      'listEvents',
      'listLobby',
      'listMessages',
      'listMyGames',
      'listWebhookDeliveries',
      'watchEvents',
    ]);
    expect(doc.components.schemas.NextCursor.type).toEqual(['string', 'null']);
    expect(doc.components.parameters.Cursor).toMatchObject({ name: 'cursor', in: 'query', schema: { type: 'string' } });
  });

  it('a game’s events, walked by nextCursor, are all its commits once, in order; `next` still says the same', async () => {
    const whole = await api.call('GET', `/v1/games/${game.gameId}/events`, { token: game.tokens[0]! });
    const versions = (whole.body.commits as { version: number }[]).map((c) => c.version);
    expect(versions.length).toBeGreaterThan(1);
    const { items, pages } = await walk(`/v1/games/${game.gameId}/events`, 'commits', 1);
    expect((items as { version: number }[]).map((c) => c.version)).toEqual(versions);
    for (const page of pages) expect(page.next === null).toBe(page.nextCursor === null);
    // The deprecated way gives the same pages: `after` the `next` of the page before.
    const second = await api.call('GET', `/v1/games/${game.gameId}/events?limit=1&after=${pages[0]!.next}`, {
      token: game.tokens[0]!,
    });
    expect(second.body.commits).toEqual(pages[1]!.commits);
  });

  it('a game’s messages, walked by nextCursor, are all of them once, in order', async () => {
    const { items, pages } = await walk(`/v1/games/${game.gameId}/messages`, 'messages', 2);
    expect((items as { text: string }[]).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(pages.length).toBe(2);
    expect(pages.at(-1)!.next).toBeNull();
  });

  it('your games walked by nextCursor; the deprecated `cursor` field is the same value', async () => {
    const more = await api.call('POST', '/v1/games', {
      token: game.tokens[0]!,
      body: { seats: 2 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(more.status).toBe(201);
    const { items, pages } = await walk('/v1/me/games', 'games', 1);
    expect((items as { id: string }[]).map((g) => g.id).sort()).toEqual([game.gameId, more.body.game.id].sort());
    for (const page of pages) expect(page.cursor).toBe(page.nextCursor);
  });

  it('a cursor that is not one of the list’s is refused (400), not read as the start', async () => {
    const events = await walk(`/v1/games/${game.gameId}/events`, 'commits', 1);
    const eventsCursor = events.pages[0]!.nextCursor as string;
    for (const [path, cursor] of [
      [`/v1/games/${game.gameId}/messages`, eventsCursor],
      [`/v1/games/${game.gameId}/events`, 'not-a-cursor'],
    ] as const) {
      const res = await api.call('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, { token: game.tokens[0]! });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('request/invalid');
      expect(res.body.issues[0].path).toBe('query.cursor');
    }
  });
});
