import { describe, expect, inject, it } from 'vitest';
import { tokenFor } from '@chickenfoot/app';
import { newKey, TEST_SECRET, testApi } from './testing';

describe('players and tokens', () => {
  it('registers a player and returns a token that GET /v1/me accepts', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const res = await api.call('POST', '/v1/players', { body: { name: '  Ann  ' } });
    expect(res.status).toBe(201);
    expect(res.body.player).toEqual({ id: expect.stringMatching(/^p_[\w-]{22}$/), name: 'Ann' });
    expect(res.body.token).toMatch(/^cf2\.p_[\w-]{22}\.[\w-]{11}\.[\w-]{43}$/);
    const me = await api.call('GET', '/v1/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ player: res.body.player });
    expect(me.headers.get('etag')).toBe('"1"');
  });

  it('keeps no token: what the store holds for a player never contains it', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const res = await api.call('POST', '/v1/players', { body: { name: 'Ann' } });
    const stored = JSON.stringify(await store.streams.readAll(res.body.player.id, { snapshots: true }));
    expect(stored).toContain('Ann');
    expect(stored).not.toContain(res.body.token.split('.')[3]);
  });

  it('a registration retried with its Idempotency-Key returns the first reply; the key with another name is refused', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const key = newKey();
    const first = await api.call('POST', '/v1/players', { body: { name: 'Ann' }, headers: { 'idempotency-key': key } });
    const retry = await api.call('POST', '/v1/players', { body: { name: 'Ann' }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(retry.text).toBe(first.text);
    const reused = await api.call('POST', '/v1/players', {
      body: { name: 'Bob' },
      headers: { 'idempotency-key': key },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('request/idempotency-key-reused');
  });

  it.each([
    ['empty', { name: '   ' }],
    ['too long', { name: 'x'.repeat(41) }],
    ['control characters', { name: 'Ann\u0000' }],
    ['an unpaired surrogate (other players’ strict JSON parsers would refuse it)', { name: 'Ann\uD800' }],
    ['a right-to-left override', { name: '\u202Enna' }],
    ['a zero-width space', { name: 'An\u200Bn' }],
    ['not a string', { name: 42 }],
    ['missing', {}],
    ['extra fields', { name: 'Ann', admin: true }],
  ])('refuses a name that is %s with 400 and says where', async (_, body) => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const res = await api.call('POST', '/v1/players', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request/invalid');
    expect(res.body.issues[0].path).toMatch(/^body/);
  });

  it('keeps names in any script, with emoji and joiners, exactly as sent', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    for (const name of ['Zoë', '张伟', 'مريم', 'Ann 👩‍👩‍👧', 'O’Neil']) {
      const res = await api.call('POST', '/v1/players', { body: { name } });
      expect(res.status, name).toBe(201);
      expect(res.body.player.name).toBe(name);
    }
  });

  it.each([
    [
      'a Hangul filler (renders blank)',
      'Ann\u3164',
      'must not contain control, invisible, format or text-direction characters',
    ],
    ['the blank braille pattern', '\u2800', 'must not contain control, invisible, format or text-direction characters'],
    [
      'a zero-width joiner between letters',
      'An\u200Dn',
      'must not contain control, invisible, format or text-direction characters',
    ],
    ['a soft hyphen', 'An\u00ADn', 'must not contain control, invisible, format or text-direction characters'],
    ['an invisible operator', 'An\u2061n', 'must not contain control, invisible, format or text-direction characters'],
    [
      'tag characters',
      'Ann\u{E0041}\u{E007F}',
      'must not contain control, invisible, format or text-direction characters',
    ],
    ['a line separator', 'Ann\u2028Lee', 'must not contain control, invisible, format or text-direction characters'],
    ['combining marks alone (it shows nothing)', '\u0301\u0301', 'must show at least one visible character'],
    ['“You”', 'You', 'must not be “You” (in any case or spacing): each player’s page calls its reader so'],
    [
      '“You” in fullwidth capitals',
      'ＹＯＵ',
      'must not be “You” (in any case or spacing): each player’s page calls its reader so',
    ],
  ])(
    'refuses a name with %s: 400 request/invalid, the issue on the name, nobody registered',
    async (_, name, message) => {
      const { api } = await testApi(inject('dynamoEndpoint'));
      const res = await api.call('POST', '/v1/players', { body: { name } });
      expect([res.status, res.body.code]).toEqual([400, 'request/invalid']);
      expect(res.body.issues).toEqual([{ path: 'body.name', message }]);
      expect(res.body.token).toBeUndefined();
    },
  );

  it('normalises a name (NFKC) before keeping it: fullwidth letters, a ligature, a decomposed accent', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const res = await api.call('POST', '/v1/players', { body: { name: 'Ｚｏe\u0308 ﬁ' } });
    expect([res.status, res.body.player.name]).toEqual([201, 'Zoë fi']);
    const me = await api.call('GET', '/v1/me', { token: res.body.token });
    expect(me.body.player.name).toBe('Zoë fi');
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'hello'],
    [
      'a token signed with another secret',
      tokenFor('another-secret-0123456789-abcdefghijklmnop', 'p_AAAAAAAAAAAAAAAAAAAAAA'),
    ],
    ['an altered token', `${tokenFor(TEST_SECRET, 'p_AAAAAAAAAAAAAAAAAAAAAA').slice(0, -2)}xx`],
    [
      'another player’s id under a valid signature',
      tokenFor(TEST_SECRET, 'p_AAAAAAAAAAAAAAAAAAAAAA').replace('p_AAAA', 'p_BBBB'),
    ],
    [
      'a signature spelled another way (spare bits of its last character)',
      spareBitsVariant(tokenFor(TEST_SECRET, 'p_AAAAAAAAAAAAAAAAAAAAAA')),
    ],
    [
      'a signature with a character base64url decoding skips',
      `${tokenFor(TEST_SECRET, 'p_AAAAAAAAAAAAAAAAAAAAAA').slice(0, -3)}!${tokenFor(TEST_SECRET, 'p_AAAAAAAAAAAAAAAAAAAAAA').slice(-3)}`,
    ],
  ])('answers 401 to %s', async (_, token) => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const res = await api.call('GET', '/v1/me', token ? { token } : {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.code).toBe('auth/unauthenticated');
  });
});

/** The token with its last character changed only in the 2 bits a 43-character base64url signature does not use. */
function spareBitsVariant(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1) ?? 'A');
  return `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
}
