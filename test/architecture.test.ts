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
    // Exactly these, each kind of rule failing where the fixture breaks it, and nothing else flagged. A
    // deep import breaks two rules: it is no allowed dependency of the api, and reaches into src/.
    expect(found.map((v) => v.replace(/-> .*node_modules\//, '-> node_modules/')).sort()).toEqual([
      'api-only-allowed-dependencies: packages/api/src/index.ts -> packages/rules/src/internal.ts',
      'app-only-allowed-dependencies: packages/app/src/uses-hono.ts -> node_modules/hono/dist/cjs/index.js',
      'no-circular: test/cycle-a.ts -> test/cycle-b.ts',
      'no-deep-imports-into-packages: packages/api/src/index.ts -> packages/rules/src/internal.ts',
      'rules-only-allowed-dependencies: packages/rules/src/uses-zod.ts -> node_modules/zod/index.cjs',
      'web-only-allowed-dependencies: packages/web/src/uses-api.ts -> packages/api/src/index.ts',
    ]);
  });
});
