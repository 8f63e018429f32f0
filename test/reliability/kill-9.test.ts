import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` without npm: the launcher npm runs, which builds the server if needed and runs it in
// its own process, so killing that process kills the server and nothing else.
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'chickenfoot-kill9-'));
const running = new Set<ChildProcess>();

async function start(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['functions/start.mjs'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /Chickenfoot on (http:\/\/\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)));
  });
  return { url, child };
}

/** SIGKILL: no shutdown handler runs, nothing is flushed or closed by the server. */
function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function call(url: string, method: string, path: string, token?: string, body?: unknown, headers = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

afterAll(async () => {
  for (const child of running) await kill9(child);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start under kill -9', () => {
  it('keeps every move it answered 200 to, however soon after the answer the process dies', async () => {
    let server = await start();
    const key = () => crypto.randomUUID();
    const ann = (await call(server.url, 'POST', '/v1/players', undefined, { name: 'Ann' })).body.token as string;
    const bob = (await call(server.url, 'POST', '/v1/players', undefined, { name: 'Bob' })).body.token as string;
    const created = await call(
      server.url,
      'POST',
      '/v1/games',
      ann,
      { seats: 2, rules: { set: 6 } },
      { 'idempotency-key': key() },
    );
    const gameId = created.body.game.id as string;
    await call(
      server.url,
      'POST',
      `/v1/games/${gameId}/join`,
      bob,
      { inviteCode: created.body.game.inviteCode },
      { 'idempotency-key': key() },
    );
    const tokens = [ann, bob];

    for (let cycle = 0; cycle < 3; cycle++) {
      // A few moves, the process killed the moment the last one's 200 is in.
      let acknowledged: { version: number; events: unknown[]; token: string } | null = null;
      for (let m = 0; m < 3; m++) {
        const table = await call(server.url, 'GET', `/v1/games/${gameId}`, ann);
        if (table.body.status !== 'playing') break;
        const token = tokens[table.body.hand.turn as number]!;
        const view = (await call(server.url, 'GET', `/v1/games/${gameId}`, token)).body;
        const moved = await call(server.url, 'POST', `/v1/games/${gameId}/moves`, token, view.legalMoves[0], {
          'if-match': `"${view.version}"`,
          'idempotency-key': key(),
        });
        expect(moved.status).toBe(200);
        acknowledged = { version: moved.body.version, events: moved.body.events, token };
      }
      await kill9(server.child);
      expect(acknowledged).not.toBeNull();

      server = await start();
      const after = await call(server.url, 'GET', `/v1/games/${gameId}`, ann);
      expect(after.status).toBe(200);
      expect(after.body.version).toBe(acknowledged!.version);
      // Read by the mover: the events are redacted for whoever reads them (a drawn tile shows to its drawer).
      const since = `/v1/games/${gameId}/events?after=${acknowledged!.version - 1}`;
      const log = await call(server.url, 'GET', since, acknowledged!.token);
      expect(log.body.commits.map((c: { version: number }) => c.version)).toEqual([acknowledged!.version]);
      expect(log.body.commits[0].events).toEqual(acknowledged!.events);
    }
  }, 120_000);
});
