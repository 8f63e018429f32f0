import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient } from '@chickenfoot/web/build';

/** Where the web client goes in the asset: where Node's resolution from `index.mjs` finds `@chickenfoot/web`. */
export const WEB_ASSET_DIR = 'node_modules/@chickenfoot/web';

// Just enough of a package for the app to find its built files by name (see packages/web/src/server/assets.ts).
const PACKAGE_JSON = {
  name: '@chickenfoot/web',
  private: true,
  type: 'module',
  exports: { './package.json': './package.json' },
};

/**
 * Builds the web client's bundle fresh into the Lambda asset, beside `index.mjs`, as a package the app
 * resolves at run time: `package.json` and `dist/` (the content-hashed files and their manifest).
 * Files, not code: the pages' server side is in index.mjs; these are only read when a page asks.
 * @example await bundleLambda(out); await buildWebAssets(out);
 */
export async function buildWebAssets(outdir: string): Promise<string[]> {
  const target = join(outdir, WEB_ASSET_DIR);
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(PACKAGE_JSON, null, 2)}\n`);
  const { bytes } = await buildClient(join(target, 'dist'));
  return ['package.json', 'dist/manifest.json', ...Object.keys(bytes).map((file) => `dist/${file}`)].map(
    (file) => `${WEB_ASSET_DIR}/${file}`,
  );
}
