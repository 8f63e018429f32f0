/**
 * `npm start`: runs functions/src/local.ts from a bundle that esbuild built from it (see
 * infra/src/bundle/local-options.ts), which starts in a fraction of the time compiling the
 * TypeScript on every start took. The bundle is built when it is missing, or when any file it was
 * built from (the sources, the build options, the installed packages) has changed since: an edited
 * file is what the next start runs. `--build` only builds (npm's postinstall runs that). Plain
 * JavaScript, so that nothing but Node is loaded before the server. The server runs in this process,
 * so node's flags are package.json's `start` script's (a larger young generation: PERFORMANCE.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// infra/src/bundle/paths.ts (LOCAL_BUILD_DIR) names the same folder; the manifest is local-build.ts's.
const OUT = `${ROOT}node_modules/.cache/chickenfoot/local/`;
const buildOnly = process.argv.includes('--build');

/** True when the build is there and no file it watches changed after it began. */
function current() {
  try {
    const { builtAt, watched } = JSON.parse(readFileSync(`${OUT}manifest.json`, 'utf8'));
    return watched.every((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs < builtAt);
  } catch {
    return false;
  }
}

if (buildOnly || !current()) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'infra/src/bundle/cli.ts', '--local', OUT], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`Cannot start: building the server failed (${build.error?.message ?? `exit ${build.status}`}).`);
    process.exit(1);
  }
}
if (!buildOnly) {
  // The SDK warns that its 2027 releases need Node 22 (TOOLCHAIN.md): known, and not the user's concern here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Before the import: only files loaded after this are mapped. Stack traces then name the TypeScript.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(`${OUT}local.mjs`).href);
}
