// Test support for the suites beside this file and in test/: an app on a fresh table of the shared
// test dynalite, and a small client that speaks to it through `app.request` (the real app, no mocks).
import { randomUUID } from 'node:crypto';
import { fisherYates, seededRandom, type Move, type Tile } from '@chickenfoot/rules';
import type { LambdaEvent } from 'hono/aws-lambda';
import { createDynamoClient, ensureTable, openStore, type Store } from '@chickenfoot/store';
import { createApp, type AppOptions } from './app';
import type { LogRecord } from '@chickenfoot/app';
import { appSweeper, type SweeperWebhookOptions } from '@chickenfoot/app';

/** A seeded [0, 1) from a seeded whole-number generator: the retries' jitter, deterministic. */
const jitter = (random: (bound: number) => number) => () => random(1_000_000) / 1_000_000;

/** The signing secret of test apps. */
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** A response as tests read it. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/** A shuffle that deals the given decks in order, then fails (a test should stack every deal it causes). */
export function stackedShuffle(...decks: Tile[][]): AppOptions['shuffle'] {
  return () => {
    const deck = decks.shift();
    if (!deck) throw new Error('the test stacked no more decks');
    return deck;
  };
}

/** A shuffle that deals the given decks first, then shuffles from a seed: for tests that stack only the first hands. */
export function stackedThenSeeded(seed: number, ...decks: Tile[][]): NonNullable<AppOptions['shuffle']> {
  const rest = fisherYates(seededRandom(seed));
  return (tiles) => decks.shift() ?? rest(tiles);
}

/**
 * The seed of test apps' deals, unless a test stacks its own: set `TEST_SEED` to replay a run's deals.
 * Deals are seeded so that any failure replays; each app's deals follow from it in order.
 */
export const TEST_SEED = Number(process.env.TEST_SEED ?? 1);

/**
 * An app on its own table (or on `options.store`), with its logs collected and its deals shuffled from `TEST_SEED`.
 * @example const { api } = await testApi(inject('dynamoEndpoint')); const ann = await api.register('Ann');
 */
export async function testApi(
  endpoint: string,
  options: Partial<AppOptions> & { sweeperWebhooks?: SweeperWebhookOptions } = {},
) {
  const { sweeperWebhooks, ...appOptions } = options;
  const store = options.store ?? (await freshStore(endpoint));
  const logs: LogRecord[] = [];
  const app = createApp({
    store,
    secret: TEST_SECRET,
    shuffle: fisherYates(seededRandom(TEST_SEED)),
    logger: (record) => logs.push(record),
    // Receivers in tests listen on loopback over plain HTTP, as in local development.
    webhooks: { allowLoopbackHttp: true },
    ...appOptions,
  });
  // The app's sweeper on the same store and clock, as `npm start` runs it beside the app.
  const sweeper = appSweeper({
    store,
    ...(options.push ? { push: options.push } : {}),
    shuffle: fisherYates(seededRandom(TEST_SEED + 1)),
    logger: (record) => logs.push(record),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.bots ? { bots: options.bots } : {}),
    webhooks: { allowLoopbackHttp: true, random: jitter(seededRandom(TEST_SEED + 2)), ...sweeperWebhooks },
  });
  return { app, store, logs, sweeper, api: new TestClient((request) => app.request(request)) };
}

async function freshStore(endpoint: string): Promise<Store> {
  const client = createDynamoClient({ endpoint, maxAttempts: 1 });
  const tableName = `api-${randomUUID()}`;
  await ensureTable(client, tableName);
  return openStore({ client, tableName });
}

/** A response a test received, as the contract checks (test/support/contract) look at it. */
export interface ObservedResponse {
  readonly method: string;
  /** The path and query string requested. */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Checks every observed response; throws (or rejects) to fail the test that received it. */
export type ResponseObserver = (response: ObservedResponse) => void | Promise<void>;

// A well-known global rather than a module variable: vitest's setup file (test/support/contract/setup.ts)
// installs the observer without importing this module, which would load the AWS SDK into every test
// file, the rules' unit tests too.
const OBSERVER = Symbol.for('chickenfoot.test.response-observer');

/**
 * Hands a response to the observer installed for the test run, if any (the contract conformance
 * check): every `TestClient` response goes through it, and suites that receive responses another
 * way (a Lambda handler's result) call it themselves.
 * @example await reportResponse({ method: 'GET', url: '/v1/me', status: 200, headers, text });
 */
export async function reportResponse(response: ObservedResponse): Promise<void> {
  const observer = (globalThis as { [OBSERVER]?: ResponseObserver })[OBSERVER];
  if (observer) await observer(response);
}

let keys = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `test-key-${process.pid}-${++keys}-${randomUUID()}`;

/** Talks to an app (or anything with a fetch-like function) the way a client would. */
export class TestClient {
  constructor(private readonly fetch: (request: Request) => Response | Promise<Response>) {}

  async call<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers: { ...headers, ...options.headers } };
    if (options.body !== undefined)
      init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const response = await this.fetch(new Request(`http://api.test${path}`, init));
    const text = await response.text();
    await reportResponse({ method, url: path, status: response.status, headers: response.headers, text });
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, headers: response.headers, text, body: body as T };
  }

  async register(name: string): Promise<{ id: string; token: string }> {
    const res = await this.call('POST', '/v1/players', { body: { name } });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
    return { id: res.body.player.id, token: res.body.token };
  }

  createGame(token: string, body: unknown, key = newKey()) {
    return this.call('POST', '/v1/games', { token, body, headers: { 'idempotency-key': key } });
  }

  join(token: string, gameId: string, inviteCode: string, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/join`, {
      token,
      body: { inviteCode },
      headers: { 'idempotency-key': key },
    });
  }

  view(token: string, gameId: string) {
    return this.call('GET', `/v1/games/${gameId}`, { token });
  }

  move(token: string, gameId: string, move: Move | unknown, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/moves`, {
      token,
      body: move,
      headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
    });
  }

  /** The creator seats a bot (`body`: its level and seat, both optional) at `version`. */
  addBot(token: string, gameId: string, body: unknown, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/bots`, {
      token,
      body,
      headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
    });
  }

  /** Leaves a game at `version`. */
  leave(token: string, gameId: string, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/leave`, {
      token,
      headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
    });
  }

  /** Takes the caller's away seat back, at `version`. */
  returnToGame(token: string, gameId: string, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/return`, {
      token,
      headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
    });
  }

  /** Gives the seat in turn `hours` more, at `version`. */
  giveTime(token: string, gameId: string, hours: unknown, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/time`, {
      token,
      body: { hours },
      headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
    });
  }

  /** The commits after `after`, as the caller may see them. */
  events(token: string, gameId: string, after = 0) {
    return this.call('GET', `/v1/games/${gameId}/events?after=${after}`, { token });
  }

  /** Registers `seats` players, creates a game with the first, seats the others; returns tokens and the game id. */
  async startGame(seats: number, rules: Record<string, unknown> = {}) {
    const players = await Promise.all(Array.from({ length: seats }, (_, i) => this.register(`Player ${i}`)));
    const created = await this.createGame(players[0]!.token, { seats, rules });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
    const gameId: string = created.body.game.id;
    for (const player of players.slice(1)) {
      const joined = await this.join(player.token, gameId, created.body.game.inviteCode);
      if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
    }
    return { gameId, players, tokens: players.map((p) => p.token) };
  }
}

/** What a test may set on an API Gateway event. */
export interface ApiGatewayEventOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: string;
}

/**
 * An API Gateway HTTP API (payload 2.0) event, as API Gateway sends it to the Lambda handler, with a
 * fresh `requestContext.requestId` ("apigw-…").
 * @example await handler(apiGatewayEvent('GET', '/v1/me', { headers: { authorization: `Bearer ${token}` } }), context);
 */
export function apiGatewayEvent(method: string, path: string, options: ApiGatewayEventOptions = {}): LambdaEvent {
  const host = 'abc123.execute-api.eu-west-1.amazonaws.com';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: options.query ?? '',
    headers: {
      host,
      'user-agent': 'vitest',
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: host,
      domainPrefix: 'abc123',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest' },
      requestId: `apigw-${randomUUID()}`,
      routeKey: '$default',
      stage: '$default',
      time: '30/Nov/2026:07:00:00 +0000',
      timeEpoch: 1_795_000_000_000,
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    isBase64Encoded: false,
  } as unknown as LambdaEvent;
}
