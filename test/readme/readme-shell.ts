import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** README.md as a newcomer reads it. */
export const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/**
 * Runs a script with bash -euo pipefail; resolves with its output, whatever its exit code.
 * @example const { code, stdout } = await bash(block, { BASE: baseUrl });
 */
export function bash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // No stdin: Node's stdio pipes are sockets, and bash reads /etc/bash.bashrc when its stdin is one
    // (it takes itself for a remote shell), which is no part of the README.
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
