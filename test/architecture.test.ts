import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// `npm run check:imports` enforces ARCHITECTURE.md's import directions on the real tree. This suite
// shows the same configuration failing on a small tree that breaks each kind of rule.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const fixture = fileURLToPath(new URL('./fixtures/architecture', import.meta.url));

async function violations(): Promise<string[]> {
  const { output } = await cruise(['packages', 'test'], {
    baseDir: fixture,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('the import-direction check', () => {
  it('fails on forbidden imports, deep imports and cycles, and only on those', async () => {
    const found = await violations();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^rules-only-allowed-dependencies: packages\/rules\/src\/uses-zod\.ts -> .*zod/),
        'no-deep-imports-into-packages: packages/api/src/index.ts -> packages/rules/src/internal.ts',
        expect.stringMatching(/^no-circular: test\/cycle-a\.ts -> test\/cycle-b\.ts/),
      ]),
    );
    expect(found.filter((v) => v.includes('rules/src/index.ts') && v.startsWith('no-deep'))).toEqual([]);
  });
});
