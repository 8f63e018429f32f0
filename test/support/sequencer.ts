/**
 * The order test files start in. vitest starts the longest first, by the durations it cached on the
 * last run; on a fresh machine (CI's clean checkout) it has none and starts the largest files first.
 * A few long suites are small files whose work lives in their support modules, so they started last,
 * and the run ended with one worker busy and the other idle (hidden-information-long.test.ts, 348
 * bytes and 35-80 s, was the last file of a clean run). Those go first when no duration is cached.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Long suites in small files (over ~10 s each in a clean run, smaller than most test files). */
export const LONG_SMALL_FILES = [
  'test/security/hidden-information-long.test.ts',
  'test/security/hidden-information.test.ts',
  'test/web/watch.test.ts',
  'test/e2e/hey-api-play.test.ts',
];

/** vitest's order, with LONG_SMALL_FILES first (in that order) among the files it has no duration for. */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const path = relative(this.ctx.config.root, file.moduleId);
      const timed = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`) !== undefined;
      const index = LONG_SMALL_FILES.indexOf(path.split('\\').join('/'));
      return index < 0 || timed ? LONG_SMALL_FILES.length : index;
    };
    // Projects stay in vitest's order, each one's files together; within one, the rest keep its order.
    const key = (file: TestSpecification, at: number) => [projects.indexOf(file.project.name), rank(file), at];
    return sorted
      .map((file, at) => ({ file, key: key(file, at) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ file }) => file);
  }
}
