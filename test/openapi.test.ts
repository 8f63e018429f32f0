import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the committed contract', () => {
  it('openapi.yaml and the web client’s generated types match what the code generates', async () => {
    const result = await run('npx', ['tsx', 'packages/api/scripts/write-openapi.ts', '--check'], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    // Drift is said on stderr and in the exit code; other output there (a runtime's warning) is not drift.
    expect(result.stderr).not.toMatch(/out of date/);
    expect(result.code, result.stderr).toBe(0);
    // A child process that loads the api and openapi-typescript: seconds on a busy machine.
  }, 120_000);
});
