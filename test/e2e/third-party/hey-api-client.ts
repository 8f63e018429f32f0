// A second third-party client: an SDK generated from openapi.yaml by @hey-api/openapi-ts into
// test/e2e/generated/hey-api/ during the test run, independent of openapi-typescript and openapi-fetch.
// Nothing here comes from this project's packages: it is compiled with the generated code alone
// (tsc --strict, test/e2e/generators.test.ts), and the test hands it the conformance check.
import { createClient, createConfig, type Client } from '../generated/hey-api/client';
import { createGame, getGame, joinGame, listEvents, makeMove, registerPlayer } from '../generated/hey-api/sdk.gen';
import type { Event, Game, MakeMoveErrors, Move, RuleOptions } from '../generated/hey-api/types.gen';

/** What the test does with every response (checks it against openapi.yaml), before the client reads it. */
export type OnResponse = (request: Request, response: Response) => Promise<Response>;

/** A client of the generated SDK whose every response goes through `onResponse`. */
function client(baseUrl: string, onResponse: OnResponse): Client {
  const c = createClient(createConfig({ baseUrl }));
  c.interceptors.response.use((response, request) => onResponse(request, response));
  return c;
}

/** One seat's client, with its own token. */
export class HeySeat {
  private readonly client: Client;
  private keys = 0;

  constructor(
    baseUrl: string,
    readonly name: string,
    onResponse: OnResponse,
  ) {
    this.client = client(baseUrl, onResponse);
  }

  /** Registers a player; its token is used for every request after. */
  static async register(baseUrl: string, name: string, onResponse: OnResponse): Promise<HeySeat> {
    const seat = new HeySeat(baseUrl, name, onResponse);
    const { data, error } = await registerPlayer({ client: seat.client, body: { name } });
    if (!data) throw new Error(`register ${name}: ${JSON.stringify(error)}`);
    seat.client.setConfig({ auth: data.token });
    return seat;
  }

  private key(): string {
    return `${this.name}-${process.pid}-${++this.keys}-hey-api-key`;
  }

  async create(seats: number, rules: RuleOptions = {}): Promise<Game> {
    const { data, error } = await createGame({
      client: this.client,
      body: { seats, rules },
      headers: { 'Idempotency-Key': this.key() },
    });
    if (!data) throw new Error(`create: ${JSON.stringify(error)}`);
    return data.game;
  }

  async join(id: string, inviteCode: string): Promise<Game> {
    const { data, error } = await joinGame({
      client: this.client,
      path: { id },
      headers: { 'Idempotency-Key': this.key() },
      body: { inviteCode },
    });
    if (!data) throw new Error(`join: ${JSON.stringify(error)}`);
    return data.game;
  }

  async view(id: string): Promise<Game> {
    const { data, error } = await getGame({ client: this.client, path: { id } });
    if (!data) throw new Error(`view: ${JSON.stringify(error)}`);
    return data;
  }

  /** Makes a move on the version it decided on; null when someone else moved first (412). */
  async move(id: string, version: number, move: Move) {
    const { data, error, response } = await makeMove({
      client: this.client,
      path: { id },
      headers: { 'If-Match': `"${version}"`, 'Idempotency-Key': this.key() },
      body: move,
    });
    if (response.status === 412) return null;
    if (!data) {
      // The generated error type is the union of this operation's problems: its code is an enum.
      const code: string | undefined = error?.code;
      throw new Error(`move ${JSON.stringify(move)}: ${response.status} ${code} ${JSON.stringify(error)}`);
    }
    return data;
  }

  async events(id: string, after: number) {
    const { data, error } = await listEvents({ client: this.client, path: { id }, query: { after } });
    if (!data) throw new Error(`events: ${JSON.stringify(error)}`);
    return data;
  }
}

/**
 * Compile-time checks that the generated types keep every `null` the contract allows (never run):
 * each `@ts-expect-error` fails the type-check the day a nullable field loses its null.
 */
export function nullsAreTyped(game: Game, ended: Extract<Event, { type: 'HandEnded' }>): unknown[] {
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
  ];
}

/**
 * Compile-time checks that each status keeps its own problem codes (never run): a 404 of a move is
 * `game/not-found` alone, its 412 carries `currentVersion`, its 422 is one of the rules' codes.
 */
export function problemsAreTypedPerStatus(errors: MakeMoveErrors): unknown[] {
  const notFound: 'game/not-found' = errors[404].code;
  const current: number = errors[412].currentVersion;
  return [
    notFound,
    current,
    // @ts-expect-error a 404 of a move is never a rules code
    errors[404].code === 'rules/not-your-turn',
    errors[422].code === 'rules/not-your-turn',
    // @ts-expect-error a 422 of a move is never a missing game
    errors[422].code === 'game/not-found',
  ];
}

/** Registers a player and returns its seat client (third-party-clients.ts loads this by path). */
export const register = (baseUrl: string, name: string, onResponse: OnResponse) =>
  HeySeat.register(baseUrl, name, onResponse);
