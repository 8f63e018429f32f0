import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

// zod re-exports every locale as `z.locales` (`export * as locales from "../locales/index.js"`), and a
// namespace re-export is never tree-shaken: 64 files, none of which the API uses
// (it writes its own problem+json messages and zod registers English itself, from `locales/en.js`).
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;

/**
 * An esbuild plugin that loads zod's locales index as English only, so `z.locales.en` still works and
 * the other 63 locales never enter the bundle. Nothing else about zod changes.
 * @example await esbuild.build({ ...options, plugins: [zodEnglishOnly()] });
 */
export function zodEnglishOnly(): Plugin {
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onLoad({ filter: ZOD_LOCALES_INDEX }, (args) => ({
        contents: 'export { default as en } from "./en.js";\n',
        loader: 'js',
        resolveDir: dirname(args.path),
        watchFiles: [join(dirname(args.path), 'en.js')],
      }));
    },
  };
}
