import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaCredentials } from '../src/bundle/stubs/lambda-credentials';
import { localServerBuildOptions } from '../src/bundle/local-options';
import { lambdaBuildOptions } from '../src/bundle/options';
import { bundleLoad } from '../src/bundle/startup';
import { LAMBDA_ENTRY, REPO_ROOT } from '../src/bundle/paths';
import { zodEnglishOnly } from '../src/bundle/stubs/zod-locales';
import { zodWithoutUnused } from '../src/bundle/stubs/zod-unused';
import { sdkWithoutEventStreams } from '../src/bundle/stubs/sdk-unused';
import { callInWorker } from './in-worker';

const dir = mkdtempSync(join(tmpdir(), 'chickenfoot-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `source` (resolved from the repo root) with one plugin; its file URL and its inputs. */
async function bundle(name: string, source: string, plugin: Plugin) {
  const result = await build({
    stdin: { contents: source, resolveDir: REPO_ROOT, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [plugin],
  });
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0]?.text ?? '');
  return { url: pathToFileURL(file).href, inputs: Object.keys(result.metafile.inputs) };
}

describe('the Lambda bundle options', () => {
  it('build a minified ESM entry and its chunks for Node 24 with source maps, everything bundled', () => {
    const options = lambdaBuildOptions('/out');
    expect(options).toMatchObject({
      entryPoints: { index: LAMBDA_ENTRY },
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      minify: true,
      sourcemap: true,
      external: [],
      splitting: true,
    });
    expect(options.plugins?.map((p) => p.name)).toEqual([
      'zod-english-only',
      'zod-without-unused',
      'lambda-credentials',
      'sdk-without-event-streams',
    ]);
  });
});

describe('the Lambda bundle, as a cold start reads it', () => {
  it('leaves the contract document and the problems’ words to chunks loaded on first use', async () => {
    const result = await build({ ...lambdaBuildOptions(join(dir, 'lambda')), write: false, logLevel: 'silent' });
    const { startup, lazy } = bundleLoad(result.metafile!);
    const sources = (files: readonly { file: string }[]) =>
      files.flatMap(({ file }) => Object.keys(result.metafile!.outputs[file]!.inputs));
    // A static import of either from what serves games would pull it back into every cold start.
    for (const docsOnly of [
      'packages/api/src/contract/document.ts',
      'packages/api/src/contract/examples.json',
      'packages/api/src/contract/descriptions.ts',
      'packages/api/src/contract/problem-explanations.ts',
    ]) {
      expect(sources(startup), docsOnly).not.toContain(docsOnly);
      expect(sources(lazy), docsOnly).toContain(docsOnly);
    }
    expect(sources(startup)).toContain('packages/api/src/contract/routes.ts');
    expect(startup[0]!.file).toMatch(/\/index\.mjs$/);
  });
});

describe('zodEnglishOnly', () => {
  it("keeps zod's English messages and z.locales.en, and leaves the other locales out", async () => {
    const { url, inputs } = await bundle(
      'zod',
      `import { z } from 'zod';
       export const probe = () => ({ locales: Object.keys(z.locales), message: z.string().safeParse(1).error.issues[0].message });`,
      zodEnglishOnly(),
    );
    expect(await callInWorker(url, 'probe', {})).toEqual({
      locales: ['en'],
      message: 'Invalid input: expected string, received number',
    });
    expect(inputs.filter((i) => i.includes('/locales/'))).toEqual([
      'node_modules/zod/v4/locales/en.js',
      'node_modules/zod/v4/locales/index.js',
    ]);
  });
});

describe('zodWithoutUnused', () => {
  it("leaves zod's compiler and JSON Schema reader out, and zod parsing as before", async () => {
    const { url } = await bundle(
      'zod-unused',
      `import { z } from 'zod';
       const said = (f) => { try { f(); return 'ran'; } catch (e) { return e.message; } };
       const Move = z.object({ type: z.literal('play'), tile: z.string().regex(/^\\d+-\\d+$/), on: z.number().int() });
       export const probe = () => ({
         ok: Move.safeParse({ type: 'play', tile: '9-4', on: 3 }).success,
         bad: Move.safeParse({ type: 'play', tile: 'x', on: 3 }).error.issues.map((i) => i.path.join('.')),
         schema: z.toJSONSchema(Move).required,
         compile: said(() => z.compile(Move)),
         fromJSONSchema: said(() => z.fromJSONSchema({ type: 'string' })),
       });`,
      zodWithoutUnused(),
    );
    expect(await callInWorker(url, 'probe', {})).toEqual({
      ok: true,
      bad: ['tile'],
      schema: ['type', 'tile', 'on'],
      compile: "zod's compile is left out of this bundle (infra/src/bundle/stubs/zod-unused.ts)",
      fromJSONSchema: "zod's fromJSONSchema is left out of this bundle (infra/src/bundle/stubs/zod-unused.ts)",
    });
    // zod alone, whole and trimmed: the two modules' code is what the plugin saves.
    const whole = await bundle('zod-whole', `export { z } from 'zod';`, { name: 'none', setup() {} });
    const trimmed = await bundle('zod-trimmed', `export { z } from 'zod';`, zodWithoutUnused());
    expect(statSync(fileURLToPath(whole.url)).size - statSync(fileURLToPath(trimmed.url)).size).toBeGreaterThan(40_000);
  });
});

describe('lambdaCredentials', () => {
  it("gives SDK clients the environment's credentials and none of the other providers", async () => {
    const { url, inputs } = await bundle(
      'credentials',
      `import { defaultProvider } from '@aws-sdk/credential-provider-node';
       export const credentials = () => defaultProvider()();`,
      lambdaCredentials(),
    );
    const lambdaEnv = {
      AWS_ACCESS_KEY_ID: 'AKIDLAMBDA',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
    };
    expect(await callInWorker(url, 'credentials', lambdaEnv)).toMatchObject({
      accessKeyId: 'AKIDLAMBDA',
      secretAccessKey: 'secret',
      sessionToken: 'session',
    });
    // No fallback to a profile, SSO or the instance metadata service: outside Lambda it just fails.
    await expect(callInWorker(url, 'credentials', { AWS_PROFILE: 'default' })).rejects.toThrow(
      /environment variable credentials/,
    );
    const files = inputs.filter((i) => i.startsWith('node_modules/'));
    expect(files.filter((i) => /credential-provider-(?!env)|nested-clients|token-providers/.test(i))).toEqual([]);
  });
});

describe('sdkWithoutEventStreams', () => {
  it("leaves the SDK's event-stream code out, and a DynamoDB client as it was", async () => {
    const source = `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
       const said = async (f) => { try { await f(); return 'ran'; } catch (e) { return e.message; } };
       export const probe = async () => ({
         // A client is built and serializes a command (sent nowhere: the endpoint refuses to connect).
         client: typeof new DynamoDBClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', maxAttempts: 1,
           credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }).send,
         command: new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }).input.TableName,
         streams: await said(async () => new (await import('@smithy/core/event-streams')).EventStreamSerde()),
       });`;
    const { url, inputs } = await bundle('sdk-unused', source, sdkWithoutEventStreams());
    expect(await callInWorker(url, 'probe', {})).toEqual({
      client: 'function',
      command: 't',
      streams: 'event streams are left out of this bundle (infra/src/bundle/stubs/sdk-unused.ts)',
    });
    expect(inputs.filter((i) => i.includes('event-streams/'))).toEqual([]);
    const whole = await bundle('sdk-whole', source, { name: 'none', setup() {} });
    expect(whole.inputs.filter((i) => i.includes('event-streams/')).length).toBeGreaterThan(5);
  });
});

describe("npm start's bundle options", () => {
  it('map a stack trace to the TypeScript without carrying the sources in the map', async () => {
    // An entry that fails inside the rules: the trace must name tiles.ts, as npm start's would.
    const entry = join(dir, 'fails.ts');
    writeFileSync(
      entry,
      `import { halves } from '${join(REPO_ROOT, 'packages/rules/src/tiles.ts')}';\nhalves('no tile');\n`,
    );
    const outdir = join(dir, 'local');
    await build(localServerBuildOptions(outdir, entry));
    const map = JSON.parse(readFileSync(join(outdir, 'local.mjs.map'), 'utf8')) as { sources: string[] };
    expect(map).not.toHaveProperty('sourcesContent');
    expect(map.sources.some((s) => s.endsWith('packages/rules/src/tiles.ts'))).toBe(true);
    const run = spawnSync(process.execPath, ['--enable-source-maps', join(outdir, 'local.mjs')], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('not a tile');
    expect(run.stderr).toMatch(/packages\/rules\/src\/tiles\.ts:\d+:\d+/);
  });
});
