import { breakingChanges, type Break } from './breaking';
import type { WireShape } from './wire-shape';

/** `1.2.3` as numbers. */
export const semver = (version: string): [number, number, number] => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`info.version ${version} is not MAJOR.MINOR.PATCH`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

/** What the check found: the breaks since the release, and why they (or the version) fail it. */
export interface Verdict {
  readonly breaks: readonly Break[];
  readonly failures: readonly string[];
}

/**
 * The contract check of `npm test`: the contract may change by additions only, unless its major
 * version says otherwise; its version never goes back; and the CHANGELOG says what each version changed.
 * @example const { failures } = checkContract(released, wireShape(document), readFileSync('CHANGELOG.md', 'utf8'));
 */
export function checkContract(released: WireShape, now: WireShape, changelog: string): Verdict {
  const breaks = breakingChanges(released, now);
  const failures: string[] = [];
  const [was, is] = [semver(released.version), semver(now.version)];
  const order = is[0] - was[0] || is[1] - was[1] || is[2] - was[2];
  if (order < 0) failures.push(`info.version ${now.version} is older than the released ${released.version}`);
  if (breaks.length > 0 && is[0] === was[0]) {
    failures.push(
      `${breaks.length} breaking change(s) since ${released.version} without a new major version (info.version is ${now.version}):\n` +
        breaks.map((b) => `  ${b.where}: ${b.what}`).join('\n'),
    );
  }
  if (!new RegExp(`^## ${now.version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog)) {
    failures.push(`CHANGELOG.md has no "## ${now.version}" section`);
  }
  return { breaks, failures };
}
