/**
 * `npm run contract:check`: openapi.yaml against the last released contract (contract-releases/, the
 * highest version there): no breaking change unless the major version says so, a version that never
 * goes back, a CHANGELOG section for it (see contract-diff/). Exits 1 and says why otherwise.
 * `npm run contract:check -- --release [file]` records the wire shape of openapi.yaml (or of `file`) as a
 * release, named by its info.version: do it when a version is published.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { checkContract, semver } from './contract-diff/check';
import { wireShape, type Node, type WireShape } from './contract-diff/wire-shape';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Where released contracts are kept, as wire shapes. */
export const RELEASES = join(root, 'packages/api/contract-releases');

/** The highest released version's wire shape. */
export function lastRelease(): WireShape {
  const versions = readdirSync(RELEASES)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort((a, b) => {
      const [x, y] = [semver(a), semver(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
  const last = versions.at(-1);
  if (!last) throw new Error(`no released contract in ${RELEASES}`);
  return JSON.parse(readFileSync(join(RELEASES, `${last}.json`), 'utf8')) as WireShape;
}

const shapeOf = (file: string) => wireShape(parse(readFileSync(file, 'utf8')) as Node);

if (process.argv[1]?.endsWith('contract-check.ts')) {
  const release = process.argv.indexOf('--release');
  if (release >= 0) {
    const shape = shapeOf(process.argv[release + 1] ?? join(root, 'openapi.yaml'));
    writeFileSync(join(RELEASES, `${shape.version}.json`), `${JSON.stringify(shape, null, 1)}\n`);
    console.log(`recorded the wire shape of ${shape.version} in contract-releases/`);
  } else {
    const released = lastRelease();
    const now = shapeOf(join(root, 'openapi.yaml'));
    const { breaks, failures } = checkContract(released, now, readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
    for (const failure of failures) console.error(failure);
    console.log(
      `contract ${now.version} against the released ${released.version}: ${breaks.length} breaking change(s), ${failures.length === 0 ? 'OK' : 'FAILED'}`,
    );
    process.exit(failures.length === 0 ? 0 : 1);
  }
}
