import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const spec = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, unknown>;
};
// The contract's paths as patterns ({id} is one segment), and the web client's own pages and assets.
const ALLOWED = [
  ...Object.keys(spec.paths).map((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`)),
  /^\/$/,
  /^\/new$/,
  /^\/lobby$/,
  /^\/watch$/,
  /^\/rules$/,
  /^\/join\/g_[A-Za-z0-9_-]{22}$/,
  /^\/games\/g_[A-Za-z0-9_-]{22}$/,
  /^\/games\/g_[A-Za-z0-9_-]{22}\/replay$/,
  /^\/assets\/[A-Za-z0-9._-]+$/,
  // The installable app: its service worker and its manifest.
  /^\/sw\.js$/,
  /^\/app\.webmanifest$/,
];

/**
 * The requests (URLs) that went to neither a page of the web client, one of its assets, nor a path of
 * openapi.yaml: a private route the client should not know of. Empty for a client built on the contract.
 * @example expect(offContract(player.requested)).toEqual([]);
 */
export function offContract(urls: readonly string[]): string[] {
  return urls.filter((url) => !ALLOWED.some((pattern) => pattern.test(new URL(url).pathname)));
}
