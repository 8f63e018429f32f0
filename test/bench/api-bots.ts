/**
 * The clients of `npm run bench:api`, run in a worker thread so their own HTTP work (a client is a
 * different program, on a different machine) does not eat the server's CPU. The main thread asks for
 * timed moves or a throughput run; this thread plays games through the HTTP API, every seat through
 * its own token: `player` decides from the seat's view (a GET before each move), `referee` from a
 * replica of the game (one POST a move).
 */
import {
  decide,
  evolve,
  fisherYates,
  initialState,
  legalMoves,
  seededRandom,
  type Command,
  type GameState,
  type Move,
  type Shuffle,
} from '@chickenfoot/rules';
import { Agent, request as httpRequest } from 'node:http';
import { parentPort } from 'node:worker_threads';

/** How a bot sends a request: over HTTP, or to an app's in-process `request` to leave HTTP out. */
export type Send = (url: string, init: RequestInit) => Promise<{ status: number; json(): Promise<unknown> }>;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** A lean client for the bench: node:http with keep-alive (fetch's own cost per request is larger). */
export const nodeSend: Send = (url, init) =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: init.method, headers: init.headers as Record<string, string>, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body as string | undefined);
  });

/** What both kinds of bot share: calls with a token and a body, fresh idempotency keys, seeded picks. */
function client(baseUrl: string, seed: number, send: Send) {
  let s = seed >>> 0;
  const pick = <T>(items: T[]): T => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return items[s % items.length] as T;
  };
  let keys = 0;
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await send(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const key = () => `bench-${seed}-${++keys}-0000000000`;
  return { call, key, pick };
}

/**
 * A client that plays games through the HTTP API: every seat through its own token and view.
 * `send` is HTTP, or an app's in-process `request` to leave HTTP out.
 */
export function player(baseUrl: string, seed: number, send: Send = nodeSend) {
  const { call, key, pick } = client(baseUrl, seed, send);
  let game: { id: string; tokens: string[]; turn: number; moves: number; done: boolean } | null = null;
  async function newGame() {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await call('POST', '/v1/players', undefined, { name: `Bot ${i}` })).token);
    const created = (await call('POST', '/v1/games', tokens[0], { seats: 4 }, { 'idempotency-key': key() })).game;
    let last = created;
    for (const token of tokens.slice(1))
      last = (
        await call(
          'POST',
          `/v1/games/${created.id}/join`,
          token,
          { inviteCode: created.inviteCode },
          { 'idempotency-key': key() },
        )
      ).game;
    game = { id: created.id, tokens, turn: last.hand.turn, moves: 0, done: false };
  }

  return {
    get moveNumber() {
      return game?.moves ?? 0;
    },
    /** GETs the view of the seat in turn (a new game when the last one ended); returns the POST of one of its moves. */
    async prepare() {
      if (!game || game.done) await newGame();
      const g = game!;
      const token = g.tokens[g.turn] as string;
      const view = await call('GET', `/v1/games/${g.id}`, token);
      const moves = view.legalMoves.filter(
        (m: { type: string }) => m.type === 'play' || m.type === 'pass' || m.type === 'draw',
      );
      const move = pick(moves.length > 0 ? moves : view.legalMoves);
      return async () => {
        const reply = await call('POST', `/v1/games/${g.id}/moves`, token, move, {
          'if-match': `"${view.version}"`,
          'idempotency-key': key(),
        });
        g.moves++;
        g.turn = reply.game.hand?.turn ?? g.turn;
        g.done = reply.game.status === 'finished';
      };
    },
  };
}

/**
 * The deal of every hand of every bench game: one seeded permutation, the same each time, so that a
 * referee knowing it can replicate a game from the moves alone. The bots' choices still differ.
 */
export const benchShuffle: Shuffle = (tiles) => fisherYates(seededRandom(2026))(tiles);

/**
 * Plays games through the HTTP API like `player`, but chooses each move from a replica of the game
 * (the engine, fed the same commands and `benchShuffle`) instead of GETting the view of the seat in
 * turn: a move is then one request, as the floor's read-and-write is one operation. Every move still
 * goes to the server with its seat's own token and If-Match, and the server decides it; a reply
 * that disagrees with the replica (version, events) stops the bench.
 */
export function referee(baseUrl: string, seed: number, send: Send = nodeSend) {
  const { call, key, pick } = client(baseUrl, seed, send);
  const context = { shuffle: benchShuffle };
  let game: { id: string; tokens: string[]; state: GameState; version: number } | null = null;
  const apply = (command: Command) => {
    const decision = decide(command, game!.state, context);
    if (!decision.ok) throw new Error(`the replica refused ${JSON.stringify(command)}: ${decision.message}`);
    game!.state = decision.events.reduce(evolve, game!.state);
    return decision.events.length;
  };
  async function newGame() {
    const players: { id: string; name: string; token: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await call('POST', '/v1/players', undefined, { name: `Referee ${i}` });
      players.push({ id: reply.player.id, name: reply.player.name, token: reply.token });
    }
    const tokens = players.map((p) => p.token);
    const created = (await call('POST', '/v1/games', tokens[0], { seats: 4 }, { 'idempotency-key': key() })).game;
    let version = created.version;
    for (const token of tokens.slice(1))
      version = (
        await call(
          'POST',
          `/v1/games/${created.id}/join`,
          token,
          { inviteCode: created.inviteCode },
          { 'idempotency-key': key() },
        )
      ).version;
    game = { id: created.id, tokens, state: initialState(), version };
    const [first, ...others] = players.map(({ id, name }) => ({ id, name }));
    apply({ type: 'create', seats: 4, player: first! });
    for (const p of others) apply({ type: 'join', player: p });
  }
  /**
   * Chooses the next move of the seat in turn (a new game when the last one ended) and returns its
   * POST; the POST resolves to the step that checks the reply against the replica and applies it
   * (so a timer can take the POST alone).
   */
  async function prepare(): Promise<() => Promise<() => void>> {
    if (!game || game.state.status === 'finished') await newGame();
    const g = game!;
    const seat = g.state.hand?.turn ?? 0;
    const moves = legalMoves(g.state, seat).filter((m) => m.type === 'play' || m.type === 'pass' || m.type === 'draw');
    const move: Move = pick(moves.length > 0 ? moves : legalMoves(g.state, seat));
    return async () => {
      const reply = await call('POST', `/v1/games/${g.id}/moves`, g.tokens[seat], move, {
        'if-match': `"${g.version}"`,
        'idempotency-key': key(),
      });
      return () => {
        const events = apply({ type: 'move', seat, move });
        if (reply.version !== g.version + 1 || reply.events.length !== events) {
          throw new Error(
            `game ${g.id} left its replica: version ${reply.version}, ${reply.events.length} events; replica ${g.version + 1}, ${events}`,
          );
        }
        g.version = reply.version;
      };
    };
  }
  return {
    prepare,
    /** One move of the seat in turn (a new game when the last one ended): one POST. */
    async move() {
      (await (await prepare())())();
    },
  };
}

/** What the main thread may ask for. */
export type BotRequest =
  | { kind: 'timed'; url: string; bot: number; moves: number }
  /** `referee`: one POST per move (moves chosen from replicas); `viewer`: a GET of the view, then the POST. */
  | { kind: 'throughput'; url: string; games: number; seconds: number; clients: 'referee' | 'viewer' }
  | { kind: 'stop' };

const bots = new Map<string, ReturnType<typeof player>>();
const bot = (url: string, seed: number) => {
  const id = `${url}#${seed}`;
  if (!bots.has(id)) bots.set(id, player(url, seed));
  return bots.get(id)!;
};

parentPort?.on('message', async (request: BotRequest) => {
  if (request.kind === 'stop') return process.exit(0);
  if (request.kind === 'timed') {
    const b = bot(request.url, request.bot);
    const ms: number[] = [];
    for (let i = 0; i < request.moves; i++) {
      const post = await b.prepare();
      const start = performance.now();
      await post();
      ms.push(performance.now() - start);
    }
    return parentPort?.postMessage({ ms });
  }
  const steps: (() => Promise<void>)[] = Array.from({ length: request.games }, (_, i) => {
    if (request.clients === 'viewer') {
      const p = bot(request.url, 1000 + i);
      return async () => (await p.prepare())();
    }
    const r = referee(request.url, 2000 + i);
    return () => r.move();
  });
  // Seat every bot's first game before the clock starts: registering and joining are not moves.
  await Promise.all(steps.map((step) => step()));
  let done = 0;
  const started = performance.now();
  const until = started + request.seconds * 1000;
  await Promise.all(
    steps.map(async (step) => {
      while (performance.now() < until) {
        await step();
        done++;
      }
    }),
  );
  return parentPort?.postMessage({ perSecond: done / ((performance.now() - started) / 1000) });
});
