/**
 * vitest global setup: the clients a third party would generate from openapi.yaml, written once per
 * run into test/e2e/generated/ (never committed) — an SDK by @hey-api/openapi-ts and a fetch client by
 * orval — and kept there while openapi.yaml is unchanged (its hash is written beside them), so a run
 * on an unchanged contract pays nothing. (openapi-typescript's types are the web client's, committed.)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the generated clients go: test/e2e/third-party imports them from there. */
export const GENERATED = join(ROOT, 'test/e2e/generated');
const SPEC = join(ROOT, 'openapi.yaml');

/** The generators, each writing into its own folder under `dir`. */
async function generate(dir: string): Promise<void> {
  // Loaded here, not at the top: a run whose clients are current never loads either generator.
  const { createClient } = await import('@hey-api/openapi-ts');
  await createClient({
    input: SPEC,
    output: { path: join(dir, 'hey-api') },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
  const { generate: orval } = await import('orval');
  await orval({
    input: { target: SPEC },
    output: {
      target: join(dir, 'orval/api.ts'),
      client: 'fetch',
      mode: 'single',
      // The client's URLs start with the spec's server (its variables' defaults: npm start's address).
      baseUrl: { getBaseUrlFromSpecification: true },
    },
  });
}

/**
 * Makes sure test/e2e/generated/ holds the clients of the current openapi.yaml, generating them (into a
 * scratch folder, then moved in place) only when the contract changed since they were made.
 * @example await ensureGenerated(); // then import test/e2e/generated/hey-api/sdk.gen
 */
export async function ensureGenerated(): Promise<{ generated: boolean; ms: number }> {
  const started = performance.now();
  const hash = createHash('sha256').update(readFileSync(SPEC)).digest('hex');
  const stamp = join(GENERATED, '.openapi-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return { generated: false, ms: 0 };
  const scratch = `${GENERATED}.${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    await generate(scratch);
    writeFileSync(join(scratch, '.openapi-sha256'), hash);
    rmSync(GENERATED, { recursive: true, force: true });
    renameSync(scratch, GENERATED);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { generated: true, ms: performance.now() - started };
}

export default async function setup(): Promise<void> {
  const { generated, ms } = await ensureGenerated();
  if (generated) console.log(`generated clients from openapi.yaml (hey-api, orval) in ${Math.round(ms)} ms`);
}
