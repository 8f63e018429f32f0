import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '@chickenfoot/app';
import { startLocalServer } from './local-server';

// `TEST_CLOCK=1 npm start`: the README's clocked game runs as written, after its walkthrough, against the
// local server with a test clock: moved forward a day and an hour, the turn times out at once (the
// server sweeps when its clock moves) and the game's view shows the clock. (On the old code there was no
// test clock: the advance was a 404 and the snippet failed.)
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The first `sh` block after `marker` in the README. */
function shellBlock(marker: string): string {
  const block = /```sh\n([\s\S]*?)```/.exec(README.slice(README.indexOf(marker)))?.[1];
  if (!block) throw new Error(`no sh block after ${marker}`);
  return block;
}

function bash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the local server’s test clock', () => {
  it('runs the README’s clocked game: a turn times out a day and an hour on, and the view shows the clock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chickenfoot-clock-'));
    // Its timer would sweep only in an hour: what runs after the advance, the advance set off.
    const server = await startLocalServer({
      ...{ dataDir, port: 0, host: '127.0.0.1', app: { logger: silentLogger } },
      ...{ testClock: true, sweepMs: 3_600_000 },
    });
    try {
      const script = `${shellBlock('## Playing, from a terminal')}\n${shellBlock('### A clocked game')}`;
      const { code, stdout, stderr } = await bash(script, { API: server.url });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const [deadline, advanced, shown, timedOut] = stdout.trim().split('\n').slice(-4);
      expect(deadline).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect([advanced, shown, timedOut]).toEqual(['25', '25', '1']);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
