// A third-party client: types generated from openapi.yaml by openapi-typescript (api-types.ts) and
// requests made by openapi-fetch, over real HTTP. Nothing here comes from this project's packages.
import createClient, { type Middleware } from 'openapi-fetch';
import { checkFetched } from '../support/contract/fetch';
import type { components, paths } from '@chickenfoot/web/api-types';

export type Move = components['schemas']['Move'];

// Every response this client gets is checked against openapi.yaml: the types trust it, the test checks it.
const conformance: Middleware = { onResponse: ({ request, response }) => checkFetched(request, response) };

/** One seat's client: its own token, nothing else. */
export class Seat {
  private readonly client;
  private keys = 0;

  constructor(
    baseUrl: string,
    readonly name: string,
    readonly token: string,
  ) {
    this.client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
    this.client.use(conformance);
  }

  /** Registers a player and returns its seat client. */
  static async register(baseUrl: string, name: string): Promise<Seat> {
    const anonymous = createClient<paths>({ baseUrl });
    anonymous.use(conformance);
    const { data, error } = await anonymous.POST('/v1/players', { body: { name } });
    if (!data) throw new Error(`register ${name}: ${JSON.stringify(error)}`);
    return new Seat(baseUrl, name, data.token);
  }

  private key(): string {
    return `${this.name}-${process.pid}-${++this.keys}-e2e-key`;
  }

  async create(
    seats: number,
    rules: components['schemas']['RuleOptions'] = {},
    bots?: components['schemas']['BotRequest'][],
  ) {
    const { data, error } = await this.client.POST('/v1/games', {
      body: { seats, rules, ...(bots ? { bots } : {}) },
      params: { header: { 'Idempotency-Key': this.key() } },
    });
    if (!data) throw new Error(`create: ${JSON.stringify(error)}`);
    return data.game;
  }

  async join(id: string, inviteCode: string) {
    const { data, error } = await this.client.POST('/v1/games/{id}/join', {
      params: { path: { id }, header: { 'Idempotency-Key': this.key() } },
      body: { inviteCode },
    });
    if (!data) throw new Error(`join: ${JSON.stringify(error)}`);
    return data.game;
  }

  async view(id: string) {
    const { data, error } = await this.client.GET('/v1/games/{id}', { params: { path: { id } } });
    if (!data) throw new Error(`view: ${JSON.stringify(error)}`);
    return data;
  }

  /** Makes a move on the version it decided on; null when someone else moved first (412). */
  async move(id: string, version: number, move: Move) {
    const { data, error, response } = await this.client.POST('/v1/games/{id}/moves', {
      params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': this.key() } },
      body: move,
    });
    if (response.status === 412) return null;
    if (!data) throw new Error(`move ${JSON.stringify(move)}: ${response.status} ${JSON.stringify(error)}`);
    return data;
  }

  /** Seats a bot (the creator only), on the version it decided on. */
  async addBot(id: string, version: number, bot: components['schemas']['BotRequest']) {
    const { data, error, response } = await this.client.POST('/v1/games/{id}/bots', {
      params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': this.key() } },
      body: bot,
    });
    if (!data) throw new Error(`add bot: ${response.status} ${JSON.stringify(error)}`);
    return data;
  }

  /** Leaves the game, on the version it decided on. */
  async leave(id: string, version: number) {
    const { data, error, response } = await this.client.POST('/v1/games/{id}/leave', {
      params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': this.key() } },
    });
    if (!data) throw new Error(`leave: ${response.status} ${JSON.stringify(error)}`);
    return data;
  }

  async events(id: string, after: number) {
    const { data, error } = await this.client.GET('/v1/games/{id}/events', {
      params: { path: { id }, query: { after } },
    });
    if (!data) throw new Error(`events: ${JSON.stringify(error)}`);
    return data;
  }

  async myTurn() {
    const { data, error, response } = await this.client.GET('/v1/me/games', { params: { query: { turn: 'mine' } } });
    // A failed request is a failure, never an empty list (which would pass "no games waiting").
    if (!data) throw new Error(`my turn: ${response.status} ${JSON.stringify(error)}`);
    return data.games;
  }
}

/** A game as the generated client types it. */
export type Game = Awaited<ReturnType<Seat['view']>>;

/**
 * Compile-time checks that the generated types keep every `null` the contract allows (never run):
 * each `@ts-expect-error` fails the type-check the day a nullable field loses its null.
 */
export function nullsAreTyped(
  game: Game,
  ended: Extract<components['schemas']['Event'], { type: 'HandEnded' }>,
): unknown[] {
  const seat = game.seats[1]!;
  const hand = game.hand!;
  return [
    // @ts-expect-error a free seat's player is null
    seat.player.name,
    seat.player?.name,
    // @ts-expect-error no hand until the game starts
    game.hand.turn,
    // @ts-expect-error no seat to play once the hand is over
    hand.turn.toFixed(),
    // @ts-expect-error no drawn tile most of the time
    game.drawnTile.length,
    // @ts-expect-error no invite code once every seat is taken
    game.inviteCode.length,
    // @ts-expect-error nobody went out of a blocked hand
    ended.out.toFixed(),
    // @ts-expect-error nor in a past hand's record
    game.pastHands[0]!.out.toFixed(),
    // @ts-expect-error nobody is deciding on a drawn tile most of the time
    hand.drawnBy.toFixed(),
    // @ts-expect-error a seat a player plays has no bot level
    seat.bot.length,
  ];
}
