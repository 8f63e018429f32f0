// A third third-party client: orval's fetch client (orval 7, `client: 'fetch'`, the spec's server as its
// base URL), generated from openapi.yaml into test/e2e/generated/orval/ during the test run. Nothing here
// comes from this project's packages: it is compiled with the generated code alone (tsc --strict,
// test/e2e/generators.test.ts), and the test hands it the conformance check.
import {
  createGame,
  getGame,
  joinGame,
  listEvents,
  makeMove,
  registerPlayer,
  type makeMoveResponse404,
  type makeMoveResponse412,
  type makeMoveResponse422,
  type Move,
  type RuleOptions,
} from '../generated/orval/api';

/** What the test does with every response (checks it against openapi.yaml), before the client reads it. */
export type OnResponse = (request: Request, response: Response) => Promise<Response>;

/** The server the generated URLs name: the defaults of the spec's server variables, `npm start`'s. */
export const SPEC_SERVER = 'http://127.0.0.1:3000';

let installed: typeof fetch | undefined;

/**
 * orval's functions call the global `fetch` with absolute URLs on `SPEC_SERVER`, as a client author's
 * would against `npm start`. The test's server listens elsewhere: this sends those requests there, and
 * hands every response to `onResponse` first.
 */
function routeTo(baseUrl: string, onResponse: OnResponse): void {
  const real = (installed ??= globalThis.fetch);
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(`${SPEC_SERVER}/`)) throw new Error(`orval client called ${url}, not the spec's server`);
    const request = new Request(`${baseUrl}${url.slice(SPEC_SERVER.length)}`, init);
    return onResponse(request.clone(), await real(request));
  };
}

/** One seat's client: its token and its keys, sent as headers (orval leaves headers to the caller). */
export class OrvalSeat {
  private keys = 0;

  constructor(
    readonly name: string,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}): RequestInit {
    return { headers: { Authorization: `Bearer ${this.token}`, ...extra } };
  }

  private key(): Record<string, string> {
    return { 'Idempotency-Key': `${this.name}-${process.pid}-${++this.keys}-orval-key` };
  }

  async create(seats: number, rules: RuleOptions = {}) {
    const reply = await createGame({ seats, rules }, this.headers(this.key()));
    if (reply.status !== 201) throw new Error(`create: ${reply.status} ${reply.data.code}`);
    return reply.data.game;
  }

  async join(id: string, inviteCode: string) {
    const reply = await joinGame(id, { inviteCode }, this.headers(this.key()));
    if (reply.status !== 200) throw new Error(`join: ${reply.status} ${reply.data.code}`);
    return reply.data.game;
  }

  async view(id: string) {
    const reply = await getGame(id, this.headers());
    if (reply.status !== 200) throw new Error(`view: ${reply.status}`);
    return reply.data;
  }

  /** Makes a move on the version it decided on; null when someone else moved first (412). */
  async move(id: string, version: number, move: Move) {
    const reply = await makeMove(id, move, this.headers({ 'If-Match': `"${version}"`, ...this.key() }));
    if (reply.status === 412) return null;
    if (reply.status !== 200) throw new Error(`move: ${reply.status} ${reply.data.code}`);
    return reply.data;
  }

  async events(id: string, after: number) {
    const reply = await listEvents(id, { after }, this.headers());
    if (reply.status !== 200) throw new Error(`events: ${reply.status} ${reply.data.code}`);
    return reply.data;
  }
}

/** Registers a player and returns its seat client (third-party-clients.ts loads this by path). */
export async function register(baseUrl: string, name: string, onResponse: OnResponse): Promise<OrvalSeat> {
  routeTo(baseUrl, onResponse);
  const reply = await registerPlayer({ name });
  if (reply.status !== 201) throw new Error(`register ${name}: ${reply.status} ${reply.data.code}`);
  return new OrvalSeat(name, reply.data.token);
}

/** Compile-time checks that each status keeps its own problem codes (never run). */
export function problemsAreTypedPerStatus(
  notFound: makeMoveResponse404,
  stale: makeMoveResponse412,
  refused: makeMoveResponse422,
): unknown[] {
  const code: 'game/not-found' = notFound.data.code;
  const current: number = stale.data.currentVersion;
  return [
    code,
    current,
    // @ts-expect-error a 404 of a move is never a rules code
    notFound.data.code === 'rules/not-your-turn',
    refused.data.code === 'rules/not-your-turn',
  ];
}
