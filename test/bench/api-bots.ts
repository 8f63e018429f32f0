/**
 * The clients of `npm run bench:api`, run in a worker thread so their own HTTP work (a client is a
 * different program, on a different machine) does not eat the server's CPU. The main thread asks for
 * timed moves or a throughput run; this thread plays games through the HTTP API, every seat through
 * its own token and its own view.
 */
import { parentPort } from 'node:worker_threads';

/**
 * A client that plays games through the HTTP API: every seat through its own token and view.
 * `send` is `fetch` over the network, or an app's in-process `request` to leave HTTP out.
 */
export function player(baseUrl: string, seed: number, send: (url: string, init: RequestInit) => Promise<Response> = fetch) {
  let s = seed >>> 0;
  const pick = <T>(items: T[]): T => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return items[s % items.length] as T;
  };
  let keys = 0;
  const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await send(`${baseUrl}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const key = () => `bench-${seed}-${++keys}-0000000000`;

  let game: { id: string; tokens: string[]; turn: number; moves: number; done: boolean } | null = null;
  async function newGame() {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await call('POST', '/v1/players', undefined, { name: `Bot ${i}` })).token);
    const created = (await call('POST', '/v1/games', tokens[0], { seats: 4 }, { 'idempotency-key': key() })).game;
    let last = created;
    for (const token of tokens.slice(1)) last = (await call('POST', `/v1/games/${created.id}/join`, token, { inviteCode: created.inviteCode }, { 'idempotency-key': key() })).game;
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
      const moves = view.legalMoves.filter((m: { type: string }) => m.type === 'play' || m.type === 'pass' || m.type === 'draw');
      const move = pick(moves.length > 0 ? moves : view.legalMoves);
      return async () => {
        const reply = await call('POST', `/v1/games/${g.id}/moves`, token, move, { 'if-match': `"${view.version}"`, 'idempotency-key': key() });
        g.moves++;
        g.turn = reply.game.hand?.turn ?? g.turn;
        g.done = reply.game.status === 'finished';
      };
    },
  };
}

/** What the main thread may ask for. */
export type BotRequest =
  | { kind: 'timed'; url: string; bot: number; moves: number }
  | { kind: 'throughput'; url: string; games: number; seconds: number }
  | { kind: 'move-at'; url: string; bot: number; moveNumbers: number[] }
  | { kind: 'stop' };

const bots = new Map<string, ReturnType<typeof player>>();
const bot = (url: string, seed: number) => {
  const id = `${url}#${seed}`;
  if (!bots.has(id)) bots.set(id, player(url, seed));
  return bots.get(id)!;
};

parentPort?.on('message', async (request: BotRequest | 'go') => {
  // 'go' answers a 'ready' of the move-at run, which listens for it itself.
  if (request === 'go') return undefined;
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
  if (request.kind === 'move-at') {
    // Plays one game up to each requested move number and stops just before it, telling the main
    // thread (which resets its cost meter) and then making that move.
    const b = player(request.url, request.bot);
    for (const target of request.moveNumbers) {
      while (b.moveNumber < target - 1) await (await b.prepare())();
      const post = await b.prepare();
      parentPort?.postMessage({ ready: target });
      await new Promise((resolve) => parentPort?.once('message', resolve));
      await post();
      parentPort?.postMessage({ done: target });
    }
    return undefined;
  }
  const players = Array.from({ length: request.games }, (_, i) => bot(request.url, 1000 + i));
  // Seat every bot's first game before the clock starts: registering and joining are not moves.
  await Promise.all(players.map(async (p) => (await p.prepare())()));
  let done = 0;
  const started = performance.now();
  const until = started + request.seconds * 1000;
  await Promise.all(
    players.map(async (p) => {
      while (performance.now() < until) {
        await (await p.prepare())();
        done++;
      }
    }),
  );
  return parentPort?.postMessage({ perSecond: done / ((performance.now() - started) / 1000) });
});

