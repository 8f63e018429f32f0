/**
 * The processes `npm run bench:server` starts and the calls it makes to them: the server and its
 * floor (each answering `usage` over IPC), `npm start` for a cold start, and the store floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSend } from './api-bots';
import type { StoreFloor } from './store-floor';
import type { Usage } from './usage';

const REPO = new URL('../../', import.meta.url).pathname;

/** A server process the bench started, with its URL and a way to ask for its usage. */
export interface Running {
  url: string;
  usage(): Promise<Usage>;
  stop(): Promise<void>;
}

/** Spawns `node args` with an IPC channel; resolves once it prints `listening <url>`. */
export function startNode(args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /listening (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      // From here on its log lines are read and dropped, as a terminal would show and forget them.
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      child.stderr?.removeAllListeners('data').resume();
      resolve(running(child, url));
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening: ${out}`)));
  });
}

function running(child: ChildProcess, url: string): Running {
  return {
    url,
    usage: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as Usage));
        child.send('usage');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU (user + system) between two usages, in ms. */
export const cpuMs = (a: Usage, b: Usage) => (b.cpu.user - a.cpu.user + b.cpu.system - a.cpu.system) / 1000;

/** Runs `step` in `count` loops at once for `seconds`; returns how many steps finished per second. */
export async function loops(count: number, seconds: number, step: (i: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      while (performance.now() < until) {
        await step(i);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** One POST to the floor server, as a move's client would send it: its `floor` (Query and writes) or its `writes` alone. */
export const floorPost = (url: string, stream: string, route: 'floor' | 'writes' = 'floor') =>
  nodeSend(`${url}/${route}/${stream}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'if-match': '"1"', 'idempotency-key': 'k'.repeat(36) },
    body: JSON.stringify({ type: 'play', tile: '6-4', on: 0 }),
  }).then((res) => {
    if (res.status !== 200) throw new Error(`floor answered ${res.status}`);
  });

/** Wall time from spawning `command` (in its own process group) to the answer of a first registration. */
export async function coldStart(command: string[], env: Record<string, string>, dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}: ${out}`)));
  });
  const answer = await nodeSend(`${url}/v1/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Cold' }),
  });
  const ms = performance.now() - started;
  if (answer.status !== 201) throw new Error(`first request answered ${answer.status}`);
  // The whole group: npm, its shell and the server. Then wait until the server let go of the folder.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  const lock = join(dataDir, 'dynamo', 'dynalite.lock');
  for (let i = 0; i < 500 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 10));
  return ms;
}

/**
 * Runs store-floor.ts (`node args`) one `way` (see there) with `env` (DURABILITY): `cold` resolves
 * with the time from spawn to its `ready` (its first write answered); the others with the figures
 * its last line reports.
 */
export function runStoreFloor(args: string[], dataDir: string, way: 'cold', env?: object): Promise<number>;
export function runStoreFloor(args: string[], dataDir: string, way: 'one' | 'move', env?: object): Promise<StoreFloor>;
export function runStoreFloor(
  args: string[],
  dataDir: string,
  way: 'cold' | 'one' | 'move',
  env: object = {},
): Promise<number | StoreFloor> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, way], {
    cwd: REPO,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ready = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (!ready && out.includes('ready\n')) ready = performance.now() - t0;
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0 || !ready) return reject(new Error(`store-floor.ts failed (${code}): ${out}`));
      resolve(way === 'cold' ? ready : (JSON.parse(out.trim().split('\n').at(-1) ?? '') as StoreFloor));
    }),
  );
}
