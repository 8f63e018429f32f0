import { build, type Metafile } from 'esbuild';
import { copyDocsAssets } from './docs-assets';
import { buildWebAssets } from './web-assets';
import { lambdaBuildOptions } from './options';
import { SWEEPER_ENTRY } from './paths';

/**
 * Bundles the Lambda entry into `outdir` (`index.mjs` and its source map), copies the docs' assets
 * beside it (`node_modules/swagger-ui-dist/`) and builds the web client there too
 * (`node_modules/@chickenfoot/web/`) — neither for the sweeper, which serves no page — and returns
 * esbuild's metafile, so callers can say what went in.
 * @example const { outputs } = await bundleLambda('/tmp/out');
 */
export async function bundleLambda(outdir: string, entry?: string): Promise<Metafile> {
  const result = await build(lambdaBuildOptions(outdir, entry));
  if (!result.metafile) throw new Error('esbuild returned no metafile');
  if (entry !== SWEEPER_ENTRY) {
    copyDocsAssets(outdir);
    await buildWebAssets(outdir);
  }
  return result.metafile;
}
