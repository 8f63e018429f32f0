import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { LONG_SMALL_FILES, LongFirstSequencer } from './sequencer';

const ROOT = '/repo';

/** A file as the sequencer sees it: its project, path and size (what vitest's own sort reads). */
const file = (project: string, path: string) =>
  ({
    moduleId: `${ROOT}/${path}`,
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: project === 'isolated' } },
  }) as unknown as TestSpecification;

/** The sequencer over `sizes` (bytes by path), with durations cached for `timed` (ms by path). */
function sequencer(sizes: Record<string, number>, timed: Record<string, number> = {}) {
  const strip = (key: string) => key.slice(key.indexOf(':') + 1);
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileStats: (key: string) => ({ size: sizes[strip(key)] ?? 1 }),
      getFileTestResults: (key: string) =>
        timed[strip(key)] === undefined ? undefined : { duration: timed[strip(key)], failed: false },
    },
  };
  return new LongFirstSequencer(ctx as never);
}

const paths = (files: TestSpecification[]) =>
  files.map((f) => `${f.project.name}:${f.moduleId.slice(ROOT.length + 1)}`);

describe('the order test files start in', () => {
  const sizes = {
    'test/big.test.ts': 9_000,
    'test/mid.test.ts': 5_000,
    'test/security/hidden-information-long.test.ts': 348,
    'test/e2e/hey-api-play.test.ts': 2_400,
    'test/tiny.test.ts': 100,
    'test/isolated.test.ts': 50,
  };
  const files = [
    file('shared', 'test/tiny.test.ts'),
    file('shared', 'test/e2e/hey-api-play.test.ts'),
    file('isolated', 'test/isolated.test.ts'),
    file('shared', 'test/security/hidden-information-long.test.ts'),
    file('shared', 'test/mid.test.ts'),
    file('shared', 'test/big.test.ts'),
  ];

  it('starts the long suites in small files first on a fresh machine, then the largest files', async () => {
    expect(paths(await sequencer(sizes).sort(files))).toEqual([
      'isolated:test/isolated.test.ts',
      'shared:test/security/hidden-information-long.test.ts',
      'shared:test/e2e/hey-api-play.test.ts',
      'shared:test/big.test.ts',
      'shared:test/mid.test.ts',
      'shared:test/tiny.test.ts',
    ]);
  });

  it('keeps vitest’s order, longest first, once it has timed them', async () => {
    const timed = {
      'test/big.test.ts': 100,
      'test/mid.test.ts': 30_000,
      'test/security/hidden-information-long.test.ts': 20_000,
      'test/e2e/hey-api-play.test.ts': 10,
      'test/tiny.test.ts': 5,
      'test/isolated.test.ts': 1,
    };
    expect(paths(await sequencer(sizes, timed).sort(files))).toEqual([
      'isolated:test/isolated.test.ts',
      'shared:test/mid.test.ts',
      'shared:test/security/hidden-information-long.test.ts',
      'shared:test/big.test.ts',
      'shared:test/e2e/hey-api-play.test.ts',
      'shared:test/tiny.test.ts',
    ]);
  });

  it('names test files that exist (a renamed suite would silently start last again)', () => {
    const repo = new URL('../../', import.meta.url).pathname;
    expect(LONG_SMALL_FILES.filter((path) => !existsSync(`${repo}${path}`))).toEqual([]);
  });
});
