// The README's inline examples, taken from its text and sent to the real app as written, so that what a
// reader copies works and answers as the README says: the bots list, the clock and more time, the
// rate-limit headers, quick match, messages and mute, and the webhook endpoint's curl body and reply.
import { readFileSync } from 'node:fs';
import { newKey, testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

/**
 * The JSON in the README right after `before` (up to `close`), looked for from `section` on; `wrap`
 * makes an object of a member shown alone (`"bots": […]`).
 */
function example(before: string, close = '`', section = '', wrap = false): any {
  const from = README.indexOf(before, README.indexOf(section));
  if (from < 0) throw new Error(`the README no longer says ${before}`);
  const start = from + before.length;
  const text = README.slice(start, README.indexOf(close, start));
  return JSON.parse(wrap ? `{${text}}` : text);
}

const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;

describe('README examples, sent as written', () => {
  it('"bots": a greedy bot in the lowest free seat, and one in seat 3 at the game’s botLevel', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const { bots } = example('`POST /v1/games` with `', '`', '**Bots**', true) as { bots: unknown[] };
    expect(bots).toEqual([{ level: 'greedy' }, { seat: 3 }]);
    const created = await api.createGame(ann.token, { seats: 5, rules: { set: 9, botLevel: 'random' }, bots });
    expect(created.status).toBe(201);
    expect(created.body.game.seats.map((s: { bot: string | null }) => s.bot)).toEqual([
      null,
      'greedy',
      null,
      'random',
      null,
    ]);
  });

  it('"turnHours": 72 gives every turn 72 hours; {"hours": 24} moves the deadline a day', async () => {
    const clock = { now: T0 };
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
    const rules = example('`"rules": ', '`') as Record<string, unknown>;
    expect(rules).toEqual({ turnHours: 72 });
    const { gameId, tokens } = await api.startGame(2, { set: 6, ...rules });
    const view = (await api.view(tokens[0]!, gameId)).body;
    expect(view.deadline).toBe(new Date(T0 + 72 * HOUR).toISOString());
    const more = example('`POST /v1/games/{id}/time` with `') as { hours: number };
    expect(more).toEqual({ hours: 24 });
    const other = tokens[1 - view.hand.turn]!;
    const given = await api.giveTime(other, gameId, more.hours, view.version);
    expect(given.body.game.deadline).toBe(new Date(T0 + 96 * HOUR).toISOString());
  });

  it('the rate-limit headers read as the README shows them after three requests', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => T0 });
    const policy = /`RateLimit-Policy` \(`([^`]+)`/.exec(README)?.[1];
    const state = /`RateLimit` \(`([^`]+)`/.exec(README)?.[1];
    expect([policy, state]).toEqual(['"player";q=60;w=3', '"player";r=57;t=1']);
    const ann = await api.register('Ann');
    let res = await api.call('GET', '/v1/me', { token: ann.token });
    for (let i = 1; i < 3; i++) res = await api.call('GET', '/v1/me', { token: ann.token });
    expect([res.headers.get('ratelimit-policy'), res.headers.get('ratelimit')]).toEqual([policy, state]);
  });

  it('quick match with {"seats":3,"rules":{"set":9}}: three players land in one game, which starts', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const body = example('`POST /v1/lobby/quick-match` with `');
    expect(body).toEqual({ seats: 3, rules: { set: 9 } });
    const ids: string[] = [];
    let last: any;
    for (const name of ['Ann', 'Bob', 'Cat']) {
      const { token } = await api.register(name);
      last = await api.call('POST', '/v1/lobby/quick-match', { token, body, headers: { 'idempotency-key': newKey() } });
      expect(last.status).toBeLessThan(300);
      ids.push(last.body.game.id);
    }
    expect(new Set(ids).size).toBe(1);
    expect(last.body.game).toMatchObject({ status: 'playing', rules: { set: 9 } });
  });

  it('a message {"text":"gg"} reaches the others; {"muted":true} hides messages for the one who mutes', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const text = example('`POST /v1/games/{id}/messages` with `');
    const mute = example('`PUT /v1/games/{id}/messages/mute` with `');
    expect([text, mute]).toEqual([{ text: 'gg' }, { muted: true }]);
    const sent = await api.call('POST', `/v1/games/${gameId}/messages`, {
      token: tokens[0],
      body: text,
      headers: { 'idempotency-key': newKey() },
    });
    expect(sent.status).toBe(201);
    const read = (token: string) => api.call('GET', `/v1/games/${gameId}/messages?after=0`, { token });
    expect((await read(tokens[1]!)).body.messages).toEqual([expect.objectContaining({ seat: 0, text: 'gg' })]);
    expect((await api.call('PUT', `/v1/games/${gameId}/messages/mute`, { token: tokens[1], body: mute })).status).toBe(
      200,
    );
    const muted = (await read(tokens[1]!)).body;
    expect(muted.messages).toEqual([]);
    expect((await read(tokens[0]!)).body.messages).toHaveLength(1);
  });

  it('the webhook endpoint’s curl body is accepted and answered as the comment under it shows', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { webhooks: { allowLoopbackHttp: false } });
    const ann = await api.register('Ann');
    const body = example(`-d '`, `'`, '## Notifications: webhooks');
    expect(body).toEqual({ url: 'https://example.com/hook', events: ['turn.started', 'turn.reminder'] });
    const added = await api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body,
      headers: { 'idempotency-key': newKey() },
    });
    expect(added.status).toBe(201);
    // # {"endpoint":{"id":"we_…","url":"https://example.com/hook",…},"secret":"whsec_…"}
    expect(README).toContain('# {"endpoint":{"id":"we_…","url":"https://example.com/hook",…},"secret":"whsec_…"}');
    expect(added.body).toMatchObject({
      endpoint: { id: expect.stringMatching(/^we_/), url: body.url, events: body.events },
      secret: expect.stringMatching(/^whsec_/),
    });
    // "the secret is shown only here".
    const listed = await api.call('GET', '/v1/me/webhooks', { token: ann.token });
    expect(listed.text).not.toContain(added.body.secret);
  });
});
