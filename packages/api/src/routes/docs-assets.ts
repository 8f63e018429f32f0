import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The files of swagger-ui-dist that /docs uses, and their content types. */
export const SWAGGER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** One asset as served: its bytes, and gzipped when that pays (text). */
export interface Asset {
  readonly type: string;
  readonly body: Uint8Array<ArrayBuffer>;
  readonly gzipped: Uint8Array<ArrayBuffer> | null;
}

/**
 * Swagger UI's files from the installed `swagger-ui-dist` (a pinned dependency), found the way Node
 * finds any package from here: beside the source in the repo, and beside the bundle on Lambda, whose
 * build copies these files into `node_modules/swagger-ui-dist/` next to it. Read on first use and kept.
 * @example const assets = swaggerAssets(); assets.version; assets.get('swagger-ui.css');
 */
export function swaggerAssets() {
  let dir: string | undefined;
  let version: string | undefined;
  const cache = new Map<string, Asset>();
  const root = () => (dir ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));
  return {
    /** The installed version: asset URLs carry it, so they can be cached for good. */
    get version(): string {
      return (version ??= (JSON.parse(readFileSync(join(root(), 'package.json'), 'utf8')) as { version: string })
        .version);
    },
    /** A file of `SWAGGER_FILES`, or undefined for any other name. */
    get(name: string): Asset | undefined {
      const type = SWAGGER_FILES[name];
      if (!type || !Object.hasOwn(SWAGGER_FILES, name)) return undefined;
      let asset = cache.get(name);
      if (!asset) {
        const body = new Uint8Array(readFileSync(join(root(), name)));
        // 1.7 MB of JavaScript is ~0.5 MB gzipped: what a browser downloads, and what a Lambda returns.
        asset = {
          type,
          body,
          gzipped: type.startsWith('image/') ? null : new Uint8Array(gzipSync(body, { level: 9 })),
        };
        cache.set(name, asset);
      }
      return asset;
    },
  };
}
