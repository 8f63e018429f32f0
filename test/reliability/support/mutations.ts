import { newKey, type TestClient, type TestResponse } from '@chickenfoot/api/testing';
import type { Move } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { pick, type Rng } from './scale';

/** One mutating request, ready to be sent (and sent again) with its one Idempotency-Key. */
export interface Mutation {
  /** Sends the request through `client`: the same method, path, headers and body every time. */
  send(client: TestClient): Promise<TestResponse>;
  /** How many times the request took effect, judged from the store once a reply says it did. */
  effects(reply: TestResponse): Promise<number>;
}

/** A mutating route: its successful status, and how to set up one request to it. */
export interface MutatingRoute {
  readonly name: string;
  readonly status: number;
  prepare(api: TestClient, store: Store, rng: Rng): Promise<Mutation>;
}

const RULES = { set: 6 };

/** The four routes that change something, each with the effect a retry must not repeat. */
export const MUTATING_ROUTES: readonly MutatingRoute[] = [
  {
    name: 'POST /v1/players',
    status: 201,
    async prepare(_api, store) {
      const key = newKey();
      return {
        send: (client) =>
          client.call('POST', '/v1/players', { body: { name: 'Retrying Rita' }, headers: { 'idempotency-key': key } }),
        // The player's stream: one PlayerRegistered commit.
        effects: async (reply) => (await store.streams.readAll(reply.body.player.id)).length,
      };
    },
  },
  {
    name: 'POST /v1/games',
    status: 201,
    async prepare(api, store) {
      const creator = await api.register('Creator');
      const key = newKey();
      return {
        send: (client) => client.createGame(creator.token, { seats: 2, rules: RULES }, key),
        // A new player: every game in their list is one this request created.
        effects: async () => (await store.playerGames.list(creator.id)).games.length,
      };
    },
  },
  {
    name: 'POST /v1/games/{id}/join',
    status: 200,
    async prepare(api, store) {
      const [creator, joiner] = await Promise.all([api.register('Creator'), api.register('Joiner')]);
      const created = await api.createGame(creator.token, { seats: 2, rules: RULES });
      const gameId: string = created.body.game.id;
      const key = newKey();
      return {
        send: (client) => client.join(joiner.token, gameId, created.body.game.inviteCode, key),
        // Commits after the creation: the join (which also starts the game and deals).
        effects: async () => ((await store.streams.readLatest(gameId, { snapshot: false }))?.version ?? 0) - 1,
      };
    },
  },
  {
    name: 'POST /v1/games/{id}/moves',
    status: 200,
    async prepare(api, store, rng) {
      const { gameId, tokens } = await api.startGame(2, RULES);
      const first = await api.view(tokens[0] ?? '', gameId);
      const token = tokens[first.body.hand.turn as number] ?? '';
      const view = await api.view(token, gameId);
      const move = pick(rng, view.body.legalMoves as Move[]);
      const key = newKey();
      return {
        send: (client) => client.move(token, gameId, move, view.body.version, key),
        effects: async () =>
          ((await store.streams.readLatest(gameId, { snapshot: false }))?.version ?? 0) - view.body.version,
      };
    },
  },
];

/** What must be the same in two replies to one request: status, the headers a client reads, every byte of the body. */
export function replyOf(res: TestResponse): string {
  const headers = ['content-type', 'etag', 'location', 'retry-after'].map(
    (name) => `${name}: ${res.headers.get(name) ?? '-'}`,
  );
  return [res.status, ...headers, res.text].join('\n');
}
