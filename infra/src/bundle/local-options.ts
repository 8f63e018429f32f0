import type { BuildOptions } from 'esbuild';
import { LOCAL_ENTRY, REPO_ROOT } from './paths';
import { stubPlugins } from './stubs/bundle-stubs';

/**
 * The esbuild options of `npm start`'s prebuilt server (functions/start.mjs builds with these when
 * the bundle is missing or older than its sources): one parsed file starts in a fraction of the
 * time tsx takes to compile the sources, and leaves tsx's loader out of the running process.
 * - dynalite stays in node_modules: it loads its own files by computed paths, and its LevelDB is a
 *   native addon.
 * - The Lambda plugins apply here too: the local server speaks English only, compiles no zod schema
 *   nor reads JSON Schema, sends no event-stream operation, and its DynamoDB client always gets its
 *   credentials (fake ones) in code, so the provider chain is never asked.
 * - CommonJS inside the bundle (@hono/node-server's helpers, parts of the SDK) may `require` Node's
 *   built-ins: a `require` made with createRequire is there for them.
 * - Source maps, for stack traces that point at the TypeScript; `npm start` turns them on
 *   (process.setSourceMapsEnabled) before it imports the bundle. Without the sources themselves
 *   (they are in the repository): Node parses the whole map at every start, and the sources were
 *   most of it.
 * @example await esbuild.build(localServerBuildOptions('node_modules/.cache/chickenfoot/local'));
 */
export function localServerBuildOptions(outdir: string, entry: string = LOCAL_ENTRY): BuildOptions {
  return {
    entryPoints: { local: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    external: ['dynalite'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: stubPlugins(),
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
    metafile: true,
  };
}
