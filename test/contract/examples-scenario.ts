/**
 * The story the contract's examples are taken from: two players, Ann and Bob, use every operation once
 * on the real app (dynalite, the seeded shuffle, one fake clock, its sweeper), and each request body and
 * success reply is kept. `examples.test.ts` replays it on every run and holds the committed examples
 * (packages/api/src/contract/examples.json) to what the app answers; `UPDATE_EXAMPLES=1` rewrites them.
 */
import { newKey, testApi } from '@chickenfoot/api/testing';
import { TestClock } from '@chickenfoot/app';
import { createECDH } from 'node:crypto';

/** One operation's example: the body it was sent (if any), and its reply by status. */
export interface Example {
  request?: unknown;
  responses: Record<string, unknown>;
}

const T0 = Date.UTC(2026, 10, 30, 7, 0, 0);
/** The VAPID secret of the story's server (push on, as `npm start`'s is). */
const VAPID_SECRET = 'examples-vapid-secret-0123456789-abcdefghijklmn';

/** A browser's subscription keys, the same on every run: a fixed P-256 private key and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.alloc(32, 7));
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: 'ZXhhbXBsZS1hdXRoLTE2Qg' };
}
const HOUR = 3_600_000;

/**
 * Runs the story against a fresh app on `endpoint`; returns the examples by operationId (and
 * `webhook:<type>` for the bodies the sweeper delivered).
 * @example const examples = await exampleScenario(inject('dynamoEndpoint'));
 */
export async function exampleScenario(endpoint: string): Promise<Record<string, Example>> {
  const clock = { now: T0 };
  // A server with a test clock, as `TEST_CLOCK=1 npm start` is: moved forward only at the end.
  const testClock = new TestClock(() => clock.now);
  const { api, sweeper } = await testApi(endpoint, {
    clock: testClock.now,
    testClock: { clock: testClock },
    push: { secret: VAPID_SECRET },
  });
  const examples: Record<string, Example> = {};
  /** Calls an operation and keeps its example (a 2xx reply's body; a 204's too: none). */
  const call = async (id: string, method: string, path: string, options: Parameters<typeof api.call>[2] = {}) => {
    const response = await api.call(method, path, options);
    if (response.status >= 300) throw new Error(`${id}: ${response.status} ${response.text}`);
    examples[id] ??= { responses: {} };
    if (options.body !== undefined) examples[id].request ??= options.body;
    if (response.text) examples[id].responses[response.status] ??= response.body;
    clock.now += 60_000;
    return response.body;
  };
  const keyed = (token: string, extra: Record<string, string> = {}) => ({
    token,
    headers: { 'idempotency-key': newKey(), ...extra },
  });
  const at = (version: number) => ({ 'if-match': `"${version}"` });
  /** The If-Match of one's account now, from GET /v1/me's ETag. */
  const account = async (token: string) => ({
    'if-match': (await api.call('GET', '/v1/me', { token })).headers.get('etag')!,
  });

  const ann = await call('registerPlayer', 'POST', '/v1/players', { body: { name: 'Ann' } });
  const bob = await call('registerPlayer', 'POST', '/v1/players', { body: { name: 'Bob' } });
  const [A, B] = [ann.token as string, bob.token as string];
  await call('getMe', 'GET', '/v1/me', { token: A });
  await call('renameMe', 'PATCH', '/v1/me', { ...keyed(A, await account(A)), body: { name: 'Annie' } });
  const issued = await call('createToken', 'POST', '/v1/me/tokens', keyed(A));
  await call('listTokens', 'GET', '/v1/me/tokens', { token: A });
  await call('revokeToken', 'DELETE', `/v1/me/tokens/${issued.id}`, keyed(A, await account(A)));
  await call('revokeAllTokens', 'DELETE', '/v1/me/tokens', keyed(A, await account(A)));

  // Webhook endpoints first, so they hear of everything that follows.
  const hook = await call('createWebhookEndpoint', 'POST', '/v1/me/webhooks', {
    ...keyed(A),
    body: {
      url: 'http://127.0.0.1:9/chickenfoot',
      events: ['turn.started', 'turn.reminder', 'turn.timed-out', 'game.started', 'hand.ended', 'game.finished'],
      description: 'My bot',
    },
  });
  const bobs = await call('createWebhookEndpoint', 'POST', '/v1/me/webhooks', {
    ...keyed(B),
    body: { url: 'http://127.0.0.1:9/bob' },
  });
  // A clocked game for two, double-6, three tiles each: Ann creates it, Bob joins, it starts.
  const rules = { set: 6, handSize: 3, turnHours: 24, awayAfter: 1 };
  const created = await call('createGame', 'POST', '/v1/games', { ...keyed(A), body: { seats: 2, rules } });
  const id = created.game.id as string;
  await call('joinGame', 'POST', `/v1/games/${id}/join`, {
    ...keyed(B),
    body: { inviteCode: created.game.inviteCode },
  });
  const tokens = [A, B];
  const view = async (seat: number) => api.view(tokens[seat]!, id).then((r) => r.body);
  const inTurn = async () => (await view(0)).hand.turn as number;
  await call('getGame', 'GET', `/v1/games/${id}`, { token: tokens[await inTurn()]! });
  await call('listEvents', 'GET', `/v1/games/${id}/events?after=0&limit=1`, { token: A });
  await call('postMessage', 'POST', `/v1/games/${id}/messages`, { ...keyed(B), body: { text: 'Good luck!' } });
  await call('listMessages', 'GET', `/v1/games/${id}/messages?after=0`, { token: A });
  await call('muteMessages', 'PUT', `/v1/games/${id}/messages/mute`, { token: A, body: { muted: true } });
  const link = await call('createWatchLink', 'POST', `/v1/games/${id}/watch-links`, keyed(A));
  await call('listWatchLinks', 'GET', `/v1/games/${id}/watch-links`, { token: B });
  await call('watchGame', 'GET', '/v1/watch', { token: link.token });
  await call('watchEvents', 'GET', '/v1/watch/events?after=0&limit=1', { token: link.token });
  await call('revokeWatchLink', 'DELETE', `/v1/games/${id}/watch-links/${link.id}`, { token: B });

  // The player not in turn gives the one in turn more time; then that turn runs out, and the seat is away.
  let turn = await inTurn();
  let game = await view(turn);
  await call('giveTime', 'POST', `/v1/games/${id}/time`, {
    ...keyed(tokens[1 - turn]!, at(game.version)),
    body: { hours: 2 },
  });
  clock.now += 21.5 * HOUR; // past 80% of the turn (24 h and 2 more): a reminder
  await sweeper.sweep(clock.now);
  clock.now += 5 * HOUR; // past its deadline: timed out, and away (awayAfter 1)
  await sweeper.sweep(clock.now);
  game = await view(turn);
  await call('returnToGame', 'POST', `/v1/games/${id}/return`, keyed(tokens[turn]!, at(game.version)));

  // Played to the end, each seat taking its first legal move.
  for (let step = 0; step < 500; step++) {
    game = await view(0);
    if (game.status !== 'playing') break;
    turn = game.hand.turn as number;
    const mine = await view(turn);
    const move = mine.legalMoves.find((m: { type: string }) => m.type === 'play') ?? mine.legalMoves[0];
    await call('makeMove', 'POST', `/v1/games/${id}/moves`, { ...keyed(tokens[turn]!, at(mine.version)), body: move });
    if (step % 10 === 0) await sweeper.sweep(clock.now);
  }
  await sweeper.sweep(clock.now);
  const exported = await call('exportGame', 'GET', `/v1/games/${id}/export`, { token: B });
  // An excerpt: the last commit alone (the whole game is ~35 KB, too long for a reference).
  examples.exportGame!.responses['200'] = {
    ...exported,
    commits: [exported.commits.at(-1)],
  };
  await call('replayGame', 'GET', `/v1/games/${id}/replay?at=3`, { token: B });
  await call('rematch', 'POST', `/v1/games/${id}/rematch`, keyed(B));
  await call('rematch', 'POST', `/v1/games/${id}/rematch`, keyed(A));

  // A waiting game for four: Ann seats a bot, Bob joins and leaves, joins again, and Ann cancels it
  // (Bob is told: game.cancelled).
  const three = await call('createGame', 'POST', '/v1/games', {
    ...keyed(A),
    body: { seats: 4, rules: { set: 9 }, open: true },
  });
  const tid = three.game.id as string;
  await call('listLobby', 'GET', '/v1/lobby', { token: B });
  await call('addBot', 'POST', `/v1/games/${tid}/bots`, { ...keyed(A, at(three.version)), body: { level: 'greedy' } });
  // What Bob's invite link says before he joins (no token). Kept without moving the clock on, as the
  // reply holds no time: the examples after it keep theirs.
  const invitation = await api.call('GET', `/v1/games/${tid}/invitation`, {
    headers: { 'invite-code': three.game.inviteCode },
  });
  examples.getInvitation = { responses: { [invitation.status]: invitation.body } };
  const joined = await call('joinGame', 'POST', `/v1/games/${tid}/join`, { ...keyed(B), body: {} });
  await call('leaveGame', 'POST', `/v1/games/${tid}/leave`, keyed(B, at(joined.version)));
  const again = await api.call('POST', `/v1/games/${tid}/join`, { ...keyed(B), body: {} });
  await call('cancelGame', 'POST', `/v1/games/${tid}/cancel`, keyed(A, at(again.body.version)));
  await call('quickMatch', 'POST', '/v1/lobby/quick-match', { ...keyed(B), body: { seats: 2, rules: { set: 6 } } });
  await call('listMyGames', 'GET', '/v1/me/games?limit=1', { token: A });

  // Ann's webhook endpoint: its log, a test, a redelivery, a rotation, a change, its removal.
  const hid = hook.endpoint.id as string;
  await call('listWebhookEndpoints', 'GET', '/v1/me/webhooks', { token: A });
  await call('getWebhookEndpoint', 'GET', `/v1/me/webhooks/${hid}`, { token: A });
  await call('testWebhookEndpoint', 'POST', `/v1/me/webhooks/${hid}/test`, keyed(A));
  await sweeper.sweep(clock.now);
  const log = await call('listWebhookDeliveries', 'GET', `/v1/me/webhooks/${hid}/deliveries?limit=1`, { token: A });
  await call('redeliverWebhook', 'POST', `/v1/me/webhooks/${hid}/deliveries/${log.deliveries[0].id}/redeliver`, {
    token: A,
  });
  await call('rotateWebhookSecret', 'POST', `/v1/me/webhooks/${hid}/secret`, keyed(A));
  await call('updateWebhookEndpoint', 'PATCH', `/v1/me/webhooks/${hid}`, {
    token: A,
    body: { events: ['turn.started'], enabled: true },
  });
  // What the sweeper delivered to both endpoints (to no receiver: the bodies are in the logs all the same).
  for (const [token, endpoint] of [
    [A, hid],
    [B, bobs.endpoint.id],
  ] as const) {
    const all = await api.call('GET', `/v1/me/webhooks/${endpoint}/deliveries?limit=100`, { token });
    for (const delivery of all.body.deliveries as { type: string; body: string }[]) {
      examples[`webhook:${delivery.type}`] ??= { request: JSON.parse(delivery.body), responses: {} };
    }
  }
  await call('deleteWebhookEndpoint', 'DELETE', `/v1/me/webhooks/${hid}`, { token: A });

  // Ann's phone, told of her games by Web Push: the key, its registration, a change, a test, its removal.
  await call('getPushKey', 'GET', '/v1/push/key', { token: A });
  const phone = await call('createPushSubscription', 'POST', '/v1/me/push-subscriptions', {
    token: A,
    body: { endpoint: 'http://127.0.0.1:9/push/ann-phone', keys: browserKeys(), label: 'Ann’s phone' },
  });
  await call('listPushSubscriptions', 'GET', '/v1/me/push-subscriptions', { token: A });
  await call('updatePushSubscription', 'PATCH', `/v1/me/push-subscriptions/${phone.id}`, {
    token: A,
    body: { events: ['turn.started', 'turn.reminder', 'game.finished'] },
  });
  await call('testPushSubscription', 'POST', `/v1/me/push-subscriptions/${phone.id}/test`, { token: A });
  await call('deletePushSubscription', 'DELETE', `/v1/me/push-subscriptions/${phone.id}`, { token: A });
  await call('deleteMe', 'DELETE', '/v1/me', keyed(B, await account(B)));
  await call('getTestClock', 'GET', '/v1/test-clock', { token: A });
  await call('advanceTestClock', 'POST', '/v1/test-clock/advance', { token: A, body: { hours: 24 } });
  return excerpted(examples);
}

/** The most events a command reply's example shows: the first two of a join’s 25 say enough. */
const EVENTS_SHOWN = 2;

/** The examples with every command reply's `events` cut to its first few (an excerpt, as the export's). */
function excerpted(examples: Record<string, Example>): Record<string, Example> {
  for (const example of Object.values(examples)) {
    for (const body of Object.values(example.responses) as { events?: unknown; game?: unknown }[]) {
      if (body?.game && Array.isArray(body.events)) body.events = body.events.slice(0, EVENTS_SHOWN);
    }
  }
  return examples;
}
