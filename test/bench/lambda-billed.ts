/**
 * The billed duration of a move through the bundled handler, for bench:lambda. DynamoDB is dynalite
 * in a process of its own (over HTTP, as DynamoDB is over the network), so this process's CPU during
 * an invocation is the handler's. Warm: "containers" are instances of the bundle imported under
 * different URLs; one serves the GETs, and the POSTs alternate between two others, so each POST
 * finds a stale cache and loads the game (the Lambda reality: the next request of a game rarely
 * reaches the container that served the last). Cold: a fresh Node process per sample imports the
 * bundle and makes one move.
 * The model for AWS (a machine and a network we do not have, so stated, not measured):
 * - Lambda gives a function a CPU share proportional to its memory, a whole vCPU at 1,769 MB (AWS's
 *   documented figure); one Node thread gains nothing above that. CPU time here becomes CPU / share.
 * - A Graviton vCPU is taken as fast as one core of this machine (MACHINE_FACTOR 1).
 * - Each DynamoDB round trip an invocation waits for adds RTT_MS (in-region, keep-alive): a POST
 *   waits for two (the load's Query, then the writes in parallel), a GET for one.
 * - Billed: every invocation rounded up to the ms, at the arm64 price per GB-second, plus the
 *   request fee; a cold start (its init is billed too) once every COLD_EVERY invocations.
 * - A memory size is possible when the cold process's RSS after its move, plus 64 MB (the state cache
 *   of up to 1,000 games, and V8's heap growing under load), fits.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { apiGatewayEvent } from '@chickenfoot/api/testing';
import { createDynamoClient, ensureTable } from '@chickenfoot/store';
import { median, round } from './stats';

export const MODEL = {
  vcpuAtMb: 1769,
  machineFactor: 1,
  rttMs: 4,
  postRoundTrips: 2,
  getRoundTrips: 1,
  pricePerGbSecond: 0.0000133334,
  pricePerRequest: 0.2 / 1e6,
  coldEvery: 1000,
  headroomMb: 64,
  memories: [128, 192, 256, 384, 512, 768, 1024, 1536, 1769, 2048],
} as const;

const WARMUP = 60;
const RUNS = 200;
const COLD_RUNS = 11;
const SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body?: string }>;
const context = { awsRequestId: 'bench', functionName: 'chickenfoot-api', getRemainingTimeInMillis: () => 10_000 };

/** dynalite in its own process, in memory, over HTTP. */
async function dynaliteProcess(): Promise<{ endpoint: string; stop: () => void }> {
  const script = `require('dynalite')({ createTableMs: 0 }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** What one invocation took here: wall and this process's CPU, in ms. */
interface Took {
  wallMs: number;
  cpuMs: number;
}

async function invoke(handler: Handler, event: unknown): Promise<{ took: Took; json: any }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await handler(event, context);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (result.statusCode >= 300) throw new Error(`handler answered ${result.statusCode}: ${result.body}`);
  return {
    took: { wallMs, cpuMs: (used.user + used.system) / 1000 },
    json: result.body ? JSON.parse(result.body) : null,
  };
}

/** Plays games through containers: the next move's POST event, and the game state it needs. */
function table(get: Handler) {
  let game: { id: string; tokens: string[]; turn: number; done: boolean } | null = null;
  let seed = 7;
  const pick = <T>(xs: T[]) => xs[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % xs.length]!;
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    (
      await invoke(
        get,
        apiGatewayEvent(method, path, {
          body,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        }),
      )
    ).json;
  let keys = 0;
  const key = () => `lambda-bench-${process.pid}-${++keys}-000000000000`;
  return {
    /** The event of the next move (a new game when the last ended), after a GET of the view through `get`. */
    async next(): Promise<{ event: unknown; after: (reply: any) => void; get: Took }> {
      if (!game || game.done) {
        const tokens: string[] = [];
        for (let i = 0; i < 4; i++)
          tokens.push((await call('POST', '/v1/players', undefined, { name: `Bot ${i}` })).token);
        const created = (await call('POST', '/v1/games', tokens[0], { seats: 4 }, { 'idempotency-key': key() })).game;
        let last = created;
        for (const t of tokens.slice(1))
          last = (
            await call(
              'POST',
              `/v1/games/${created.id}/join`,
              t,
              { inviteCode: created.inviteCode },
              { 'idempotency-key': key() },
            )
          ).game;
        game = { id: created.id, tokens, turn: last.hand.turn, done: false };
      }
      const g = game;
      const token = g.tokens[g.turn]!;
      const viewed = await invoke(
        get,
        apiGatewayEvent('GET', `/v1/games/${g.id}`, { headers: { authorization: `Bearer ${token}` } }),
      );
      const view = viewed.json;
      const moves = view.legalMoves.filter((m: { type: string }) => ['play', 'pass', 'draw'].includes(m.type));
      const move = pick(moves.length > 0 ? moves : view.legalMoves);
      const event = apiGatewayEvent('POST', `/v1/games/${g.id}/moves`, {
        body: move,
        headers: { authorization: `Bearer ${token}`, 'if-match': `"${view.version}"`, 'idempotency-key': key() },
      });
      return {
        event,
        get: viewed.took,
        after: (reply) => {
          g.turn = reply.game.hand?.turn ?? g.turn;
          g.done = reply.game.status === 'finished';
        },
      };
    },
  };
}

// The cold process: imports the bundle and makes the one move it is given (times from its own start).
const COLD = `
const t0 = performance.now();
const { handler } = await import(process.env.BUNDLE_URL);
const imported = performance.now();
const cpu = process.cpuUsage();
const result = await handler(JSON.parse(process.env.MOVE_EVENT), { awsRequestId: 'cold', getRemainingTimeInMillis: () => 10000 });
const used = process.cpuUsage();
console.log(JSON.stringify({ status: result.statusCode, body: result.body, sinceStartMs: performance.now(), importMs: imported - t0,
  firstMs: performance.now() - imported, initCpuMs: (cpu.user + cpu.system) / 1000, totalCpuMs: (used.user + used.system) / 1000,
  rssMb: process.memoryUsage.rss() / 2 ** 20 }));
`;

function cold(env: Record<string, string>, event: unknown): Promise<any> {
  // BENCH_LAMBDA_COLD_PROFILE=<folder>: each cold process writes a CPU profile there (--cpu-prof).
  const profile = process.env.BENCH_LAMBDA_COLD_PROFILE;
  const flags = profile ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', COLD], {
    env: { ...env, MOVE_EVENT: JSON.stringify(event) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`cold run exited ${code}: ${out}`));
      }
    });
  });
}

/** What bench:lambda reports of a move's billed duration, measured here and modelled for AWS. */
export async function billedDurations(bundleFile: string, nodeOptions: string) {
  const dynamo = await dynaliteProcess();
  try {
    const tableName = 'bench-lambda';
    await ensureTable(createDynamoClient({ endpoint: dynamo.endpoint }), tableName);
    const env = {
      PATH: process.env.PATH ?? '',
      TABLE_NAME: tableName,
      TOKEN_SECRET: SECRET,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // The lines sampled at info would interleave with the bench's own output; a dropped record costs nothing.
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: nodeOptions,
    };
    Object.assign(process.env, env);
    const url = pathToFileURL(bundleFile).href;
    const load = async (name: string) => ((await import(`${url}?container=${name}`)) as { handler: Handler }).handler;
    const [get, postA, postB] = [await load('get'), await load('post-a'), await load('post-b')];
    const play = table(get);
    const posts = { wall: [] as number[], cpu: [] as number[] };
    const gets = { wall: [] as number[], cpu: [] as number[] };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const { event, after, get: viewed } = await play.next();
      const { took, json } = await invoke(i % 2 ? postB : postA, event);
      after(json);
      if (i < WARMUP) continue;
      posts.wall.push(took.wallMs);
      posts.cpu.push(took.cpuMs);
      gets.wall.push(viewed.wallMs);
      gets.cpu.push(viewed.cpuMs);
    }
    const colds: any[] = [];
    for (let i = 0; i < COLD_RUNS + 1; i++) {
      const { event, after } = await play.next();
      const run = await cold({ ...env, BUNDLE_URL: url }, event);
      if (run.status !== 200) throw new Error(`cold move answered ${run.status}: ${run.body}`);
      after(JSON.parse(run.body));
      if (i > 0) colds.push(run);
    }

    const warm = {
      post: {
        wallMs: round(median(posts.wall)),
        cpuMs: round(median(posts.cpu)),
        billedMs: Math.ceil(median(posts.wall)),
      },
      get: { wallMs: round(median(gets.wall)), cpuMs: round(median(gets.cpu)), billedMs: Math.ceil(median(gets.wall)) },
      runs: RUNS,
    };
    const coldFig = {
      importMs: round(median(colds.map((c) => c.importMs))),
      firstMoveMs: round(median(colds.map((c) => c.firstMs))),
      sinceProcessStartMs: round(median(colds.map((c) => c.sinceStartMs))),
      initCpuMs: round(median(colds.map((c) => c.initCpuMs))),
      totalCpuMs: round(median(colds.map((c) => c.totalCpuMs))),
      rssMb: round(Math.max(...colds.map((c) => c.rssMb)), 1),
      billedMs: Math.ceil(median(colds.map((c) => c.importMs + c.firstMs))),
      runs: COLD_RUNS,
    };
    return { warm, cold: coldFig, model: costModel(warm, coldFig) };
  } finally {
    dynamo.stop();
  }
}

/** Billed ms and cost per million moves (a GET and a POST) at each memory size, from the measured CPU. */
function costModel(
  warm: { post: { cpuMs: number }; get: { cpuMs: number } },
  cold: { totalCpuMs: number; rssMb: number },
) {
  const sizes = MODEL.memories.map((memoryMb) => {
    const share = Math.min(1, memoryMb / MODEL.vcpuAtMb);
    const cpu = (ms: number) => (ms * MODEL.machineFactor) / share;
    const postMs = Math.ceil(cpu(warm.post.cpuMs) + MODEL.postRoundTrips * MODEL.rttMs);
    const getMs = Math.ceil(cpu(warm.get.cpuMs) + MODEL.getRoundTrips * MODEL.rttMs);
    const coldMs = Math.ceil(cpu(cold.totalCpuMs) + MODEL.postRoundTrips * MODEL.rttMs);
    const gbSeconds = (ms: number) => (memoryMb / 1024) * (ms / 1000);
    const invocation = (ms: number) => gbSeconds(ms) * MODEL.pricePerGbSecond + MODEL.pricePerRequest;
    // A move is a GET and a POST; one invocation in COLD_EVERY pays its init on top.
    const perMove =
      invocation(getMs) + invocation(postMs) + (2 / MODEL.coldEvery) * gbSeconds(coldMs) * MODEL.pricePerGbSecond;
    return {
      memoryMb,
      fits: cold.rssMb + MODEL.headroomMb <= memoryMb,
      postBilledMs: postMs,
      getBilledMs: getMs,
      coldBilledMs: coldMs,
      usdPerMillionMoves: round(perMove * 1e6, 3),
    };
  });
  const best = sizes.filter((s) => s.fits).sort((a, b) => a.usdPerMillionMoves - b.usdPerMillionMoves)[0];
  return { assumptions: MODEL, sizes, cheapestMemoryMb: best?.memoryMb ?? null, cheapest: best ?? null };
}
