// If-Match is read as RFC 9110 says: one strong entity tag, quoted. A weak tag never matches (412 with
// the current version, nothing applied); `*`, a list or an unquoted value is refused (400). Through the
// real app, on a game and on an account. (On the old code `W/"v"` and a bare `v` were taken as `"v"`.)
import { newKey, testApi } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

type Api = Awaited<ReturnType<typeof testApi>>['api'];
let api: Api;
let game: { gameId: string; tokens: string[] };

beforeAll(async () => {
  ({ api } = await testApi(inject('dynamoEndpoint')));
  game = await api.startGame(2, { set: 6 });
});

/** Whoever is in turn passes or plays their first legal move, sending `ifMatch` as the header. */
async function moveWith(ifMatch: (version: number) => string) {
  const views = await Promise.all(game.tokens.map((token) => api.view(token, game.gameId)));
  const turn = views[0]!.body.hand.turn as number;
  const view = views[turn]!.body;
  const response = await api.call('POST', `/v1/games/${game.gameId}/moves`, {
    token: game.tokens[turn]!,
    body: view.legalMoves[0],
    headers: { 'if-match': ifMatch(view.version), 'idempotency-key': newKey() },
  });
  const after = (await api.view(game.tokens[0]!, game.gameId)).body.version as number;
  return { response, before: view.version as number, after };
}

describe('If-Match on a game', () => {
  it('a weak tag of the current version never matches: 412 with currentVersion, nothing applied', async () => {
    const { response, before, after } = await moveWith((v) => `W/"${v}"`);
    expect(response.status).toBe(412);
    expect(response.body).toMatchObject({ code: 'request/version-mismatch', currentVersion: before });
    // The current ETag comes with it, as a read of the game would give it: the tag to decide again on.
    expect(response.headers.get('etag')).toBe(`"${before}"`);
    expect(after).toBe(before);
  });

  it.each([
    ['an unquoted version', (v: number) => String(v)],
    ['*', () => '*'],
    ['a list', (v: number) => `"${v}", "${v + 1}"`],
  ])('%s is refused as not valid (400), nothing applied', async (_, make) => {
    const { response, before, after } = await moveWith(make);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('request/invalid');
    expect(after).toBe(before);
  });

  it('one strong tag, quoted, with spaces around it, is the version', async () => {
    const { response, before, after } = await moveWith((v) => ` "${v}" `);
    expect(response.status).toBe(200);
    expect(after).toBeGreaterThan(before);
  });
});

describe('If-Match on an account', () => {
  it('a weak tag never matches (412), a strong one renames', async () => {
    const ann = await api.register('Ann');
    const me = await api.call('GET', '/v1/me', { token: ann.token });
    const etag = me.headers.get('etag')!;
    const rename = (tag: string) =>
      api.call('PATCH', '/v1/me', {
        token: ann.token,
        body: { name: 'Annie' },
        headers: { 'if-match': tag, 'idempotency-key': newKey() },
      });
    const weak = await rename(`W/${etag}`);
    expect(weak.status).toBe(412);
    expect(weak.body.currentVersion).toBe(Number(etag.replaceAll('"', '')));
    expect(weak.headers.get('etag')).toBe(etag);
    expect((await rename(etag)).status).toBe(200);
  });

  it('DELETE /v1/me without If-Match asks for the account’s version, and names no game', async () => {
    const bob = await api.register('Bob');
    const response = await api.call('DELETE', '/v1/me', {
      token: bob.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(response.status).toBe(428);
    expect(`${response.body.title} ${response.body.detail}`).not.toMatch(/game/i);
    expect(response.body.detail).toMatch(/account/);
  });
});
