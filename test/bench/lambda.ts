/**
 * `npm run bench:lambda`: the Lambda bundle as the stack deploys it (the same `lambdaBuildOptions`).
 *   size    what a cold start reads (index.mjs and the chunks it imports statically) in bytes and
 *           gzipped; the chunks only loaded on first use (the contract's document, the problems'
 *           words) apart; and what each bundle plugin saves (built without it).
 *   import  the median wall time of a fresh `node` importing the bundle, minus the median of a bare
 *           `node -e 0`, both measured in this run, in alternating rounds. As deployed: with
 *           NODE_OPTIONS=--enable-source-maps and the environment the template sets. For comparison
 *           also without source maps, and with the AWS SDK left external (read from node_modules).
 *   billed  the billed duration of a move through the deployed bundle: warm (median of 200 POSTs,
 *           each loading the game, as on Lambda), and cold (a fresh process: import + first move);
 *           with the memory size that minimises the cost per million moves under a stated model of
 *           Lambda's CPU share (see lambda-billed.ts). BENCH_LAMBDA_COLD_PROFILE=<folder> has each cold
 *           process write a CPU profile there.
 * Targets (issue 5): at most 600 KB (600,000 bytes) minified read at a cold start, import at most 150 ms
 * on this machine.
 * The last line printed is one JSON object with the figures (also in .tmp/bench/lambda.json).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleLambda, bundleLoad, HANDLER_FILE, lambdaBuildOptions, REPO_ROOT } from '@chickenfoot/infra/bundle';
import { build, type Metafile } from 'esbuild';
import { billedDurations } from './lambda-billed';
import { judge, report, verdict } from './stats';

const RUNS = 21;
const WARMUP = 2;
const TARGET = { bytes: 600_000, importMs: 150 };
// The environment the template gives the function (values made up: nothing is called at import).
const LAMBDA_ENV = {
  TABLE_NAME: 'chickenfoot-bench',
  TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench-AbCdEf',
  AWS_REGION: 'eu-west-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

// Under the repo, so the SDK-external variant resolves @aws-sdk from node_modules as Lambda would
// from its runtime's copy.
const root = join(REPO_ROOT, '.tmp', 'bench-lambda');

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Wall time of one fresh node process running `args`, in ms; throws if it fails. */
function timeNode(args: string[], env: Record<string, string>): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return ms;
}

const importArgs = (file: string) => [
  '--input-type=module',
  '-e',
  `await import(${JSON.stringify(pathToFileURL(file).href)})`,
];

/** Builds a variant of the deployed options into its own folder; returns the handler file and the metafile. */
async function variant(
  name: string,
  change: (o: ReturnType<typeof lambdaBuildOptions>) => ReturnType<typeof lambdaBuildOptions>,
) {
  const outdir = join(root, name);
  const result = await build(change(lambdaBuildOptions(outdir)));
  return { file: join(outdir, HANDLER_FILE), metafile: result.metafile as Metafile };
}

/** The bytes a cold start reads: the entry and the chunks it imports statically. */
const startupBytes = (metafile: Metafile) => bundleLoad(metafile).startup.reduce((sum, f) => sum + f.bytes, 0);

/** Bytes per top-level source (a package, or one of our packages' src/) a cold start reads, largest first. */
function breakdown(metafile: Metafile, top: number): [string, number][] {
  const startup = new Set(bundleLoad(metafile).startup.map((f) => f.file));
  const inputs = Object.entries(metafile.outputs)
    .filter(([file]) => startup.has(file))
    .flatMap(([, output]) => Object.entries(output.inputs));
  const by = new Map<string, number>();
  for (const [file, { bytesInOutput }] of inputs) {
    const key = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? file.split('/').slice(0, 2).join('/');
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, top);
}

async function main(): Promise<void> {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  try {
    const deployedDir = join(root, 'deployed');
    const metafile = await bundleLambda(deployedDir);
    const file = join(deployedDir, HANDLER_FILE);
    // esbuild names outputs relative to the working directory it ran in (the repo root).
    const load = bundleLoad(metafile);
    const read = (f: { file: string }) => readFileSync(join(REPO_ROOT, f.file));
    const code = Buffer.concat(load.startup.map(read));
    const bytes = code.length;
    const entryBytes = statSync(file).size;
    const lazyBytes = load.lazy.reduce((sum, f) => sum + f.bytes, 0);
    const gzipBytes = gzipSync(code, { level: 9 }).length;
    const mapBytes = load.startup.reduce((sum, f) => sum + statSync(`${join(REPO_ROOT, f.file)}.map`).size, 0);

    const plugins = (o: ReturnType<typeof lambdaBuildOptions>, drop: string) => ({
      ...o,
      plugins: o.plugins?.filter((p) => p.name !== drop) ?? [],
    });
    const withLocales = await variant('with-zod-locales', (o) => plugins(o, 'zod-english-only'));
    const withChain = await variant('with-credential-chain', (o) => plugins(o, 'lambda-credentials'));
    const withUnused = await variant('with-zod-unused', (o) => plugins(o, 'zod-without-unused'));
    const withStreams = await variant('with-event-streams', (o) => plugins(o, 'sdk-without-event-streams'));
    const sdkExternal = await variant('sdk-external', (o) => ({ ...o, external: ['@aws-sdk/*', '@smithy/*'] }));
    const sizeOf = (v: { metafile: Metafile }) => startupBytes(v.metafile);

    const env = { ...LAMBDA_ENV, NODE_OPTIONS: '--enable-source-maps' };
    const plainEnv = { ...LAMBDA_ENV };
    const samples = {
      bare: [] as number[],
      deployed: [] as number[],
      noMaps: [] as number[],
      external: [] as number[],
    };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const bare = timeNode(['-e', '0'], plainEnv);
      const deployed = timeNode(importArgs(file), env);
      const noMaps = timeNode(importArgs(file), plainEnv);
      const external = timeNode(importArgs(sdkExternal.file), env);
      if (i < WARMUP) continue;
      samples.bare.push(bare);
      samples.deployed.push(deployed);
      samples.noMaps.push(noMaps);
      samples.external.push(external);
    }
    const billed = await billedDurations(file, '--enable-source-maps');
    const bareMs = median(samples.bare);
    const importMs = round1(median(samples.deployed) - bareMs);
    const targets = {
      bytes: judge(bytes, 'atMost', TARGET.bytes),
      importMs: judge(round1(median(samples.deployed) - bareMs), 'atMost', TARGET.importMs),
    };
    const result = {
      bytes,
      entryBytes,
      lazyBytes,
      lazyChunks: load.lazy.map((f) => f.file.split('/').at(-1)),
      gzipBytes,
      mapBytes,
      importMs,
      importMsWithoutSourceMaps: round1(median(samples.noMaps) - bareMs),
      bareNodeMs: round1(bareMs),
      runs: RUNS,
      savedBytes: {
        zodLocales: sizeOf(withLocales) - bytes,
        zodUnused: sizeOf(withUnused) - bytes,
        credentialChain: sizeOf(withChain) - bytes,
        eventStreams: sizeOf(withStreams) - bytes,
      },
      sdkExternal: { bytes: sizeOf(sdkExternal), importMs: round1(median(samples.external) - bareMs) },
      billed,
      targets,
      allPass: Object.values(targets).every((t) => t.pass),
    };

    console.log(
      `bundle read at a cold start: ${bytes} bytes (${(bytes / 1024).toFixed(1)} KiB; ${load.startup.length} files, index.mjs ${entryBytes}), gzip -9 ${gzipBytes} bytes, source maps ${mapBytes} bytes`,
    );
    console.log(
      `  loaded on first use: ${lazyBytes} bytes (${load.lazy.map((f) => `${f.file.split('/').at(-1)} ${f.bytes}`).join(', ')})`,
    );
    console.log(
      `  largest parts: ${breakdown(metafile, 8)
        .map(([k, v]) => `${k} ${(v / 1024).toFixed(0)} KiB`)
        .join(', ')}`,
    );
    console.log(
      `  plugins save: zod locales ${result.savedBytes.zodLocales} bytes, zod's compiler and JSON Schema reader ` +
        `${result.savedBytes.zodUnused} bytes, credential chain ${result.savedBytes.credentialChain} bytes, ` +
        `the SDK's event streams ${result.savedBytes.eventStreams} bytes`,
    );
    console.log(
      `import (median of ${RUNS} fresh processes, minus bare node ${result.bareNodeMs} ms): ${importMs} ms as deployed (--enable-source-maps), ${result.importMsWithoutSourceMaps} ms without source maps`,
    );
    console.log(
      `  for comparison, AWS SDK external (read from node_modules): ${result.sdkExternal.bytes} bytes, ${result.sdkExternal.importMs} ms`,
    );
    const { warm, cold, model } = billed;
    console.log(
      `a move through the bundle, warm (median of ${warm.runs}; each POST loads the game): POST ${warm.post.wallMs} ms (CPU ${warm.post.cpuMs} ms), billed here ${warm.post.billedMs} ms; the GET before it ${warm.get.wallMs} ms (CPU ${warm.get.cpuMs} ms)`,
    );
    console.log(
      `cold (median of ${cold.runs} fresh processes): import ${cold.importMs} ms + first move ${cold.firstMoveMs} ms, billed here ${cold.billedMs} ms (CPU ${cold.totalCpuMs} ms; RSS after ${cold.rssMb} MB)`,
    );
    console.log(
      `on AWS (model: CPU share = memory / ${model.assumptions.vcpuAtMb} MB, ${model.assumptions.rttMs} ms a DynamoDB round trip, a cold start every ${model.assumptions.coldEvery} invocations):`,
    );
    for (const s of model.sizes)
      console.log(
        `  ${String(s.memoryMb).padStart(5)} MB: POST ${s.postBilledMs} ms, GET ${s.getBilledMs} ms, cold ${s.coldBilledMs} ms -> $${s.usdPerMillionMoves} per million moves${s.fits ? '' : ' (does not fit)'}`,
      );
    console.log(`  cheapest that fits: ${model.cheapestMemoryMb} MB`);
    console.log(`  ${verdict(targets.bytes)}  bundle <= ${TARGET.bytes} bytes: ${bytes}`);
    console.log(`  ${verdict(targets.importMs)}  import <= ${TARGET.importMs} ms: ${importMs}`);
    report('lambda', result);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
