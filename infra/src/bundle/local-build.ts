import { buildClient } from '@chickenfoot/web/build';
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { localServerBuildOptions } from './local-options';
import { REPO_ROOT } from './paths';

/** What functions/start.mjs reads to tell whether a build is current: when it began, and what it read. */
export interface LocalBuildManifest {
  /** Milliseconds since the epoch when the build began: a watched file changed later makes it stale. */
  builtAt: number;
  /** Absolute paths: every source file in the bundle, the build's own options, and the package locks. */
  watched: string[];
}

/** The manifest's file name in the build folder. */
export const MANIFEST = 'manifest.json';

/**
 * Builds `npm start`'s server into `outdir` (`local.mjs`, its map and `manifest.json`): into a
 * folder beside it first, then moved into place, so a start never runs half a build.
 * @example await bundleLocalServer(LOCAL_BUILD_DIR);
 */
export async function bundleLocalServer(outdir: string, entry?: string): Promise<LocalBuildManifest> {
  const builtAt = Date.now();
  const staging = `${outdir.replace(/[\\/]$/, '')}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(staging), { recursive: true });
  const result = await build(localServerBuildOptions(staging, entry));
  // Inputs from plugins' own namespaces (a virtual module) are not files.
  const sources = Object.keys(result.metafile?.inputs ?? {})
    .filter((input) => !/^[a-z-]+:/.test(input))
    .map((input) => (isAbsolute(input) ? input : resolve(REPO_ROOT, input)));
  const bundleDir = join(REPO_ROOT, 'infra', 'src', 'bundle');
  const options = readdirSync(bundleDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  // node_modules' own files keep their packages' dates, so a changed install shows in the locks.
  const locks = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'].map((f) => join(REPO_ROOT, f));
  // The web client's bundle, which the server reads from packages/web/dist: built here too, so a start
  // serves the client as its sources are now; every file of the package is watched.
  await buildClient();
  const web = join(REPO_ROOT, 'packages', 'web');
  const client = ['src', 'scripts'].flatMap((dir) =>
    readdirSync(join(web, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const watched = [...new Set([...sources, ...client, ...options, ...locks.filter(existsSync)])];
  const manifest: LocalBuildManifest = { builtAt, watched };
  writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest));
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  return manifest;
}
