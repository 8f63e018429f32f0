import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, measure, measureTree, parseAllowlist, sourceFiles } from '../scripts/check-limits';

// `npm run check:limits` checks the real tree against ARCHITECTURE.md's limits; this suite runs the same
// check on a small tree written for it, with a file and functions on each side of each limit.
const lines = (count: number, text = '// a line') => Array.from({ length: count }, () => text).join('\n') + '\n';
/** A function declaration `count` lines long, from `function` to its closing brace. */
const fn = (name: string, count: number) => `function ${name}() {\n${lines(count - 2, '  void 0;')}}\n`;

const TREE: Record<string, string> = {
  'packages/rules/src/long.ts': lines(301),
  'packages/rules/src/just-right.ts': lines(300),
  'packages/rules/src/functions.ts': [
    `/**\n${lines(3, ' * JSDoc is not the function')} */\n${fn('sixty', 60)}`,
    fn('sixtyOne', 61),
    `export const arrow = () => {\n${lines(60, '  void 0;')}};\n`,
  ].join(''),
  'packages/rules/src/methods.ts': [
    `class Game {\n  play() {\n${lines(59, '    void 0;')}  }\n}\n`,
    `run(() => {\n${lines(59, '  void 0;')}});\n`,
  ].join(''),
  'packages/rules/src/long.test.ts': lines(400),
  'packages/api/src/testing.ts': lines(400),
  'packages/web/src/api/api-types.ts': lines(400),
  'packages/web/src/board/page.tsx': `export function Page() {\n  return (\n    <div>\n${lines(60, '      <p />')}    </div>\n  );\n}\n`,
  'functions/start.mjs': fn('start', 61),
  'infra/src/stack.ts': lines(301),
  'infra/test/stack.test.ts': lines(400),
  'test/anything.ts': lines(400),
  'packages/rules/node_modules/x/index.ts': lines(400),
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'limits-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the size-limits check', () => {
  it('reads the source folders only, leaving out tests, testing.ts and the generated api-types.ts', () => {
    expect(sourceFiles(root)).toEqual([
      'functions/start.mjs',
      'infra/src/stack.ts',
      'packages/rules/src/functions.ts',
      'packages/rules/src/just-right.ts',
      'packages/rules/src/long.ts',
      'packages/rules/src/methods.ts',
      'packages/web/src/board/page.tsx',
    ]);
  });

  it('counts a function from its first token to its last, JSDoc left out, and names each as the allowlist does', () => {
    expect(measure('functions.ts', TREE['packages/rules/src/functions.ts']!).functions).toEqual([
      { name: 'sixty', lines: 60 },
      { name: 'sixtyOne', lines: 61 },
      { name: 'arrow', lines: 62 },
    ]);
    expect(measure('methods.ts', TREE['packages/rules/src/methods.ts']!).functions).toEqual([
      { name: 'Game.play', lines: 61 },
      { name: '/(callback of run)', lines: 61 },
    ]);
  });

  it('fails on every file over 300 lines and function over 60, and on nothing else', () => {
    const { failures } = check(measureTree(root), new Map());
    expect(failures).toEqual([
      'functions/start.mjs start(): 61 lines, over the function limit of 60',
      'infra/src/stack.ts: 301 lines, over the file limit of 300',
      'packages/rules/src/functions.ts sixtyOne(): 61 lines, over the function limit of 60',
      'packages/rules/src/functions.ts arrow(): 62 lines, over the function limit of 60',
      'packages/rules/src/long.ts: 301 lines, over the file limit of 300',
      'packages/rules/src/methods.ts Game.play(): 61 lines, over the function limit of 60',
      'packages/rules/src/methods.ts /(callback of run)(): 61 lines, over the function limit of 60',
      'packages/web/src/board/page.tsx Page(): 66 lines, over the function limit of 60',
    ]);
  });

  it('lets an allowlisted violation pass up to its figure, and fails an entry that grew or excuses nothing', () => {
    const allowlist = parseAllowlist(
      [
        '# a comment, and a blank line',
        '',
        'functions/start.mjs start() 61',
        'infra/src/stack.ts 301',
        'packages/rules/src/functions.ts sixtyOne() 61',
        'packages/rules/src/functions.ts arrow() 61  # it has grown to 62',
        'packages/rules/src/methods.ts Game.play() 61',
        'packages/rules/src/methods.ts /(callback of run)() 70',
        'packages/rules/src/long.ts 301',
        'packages/web/src/board/page.tsx Page() 66',
        'packages/rules/src/just-right.ts 310',
      ].join('\n'),
    );
    expect(check(measureTree(root), allowlist)).toEqual({
      failures: [
        'packages/rules/src/functions.ts arrow(): 62 lines, more than the 61 the allowlist allows',
        'packages/rules/src/just-right.ts: within the limits (or gone): take it off the allowlist',
      ],
      allowed: 7,
    });
  });

  it('refuses an allowlist line it cannot read', () => {
    expect(() => parseAllowlist('packages/rules/src/long.ts')).toThrow(/an allowlist line is/);
  });
});
