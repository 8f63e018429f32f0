import { newKey, stackedShuffle, TEST_SECRET, testApi, type TestClient } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom, stackedDeck, type Move } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { chooser } from './choice';
import type { GameKey, Identity } from './hostile-requests';
import { DEVICE_KEYS, headerSafe } from './hostile-values';
import { playToEnd } from './play';
import { alterations, ghostId, signToken } from './tokens';

/** One of the suite's games, as it was before the hostile requests. */
export interface KnownGame {
  readonly id: string;
  readonly version: number;
  readonly inviteCode: string;
  readonly seated: readonly Identity[];
  /** What each seated player may legally do now (from their own views). */
  readonly legal: Partial<Record<Identity, Move[]>>;
}

/** The app under attack, its players' tokens and its games. */
export interface World {
  readonly app: Awaited<ReturnType<typeof testApi>>['app'];
  readonly store: Store;
  readonly tokens: Record<'ann' | 'bob' | 'cat' | 'eve' | 'ghost' | 'forged', string>;
  readonly altered: readonly string[];
  readonly games: Record<'waiting' | 'playing' | 'finished', KnownGame>;
  /** A watch token of the playing game (Ann's link): what `ann` sends on the /v1/watch routes. */
  readonly watchToken: string;
  /** Ann's webhook endpoint (the `{endpoint}` of the webhook routes), and a delivery of it (`{delivery}`). */
  readonly endpointId: string;
  readonly deliveryId: string;
  /** Ann's push subscription (the `{subscription}` of the push routes). */
  readonly subscriptionId: string;
}

// Double-6 with four spokes, seat 0 holds 6-6 and places it at the deal; seat 1 plays next.
const HANDS = [
  ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
  ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
];

/**
 * Registers Ann, Bob, Cat and Eve and makes three games: waiting (Ann and Bob of 3 seats), playing
 * (Ann and Bob, Bob to play) and finished (Ann and Cat, played to the end). Eve is seated nowhere.
 * Rate limits are lifted (the hostile requests come from one address and a few players) and
 * long-polls last 50 ms at most, so ten thousand requests take seconds, not hours.
 */
export async function buildWorld(endpoint: string): Promise<World> {
  // The first deal (the playing game's) is stacked; the finished game's are shuffled with a seed.
  const stacked = stackedShuffle(stackedDeck(6, HANDS.flat()));
  const seeded = fisherYates(seededRandom(7));
  let deals = 0;
  const { app, store, api } = await testApi(endpoint, {
    shuffle: (tiles) => (deals++ === 0 ? stacked : seeded)?.(tiles) ?? [],
    limits: {
      perPlayer: { burst: 1e9, perSecond: 1e9 },
      registrations: { burst: 1e9, perSecond: 1e9 },
      maxWaitSeconds: 0.05,
      pollMs: 10,
    },
    // Pushes are queued, never sent: no sweeper runs in the hostile suites.
    push: { secret: 'hostile-suite-vapid-secret-0123456789-abcdef' },
  });
  const [ann, bob, cat, eve] = await Promise.all(['Ann', 'Bob', 'Cat', 'Eve'].map((name) => api.register(name)));
  if (!ann || !bob || !cat || !eve) throw new Error('registration failed');

  const playing = await newGame(api, [ann.token, bob.token], { seats: 2, rules: { set: 6, spokes: 4 } });
  const waiting = await newGame(api, [ann.token, bob.token], { seats: 3, rules: { set: 6 } });
  const finished = await newGame(api, [ann.token, cat.token], { seats: 2, rules: { set: 6, handSize: 2 } });
  await playToEnd(api, finished.id, [ann.token, cat.token], chooser(3));

  const known = async (game: { id: string; inviteCode: string }, seated: [Identity, string][]): Promise<KnownGame> => {
    const views = await Promise.all(seated.map(([, token]) => api.view(token, game.id)));
    return {
      ...game,
      version: views[0]?.body.version as number,
      seated: seated.map(([who]) => who),
      legal: Object.fromEntries(seated.map(([who], i) => [who, views[i]?.body.legalMoves ?? []])),
    };
  };
  const link = await api.call('POST', `/v1/games/${playing.id}/watch-links`, {
    token: ann.token,
    headers: { 'idempotency-key': newKey() },
  });
  if (link.status !== 201) throw new Error(`watch link: ${link.status} ${link.text}`);
  const hook = await api.call('POST', '/v1/me/webhooks', {
    token: ann.token,
    body: { url: 'https://hooks.example.com/ann' },
    headers: { 'idempotency-key': newKey() },
  });
  if (hook.status !== 201) throw new Error(`webhook endpoint: ${hook.status} ${hook.text}`);
  const endpointId = hook.body.endpoint.id as string;
  // Queued, never sent: no sweeper runs in the hostile suites.
  const queued = await api.call('POST', `/v1/me/webhooks/${endpointId}/test`, {
    token: ann.token,
    headers: { 'idempotency-key': newKey() },
  });
  const device = await api.call('POST', '/v1/me/push-subscriptions', {
    token: ann.token,
    body: { endpoint: 'https://push.example.com/send/ann', keys: DEVICE_KEYS, label: 'Ann’s phone' },
  });
  if (device.status !== 201) throw new Error(`push subscription: ${device.status} ${device.text}`);
  return {
    subscriptionId: device.body.id as string,
    endpointId,
    deliveryId: queued.body.id as string,
    app,
    store,
    watchToken: link.body.token as string,
    tokens: {
      ann: ann.token,
      bob: bob.token,
      cat: cat.token,
      eve: eve.token,
      ghost: signToken(TEST_SECRET, ghostId(1)),
      forged: signToken('not-the-server-secret-0123456789-abcdef', ann.id),
    },
    altered: alterations(ann.token),
    games: {
      waiting: await known(waiting, [
        ['ann', ann.token],
        ['bob', bob.token],
      ]),
      playing: await known(playing, [
        ['ann', ann.token],
        ['bob', bob.token],
      ]),
      finished: await known(finished, [
        ['ann', ann.token],
        ['cat', cat.token],
      ]),
    },
  };
}

async function newGame(api: TestClient, tokens: string[], body: object): Promise<{ id: string; inviteCode: string }> {
  const created = await api.createGame(tokens[0] as string, body, newKey());
  if (created.status !== 201) throw new Error(`create: ${created.text}`);
  const { id, inviteCode } = created.body.game as { id: string; inviteCode: string };
  for (const token of tokens.slice(1)) await api.join(token, id, inviteCode);
  return { id, inviteCode };
}

/** The Authorization header an identity sends (none for `none`). */
export function authorization(world: World, identity: Identity, pick: number, text: string): string | undefined {
  switch (identity) {
    case 'none':
      return undefined;
    case 'altered':
      return `Bearer ${world.altered[pick % world.altered.length]}`;
    case 'garbage':
      return headerSafe(
        ['Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${text}`, text, `Bearer ${world.tokens.ann} ${world.tokens.bob}`][
          pick % 5
        ] as string,
      );
    default:
      return `Bearer ${world.tokens[identity]}`;
  }
}

/** The game a path names, if it is one of the suite's games. */
export const gameOf = (world: World, key: GameKey | null): KnownGame | null =>
  key === 'waiting' || key === 'playing' || key === 'finished' ? world.games[key] : null;
