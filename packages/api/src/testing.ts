// Test support for the suites beside this file and in test/: an app on a fresh table of the shared
// test dynalite, and a small client that speaks to it through `app.request` (the real app, no mocks).
import { randomUUID } from 'node:crypto';
import type { Move, Tile } from '@chickenfoot/rules';
import { createDynamoClient, ensureTable, EventStore } from '@chickenfoot/store';
import { createApp, type AppOptions } from './app';
import type { LogRecord } from './http/logging';

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

/**
 * An app on its own table, with its logs collected.
 * @example const { api } = await testApi(inject('dynamoEndpoint')); const ann = await api.register('Ann');
 */
export async function testApi(endpoint: string, options: Partial<AppOptions> = {}) {
  const client = createDynamoClient({ endpoint, maxAttempts: 1 });
  const tableName = `api-${randomUUID()}`;
  await ensureTable(client, tableName);
  const store = new EventStore({ client, tableName });
  const logs: LogRecord[] = [];
  const app = createApp({ store, secret: TEST_SECRET, logger: (record) => logs.push(record), ...options });
  return { app, store, logs, api: new TestClient((request) => app.request(request)) };
}

let keys = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `test-key-${process.pid}-${++keys}-${randomUUID()}`;

/** Talks to an app (or anything with a fetch-like function) the way a client would. */
export class TestClient {
  constructor(private readonly fetch: (request: Request) => Response | Promise<Response>) {}

  async call<T = any>(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers: { ...headers, ...options.headers } };
    if (options.body !== undefined) init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const response = await this.fetch(new Request(`http://api.test${path}`, init));
    const text = await response.text();
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
    return this.call('POST', `/v1/games/${gameId}/join`, { token, body: { inviteCode }, headers: { 'idempotency-key': key } });
  }

  view(token: string, gameId: string) {
    return this.call('GET', `/v1/games/${gameId}`, { token });
  }

  move(token: string, gameId: string, move: Move | unknown, version: number, key = newKey()) {
    return this.call('POST', `/v1/games/${gameId}/moves`, { token, body: move, headers: { 'if-match': `"${version}"`, 'idempotency-key': key } });
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
