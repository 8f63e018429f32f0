import type { BuildOptions } from 'esbuild';
import { LAMBDA_ENTRY, REPO_ROOT } from './paths';
import { stubPlugins } from './stubs/bundle-stubs';

/**
 * The one set of esbuild options for the Lambda bundle: the stack deploys what these build, and
 * `npm run bench:lambda` measures what these build.
 * - ESM named `.mjs`: Lambda's Node runtime loads it as a module whatever package.json says.
 * - Split: what is reached only by a dynamic `import()` (the contract's document and its texts, the
 *   problems' explanations) is a chunk of its own under `chunks/`, read on first use, so a cold start
 *   that serves a move never parses it (`bundleLoad` says which files a cold start reads).
 * - Everything bundled, AWS SDK included: one parsed file imports faster than the runtime's SDK read
 *   from many files on disk, and the deployed code cannot change under us when Lambda updates its SDK.
 * - `module` before `main`: the SDK and hono ship ES modules there, which esbuild can tree-shake.
 * - With `module` first every dependency arrives as ESM, so no `createRequire` banner is needed; the
 *   bundled-handler test fails if a CommonJS `require` shim ever appears.
 * - Four plugins drop code Lambda never runs: zod's 63 non-English locales, zod's schema compiler and
 *   JSON Schema reader, every AWS credential source but the environment, and the SDK's event streams
 *   (all in stubs/, listed in stubs/bundle-stubs.ts with what each stubs, which a test checks).
 * - Source maps without sources: stack traces map to TypeScript lines (with NODE_OPTIONS
 *   --enable-source-maps) while the map stays small.
 * @example await esbuild.build(lambdaBuildOptions('/tmp/out'));
 */
export function lambdaBuildOptions(outdir: string, entry: string = LAMBDA_ENTRY): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    external: [],
    plugins: stubPlugins(),
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
    metafile: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  };
}
