/**
 * How `npm run bench:server` builds and runs its servers. The server runs as `npm start` runs the
 * app's entry: prebuilt by the bundle options `npm start` uses when infra/src/bundle has them
 * (`localServerBuildOptions`), else through tsx as before them. The floor is always bundled the
 * same way (esbuild, its own options), so it is the same floor before and after a change; so is the
 * store floor (store-floor.ts).
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const REPO = here('../../');

/** The node arguments of the bench's server and of its floor, and a line saying how the server runs. */
export interface BenchBuild {
  server: string[];
  floor: string[];
  /** The least a move costs on dynalite: one write, no server (store-floor.ts). */
  storeFloor: string[];
  describe: string;
}

// dynalite loads its own files at run time, and LevelDB is a native addon: both stay in node_modules.
const floorOptions = (outdir: string) => ({
  entryPoints: { floor: here('./floor-server.ts'), 'store-floor': here('./store-floor.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node20',
  mainFields: ['module', 'main'],
  external: ['dynalite'],
  // Its own name for createRequire: the bundled code (the store's embedded/) imports one of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  absWorkingDir: REPO,
  logLevel: 'warning' as const,
});

/** Builds what the bench runs into `outdir`. */
export async function benchBuild(outdir: string): Promise<BenchBuild> {
  await build(floorOptions(outdir));
  const floor = [join(outdir, 'floor.mjs')];
  const storeFloor = [join(outdir, 'store-floor.mjs')];
  const bundle = (await import('@chickenfoot/infra/bundle')) as Record<string, unknown>;
  const options = bundle.localServerBuildOptions as
    ((outdir: string, entry: string) => Parameters<typeof build>[0]) | undefined;
  if (!options) {
    return {
      server: ['--import', 'tsx', here('./server-entry.ts')],
      floor,
      storeFloor,
      describe: 'through tsx, as npm start ran it (no prebuilt server)',
    };
  }
  const serverDir = join(outdir, 'server');
  await build(options(serverDir, here('./server-entry.ts')));
  return {
    server: [...startNodeFlags(), '--enable-source-maps', join(serverDir, 'local.mjs')],
    floor,
    storeFloor,
    describe: `prebuilt by localServerBuildOptions, as npm start runs it (with source maps and npm start's node flags: ${startNodeFlags().join(' ') || 'none'})`,
  };
}

const startScript = () =>
  (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;

/** The flags `npm start` gives node (`node <flags> functions/start.mjs`): the bench's server runs with them too. */
export function startNodeFlags(): string[] {
  const [command, ...words] = startScript().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is not "node …" any more: ${startScript()}`);
  return words.filter((word) => word.startsWith('--'));
}

/** `npm start` itself, and its script run by a shell without npm (the same environment npm gives it). */
export function startCommand(): { npm: string[]; script: string[]; env: Record<string, string> } {
  const bin = join(REPO, 'node_modules', '.bin');
  return {
    npm: ['npm', 'start'],
    script: ['sh', '-c', startScript()],
    env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
  };
}
