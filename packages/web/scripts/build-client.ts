/**
 * Builds the browser bundle with esbuild: `src/client/main.ts` and `style.css`, minified, with
 * content-hashed names (so they can be cached for good), an icon, the rules page's body (from
 * docs/rules.md), the service worker (`sw.js`, served at `/sw.js`), the installable app's PNG icons
 * (192 and 512 px), and `manifest.json` mapping each logical name to its file. `tsx packages/web/scripts/build-client.ts [outdir]` (`npm run build:web`);
 * the default folder is this package's `dist/`, which the server reads.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { ICON_SVG } from './icon';
import { iconPng } from './icon-png';
import { rulesHtml } from './rules-html';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));

/** This package's `dist/`: where the server looks by default. */
export const DEFAULT_OUTDIR = join(PACKAGE, 'dist');

const WORKER = {
  entryPoints: { sw: join(PACKAGE, 'src/worker/sw.ts') },
  entryNames: '[name]-[hash]',
  bundle: true,
  format: 'iife' as const,
  target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
  minify: true,
  legalComments: 'none',
  tsconfig: join(PACKAGE, 'src/client/tsconfig.json'),
  write: false,
  logLevel: 'warning',
} satisfies BuildOptions;

/** What a build wrote: the manifest (logical name → file) and each file's size in bytes. */
export interface ClientBuild {
  readonly outdir: string;
  readonly manifest: Record<string, string>;
  readonly bytes: Record<string, number>;
}

/**
 * Builds the client into `outdir`, replacing what an earlier build left there.
 * @example const { manifest } = await buildClient('/tmp/web'); manifest['main.js'] // 'main-5KQ2….js'
 */
export async function buildClient(outdir: string = DEFAULT_OUTDIR): Promise<ClientBuild> {
  const result = await build({
    entryPoints: { main: join(PACKAGE, 'src/client/main.ts'), style: join(PACKAGE, 'src/client/style.css') },
    outdir,
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    // Browsers of the last few years: no transpiling of what they all run.
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    minify: true,
    legalComments: 'none',
    tsconfig: join(PACKAGE, 'src/client/tsconfig.json'),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // A classic script (not a module): every browser with push runs it as a service worker.
  const worker = await build({ ...WORKER, outdir });
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const manifest: Record<string, string> = {};
  const bytes: Record<string, number> = {};
  for (const file of [...result.outputFiles, ...(worker.outputFiles ?? [])]) {
    const name = basename(file.path);
    writeFileSync(file.path, file.contents);
    manifest[name.replace(/-[A-Z0-9]+(\.\w+)$/, '$1')] = name;
    bytes[name] = file.contents.byteLength;
  }
  writeIcons(outdir, manifest, bytes);
  // The rules page's body, drawn from docs/rules.md here, once: the server only reads it.
  const rules = rulesHtml();
  const page = `rules-${hash(rules)}.html`;
  writeFileSync(join(outdir, page), rules);
  manifest['rules.html'] = page;
  bytes[page] = Buffer.byteLength(rules);
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outdir, manifest, bytes };
}

/** The SVG icon the pages show, and the PNGs (192 and 512 px) the app manifest lists for installing. */
function writeIcons(outdir: string, manifest: Record<string, string>, bytes: Record<string, number>): void {
  const files: [string, string, Buffer][] = [['icon.svg', 'svg', Buffer.from(ICON_SVG)]];
  for (const size of [192, 512]) files.push([`icon-${size}.png`, 'png', iconPng(size)]);
  for (const [logical, ext, body] of files) {
    const name = `${logical.replace(/\.\w+$/, '')}-${hash(body.toString('base64'))}.${ext}`;
    writeFileSync(join(outdir, name), body);
    manifest[logical] = name;
    bytes[name] = body.byteLength;
  }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8).toUpperCase();

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outdir, bytes } = await buildClient(process.argv[2]);
  const files = Object.entries(bytes).map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`);
  console.log(`web client built into ${outdir}: ${files.join(', ')}`);
}
