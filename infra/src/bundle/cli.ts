/**
 * `node --import tsx infra/src/bundle/cli.ts <outdir> [entry]`: bundles the Lambda into <outdir>.
 * The stack runs this in a child process because CDK's local bundling hook is synchronous and
 * esbuild plugins only run in its asynchronous API.
 * `... cli.ts --local <outdir> [entry]`: builds `npm start`'s server instead (functions/start.mjs
 * runs this when its build is missing or stale).
 */
import { bundleLambda } from './build';
import { bundleLocalServer } from './local-build';

const local = process.argv[2] === '--local';
const [outdir, entry] = process.argv.slice(local ? 3 : 2);
if (!outdir) {
  process.stderr.write('usage: cli.ts [--local] <outdir> [entry]\n');
  process.exit(2);
}
await (local ? bundleLocalServer(outdir, entry) : bundleLambda(outdir, entry));
