// An invite link's preview (GET /v1/games/{id}/invitation): who invites to what, for whoever holds the
// code in the Invite-Code header, no token needed; a wrong code refused exactly as a join refuses it;
// nothing of a hand; held to a per-address limit.
import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

const look = (api: Awaited<ReturnType<typeof testApi>>['api'], id: string, code?: string) =>
  api.call('GET', `/v1/games/${id}/invitation`, code === undefined ? {} : { headers: { 'invite-code': code } });
/** A problem's body without what differs between two requests (the request id, the game id). */
const same = (text: string) => text.replace(/g_[\w-]{22}|"requestId":"[^"]+"/g, '');

describe('an invitation, before joining', () => {
  it('names the inviter, the rules and the seats left, to anyone with the code; nothing of the hand once it started', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 9 }, bots: [{ level: 'greedy' }] });
    const { id, inviteCode } = created.body.game as { id: string; inviteCode: string };

    const waiting = await look(api, id, inviteCode.toLowerCase());
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('ratelimit-policy')).toMatch(/^"invitation";/);
    expect(waiting.body).toEqual({
      id,
      status: 'waiting',
      inviter: 'Ann',
      rules: created.body.game.rules,
      seats: 3,
      freeSeats: 1,
    });

    const bob = await api.register('Bob');
    expect((await api.join(bob.token, id, inviteCode)).status).toBe(200);
    const started = await look(api, id, inviteCode);
    expect(started.body).toMatchObject({ status: 'playing', inviter: 'Ann', seats: 3, freeSeats: 0 });
    // The rules and the seats, nothing more: no tiles, no hand, no player's id.
    expect(Object.keys(started.body).sort()).toEqual(['freeSeats', 'id', 'inviter', 'rules', 'seats', 'status']);
    expect(started.text).not.toContain(bob.id);
    expect(started.text).not.toContain(ann.id);
  });

  it('refuses a wrong code, or a game that is not there, exactly as a join does; and a missing code as a bad request', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const bob = await api.register('Bob');
    const { id } = (await api.createGame(ann.token, { seats: 2 })).body.game as { id: string };
    const wrong = await look(api, id, 'ABCDEFGHJK');
    const joined = await api.join(bob.token, id, 'ABCDEFGHJK');
    const nowhere = await look(api, 'g_QQQQQQQQQQQQQQQQQQQQQQ', 'ABCDEFGHJK');
    expect([wrong.status, joined.status, nowhere.status]).toEqual([404, 404, 404]);
    expect(wrong.body.code).toBe('game/not-found');
    expect(same(wrong.text)).toBe(same(joined.text));
    expect(same(nowhere.text)).toBe(same(wrong.text));
    const bare = await look(api, id);
    expect([bare.status, bare.body.code]).toEqual([400, 'request/invalid']);
  });

  it('says when the inviter deleted their account: the game is cancelled, the name gone', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const { id, inviteCode } = (await api.createGame(ann.token, { seats: 2 })).body.game as {
      id: string;
      inviteCode: string;
    };
    const etag = (await api.call('GET', '/v1/me', { token: ann.token })).headers.get('etag')!;
    const gone = await api.call('DELETE', '/v1/me', {
      token: ann.token,
      headers: { 'if-match': etag, 'idempotency-key': newKey() },
    });
    expect(gone.status).toBe(204);
    expect((await look(api, id, inviteCode)).body).toMatchObject({ status: 'cancelled', inviter: null, freeSeats: 0 });
  });

  it('is limited per client address, with or without a token', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 2, perSecond: 0.01 } } });
    const ann = await api.register('Ann');
    const { id, inviteCode } = (await api.createGame(ann.token, { seats: 2 })).body.game as {
      id: string;
      inviteCode: string;
    };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await look(api, id, i === 0 ? inviteCode : 'ABCDEFGHJK')).status);
    const refused = await api.call('GET', `/v1/games/${id}/invitation`, {
      token: ann.token,
      headers: { 'invite-code': inviteCode },
    });
    expect([...statuses, refused.status]).toEqual([200, 404, 429, 429]);
    expect(refused.body.code).toBe('request/too-many-requests');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
