import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@chickenfoot/infra/bundle';
import { freePort } from '../support/ports';

/** `npm start` running in a child process on a free port, with its data in a fresh folder. */
export interface Started {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Runs `npm start` exactly as a newcomer would (it builds the web client, then serves the site with
 * its embedded DynamoDB), and resolves once it says where it listens. `stop` ends that process group.
 * @example const app = await npmStart(); try { await fetch(app.baseUrl) } finally { await app.stop() }
 */
export async function npmStart(): Promise<Started> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'chickenfoot-bench-web-'));
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so stopping it stops npm, tsx and the server it started.
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`Chickenfoot on ${baseUrl}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before listening:\n${out}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    },
  };
}
