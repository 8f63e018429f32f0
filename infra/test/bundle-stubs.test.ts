import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { localServerBuildOptions } from '../src/bundle/local-options';
import { lambdaBuildOptions } from '../src/bundle/options';
import { REPO_ROOT } from '../src/bundle/paths';
import { BUNDLE_STUBS, STUB_BYTES } from '../src/bundle/stubs/bundle-stubs';

// The bundling tricks hold only while the dependencies they stub keep their modules where the tricks
// look: an upgrade that moves one leaves a filter matching nothing, and the code it kept out comes back
// without a word. So: every stubbed module is still there, and the Lambda bundle as the stack builds it
// holds each stub, never the code behind it.
const resolveFromRoot = createRequire(join(REPO_ROOT, 'package.json')).resolve;

let bundled: Metafile['outputs'][string]['inputs'];
let inputs: string[];
beforeAll(async () => {
  const result = await build({ ...lambdaBuildOptions(join(REPO_ROOT, '.tmp', 'bundle-stubs')), write: false });
  const metafile = result.metafile ?? { inputs: {}, outputs: {} };
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  bundled = output?.inputs ?? {};
  inputs = Object.keys(metafile.inputs);
}, 60_000);

describe.each(BUNDLE_STUBS.map((stub) => [stub.plugin().name, stub] as const))('the bundle stub %s', (_, stub) => {
  it('finds what it stubs where it looks: every file in node_modules, every package resolved', () => {
    expect(stub.files.length + stub.specifiers.length).toBeGreaterThan(0);
    for (const file of stub.files) expect(existsSync(join(REPO_ROOT, 'node_modules', file)), file).toBe(true);
    for (const specifier of stub.specifiers) expect(() => resolveFromRoot(specifier), specifier).not.toThrow();
  });

  it('is in the Lambda bundle, and what it keeps out is not', () => {
    const stubbed = inputs.filter((input) => stub.leftOut.test(input));
    // Some input is the stub itself: a bundle that never imports the module needs no stub.
    expect(stubbed.length).toBeGreaterThan(0);
    for (const input of stubbed) expect(bundled[input]?.bytesInOutput ?? 0, input).toBeLessThanOrEqual(STUB_BYTES);
  });
});

describe('the bundle stubs', () => {
  it('are the plugins of the Lambda bundle and of npm start’s, in their order', () => {
    const names = BUNDLE_STUBS.map((s) => s.plugin().name);
    expect(lambdaBuildOptions('/out').plugins?.map((p) => p.name)).toEqual(names);
    expect(localServerBuildOptions('/out').plugins?.map((p) => p.name)).toEqual(names);
  });
});
