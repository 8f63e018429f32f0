import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestClient } from '@chickenfoot/api/testing';
import { probeLevelWrites, type Durability, type LevelWrite, type LevelWriteProbe } from '@chickenfoot/store/embedded';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalServer } from './local-server';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chickenfoot-durable-'));
  folders.push(dir);
  return dir;
};

/** The instant (on the probe's clock) the server started each reply: from then on it may leave. */
function watchReplies(probe: LevelWriteProbe) {
  const replies: number[] = [];
  const writeHead = ServerResponse.prototype.writeHead;
  // Every reply passes here: end() and flushHeaders() without it call it themselves.
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    replies.push(probe.tick());
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof writeHead;
  return { replies, stop: () => void (ServerResponse.prototype.writeHead = writeHead) };
}

/** A command as the test saw it: its request, its status, and the LevelDB writes made meanwhile. */
interface Watched {
  command: string;
  status: number;
  writes: LevelWrite[];
  /** Its writes that were not synced, or not done when the reply started. */
  unsafe: LevelWrite[];
}

/**
 * `npm start`'s server (startLocalServer, on disk, `durability`) with a probe on LevelDB's native
 * binding and on the HTTP replies: two players register, one creates a game, the other joins, and
 * they make three moves. Returns every command with the writes issued between its request and
 * its reply, and the writes the server made outside any command.
 */
async function playWatched(durability: Durability | undefined) {
  const server = await startLocalServer({
    dataDir: freshDir(),
    port: 0,
    host: '127.0.0.1',
    sweepMs: 0, // no sweep in the background: each write belongs to the command in flight
    ...(durability ? { durability } : {}),
  });
  const probe = probeLevelWrites({ keep: true });
  const replies = watchReplies(probe);
  const commands: Watched[] = [];
  // One request at a time (the test awaits each), so each write belongs to the one in flight.
  const api = new TestClient(async (request) => {
    const sent = probe.tick();
    const before = replies.replies.length;
    const response = await fetch(new URL(new URL(request.url).pathname, server.url), {
      method: request.method,
      headers: request.headers,
      body: request.body,
      duplex: 'half',
    } as RequestInit);
    expect(replies.replies.length, 'one reply a request').toBe(before + 1);
    const replied = replies.replies.at(-1)!;
    if (request.method === 'POST') {
      const writes = probe.writes.filter((w) => w.issuedAt > sent && w.issuedAt < replied);
      const unsafe = writes.filter((w) => !w.sync || w.failed || w.settledAt === null || w.settledAt > replied);
      commands.push({ command: new URL(request.url).pathname, status: response.status, writes, unsafe });
    }
    return response;
  });
  try {
    const tokens = [(await api.register('Ann')).token, (await api.register('Bob')).token];
    const created = (await api.createGame(tokens[0]!, { seats: 2, rules: { set: 6 } })).body.game;
    const gameId: string = created.id;
    await api.join(tokens[1]!, gameId, created.inviteCode);
    for (let m = 0; m < 3; m++) {
      const table = (await api.view(tokens[0]!, gameId)).body;
      const view = (await api.view(tokens[table.hand.turn]!, gameId)).body;
      await api.move(tokens[table.hand.turn]!, gameId, view.legalMoves[0], view.version);
    }
    return { commands, all: [...probe.writes] };
  } finally {
    replies.stop();
    probe.stop();
    await server.close();
  }
}

describe('npm start’s durability, seen on the real LevelDB', () => {
  it('by default, every write of an acknowledged command is synced to disk before its reply starts', async () => {
    const { commands, all } = await playWatched(undefined);
    // Registrations, the creation, the join and three moves, each acknowledged and each writing.
    expect(commands.map((c) => [c.command.replace(/g_[\w-]{22}/, 'g'), c.status])).toEqual([
      ['/v1/players', 201],
      ['/v1/players', 201],
      ['/v1/games', 201],
      ['/v1/games/g/join', 200],
      ['/v1/games/g/moves', 200],
      ['/v1/games/g/moves', 200],
      ['/v1/games/g/moves', 200],
    ]);
    for (const c of commands) expect(c.writes.length, c.command).toBeGreaterThan(0);
    expect(commands.flatMap((c) => c.unsafe)).toEqual([]);
    // Nor any other write, answered or not.
    expect(all.filter((w) => !w.sync)).toEqual([]);
  });

  // What the test above catches when syncing is off.
  it('relaxed, the same moves are acknowledged with every one of their writes unsynced', async () => {
    const { commands } = await playWatched('relaxed');
    const moves = commands.filter((c) => c.command.endsWith('/moves'));
    expect(moves.map((c) => c.status)).toEqual([200, 200, 200]);
    for (const c of moves) {
      expect(c.writes.length, c.command).toBeGreaterThan(0);
      expect(c.unsafe, c.command).toEqual(c.writes);
    }
  });
});

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** `npm start` without npm (functions/start.mjs) with `env`: its exit code and what it printed. */
function startWith(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['functions/start.mjs'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const read = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    // Started: that is all there is to see; stop it.
    if (/sweeper/.test(out)) child.kill('SIGTERM');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('DURABILITY for npm start', () => {
  it('refuses an unknown value at start, with what it accepts, before touching the data folder', async () => {
    const dataDir = join(freshDir(), 'data');
    const { code, out } = await startWith({ DATA_DIR: dataDir, DURABILITY: 'fast' });
    expect({ code, out: out.trim() }).toEqual({
      code: 1,
      out:
        'Cannot start: DURABILITY must be synced (the default: an acknowledged write survives a power loss) ' +
        'or relaxed (a throwaway demo: it survives a crash, not a power loss), not "fast"',
    });
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it.each([
    ['', 'synced: a move answered survives a power loss'],
    ['relaxed', 'relaxed: a power loss can lose the last moves answered'],
  ])(
    'DURABILITY=%j starts and says so: %s',
    async (durability, says) => {
      const dataDir = freshDir();
      const { out } = await startWith({ DATA_DIR: dataDir, DURABILITY: durability });
      expect(out).toContain(`data     ${dataDir} (${says})`);
    },
    120_000,
  );
});

// Beside DURABILITY, the other setting `npm start` checks before it starts (see cross-origin.ts).
describe('ALLOWED_ORIGINS for npm start', () => {
  it('refuses what is not an origin at start, naming it, before touching the data folder', async () => {
    const dataDir = join(freshDir(), 'data');
    const { code, out } = await startWith({
      DATA_DIR: dataDir,
      ALLOWED_ORIGINS: 'https://play.example, localhost:5173',
    });
    expect({ code, out: out.trim() }).toEqual({
      code: 1,
      out: 'Cannot start: ALLOWED_ORIGINS: not an origin (a scheme and host, like https://play.example): localhost:5173',
    });
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});
