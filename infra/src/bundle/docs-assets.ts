import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * The files of swagger-ui-dist that the API's /docs serves (packages/api/src/routes/docs-assets.ts),
 * its package.json (how the app finds them) and its licence. The bundled-handler test loads /docs and
 * each of these from the real bundle, so a file missing here fails there.
 */
export const DOCS_ASSET_FILES = [
  'package.json',
  'LICENSE',
  'NOTICE',
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'favicon-32x32.png',
] as const;

/** Where the copies go in the asset: where Node's resolution from `index.mjs` looks for the package. */
export const DOCS_ASSET_DIR = 'node_modules/swagger-ui-dist';

/**
 * Copies Swagger UI's assets next to the Lambda bundle, as a package the app resolves at run time.
 * They are files, not code: bundled into index.mjs, their strings would be parsed on every cold
 * start; beside it they are read only when someone opens /docs (they are most of the asset's size).
 * @example await bundleLambda(out); copyDocsAssets(out);
 */
export function copyDocsAssets(outdir: string): string[] {
  const source = dirname(
    createRequire(join(REPO_ROOT, 'packages/api/package.json')).resolve('swagger-ui-dist/package.json'),
  );
  const target = join(outdir, DOCS_ASSET_DIR);
  mkdirSync(target, { recursive: true });
  for (const file of DOCS_ASSET_FILES) copyFileSync(join(source, file), join(target, file));
  return DOCS_ASSET_FILES.map((file) => `${DOCS_ASSET_DIR}/${file}`);
}
