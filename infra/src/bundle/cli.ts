/**
 * `node --import tsx infra/src/bundle/cli.ts <outdir> [entry]`: bundles the Lambda into <outdir>.
 * The stack runs this in a child process because CDK's local bundling hook is synchronous and
 * esbuild plugins only run in its asynchronous API.
 */
import { bundleLambda } from './build';

const [outdir, entry] = process.argv.slice(2);
if (!outdir) {
  process.stderr.write('usage: cli.ts <outdir> [entry]\n');
  process.exit(2);
}
await bundleLambda(outdir, entry);
