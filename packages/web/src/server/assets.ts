import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the client build writes beside its files: each logical name and its content-hashed file. */
export const MANIFEST = 'manifest.json';

/** The logical names the pages link to. */
export type AssetName = 'main.js' | 'style.css' | 'icon.svg' | 'icon-192.png' | 'icon-512.png' | 'sw.js';

/** The pages' bodies the build draws (docs/rules.md as HTML), read by the server, never served as assets. */
export type PageBody = 'rules.html';

/** One built file as served. */
export interface WebAsset {
  readonly type: string;
  readonly body: Uint8Array<ArrayBuffer>;
  readonly gzipped: Uint8Array<ArrayBuffer>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Where the built client is: `dist/` of this package, found the way Node finds any package: in the
 * repo through the workspace link, and on Lambda beside the bundle, whose build copies it into
 * `node_modules/@chickenfoot/web/` (infra/src/bundle/web-assets.ts).
 */
export function defaultAssetsDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@chickenfoot/web/package.json')), 'dist');
}

/** The built client: read on first use and kept (they are small), so a rebuild never swaps files under a page. */
export class WebAssets {
  private loaded: { names: Record<string, string>; files: Map<string, WebAsset> } | undefined;

  constructor(private readonly dir: string = defaultAssetsDir()) {}

  /** True when the client has been built into the folder. */
  get built(): boolean {
    return this.loaded !== undefined || existsSync(join(this.dir, MANIFEST));
  }

  private load() {
    if (this.loaded) return this.loaded;
    const manifest = join(this.dir, MANIFEST);
    if (!existsSync(manifest)) {
      throw new Error(`the web client is not built (no ${manifest}): run npm run build:web`);
    }
    const names = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
    const files = new Map<string, WebAsset>();
    for (const file of Object.values(names)) {
      const body = new Uint8Array(readFileSync(join(this.dir, file)));
      const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      files.set(file, { type, body, gzipped: new Uint8Array(gzipSync(body, { level: 9 })) });
    }
    return (this.loaded = { names, files });
  }

  /** The URL path of a logical asset: `/assets/main-3F2A….js`. */
  url(name: AssetName): string {
    const file = this.load().names[name];
    if (!file) throw new Error(`the web client build has no ${name}`);
    return `/assets/${file}`;
  }

  /** A built file by its hashed name, or undefined (a page's body is no asset: it is only served in its page). */
  get(file: string): WebAsset | undefined {
    return file.endsWith('.html') ? undefined : this.load().files.get(file);
  }

  /** A page's body the build drew, as text (kept, like the rest). */
  page(name: PageBody): string {
    const file = this.load().names[name];
    const asset = file ? this.load().files.get(file) : undefined;
    if (!asset) throw new Error(`the web client build has no ${name}`);
    return new TextDecoder().decode(asset.body);
  }
}
