import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { FUNCTIONS_DIR, LAMBDA_ENTRY, REPO_ROOT } from './paths';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/**
 * The Lambda code: functions/ bundled by the repo's own esbuild, on this machine (never Docker).
 * NodejsFunction's own bundling drives the esbuild CLI, which cannot run plugins, so the same
 * function gets this asset instead: a local bundling step that runs `bundle/cli.ts` (esbuild's API
 * with `lambdaBuildOptions`, the options `npm run bench:lambda` measures). The asset hash is the
 * bundle's, so an unchanged bundle is not uploaded again. In tests that skip bundling
 * (`aws:cdk:bundling-stacks: []`) CDK never calls this.
 * @example new NodejsFunction(this, 'Api', { code: lambdaCode(), handler: HANDLER, ... });
 */
export function lambdaCode(entry: string = LAMBDA_ENTRY): Code {
  return Code.fromAsset(FUNCTIONS_DIR, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('dummy'),
      // CDK keys its staging cache on the source folder and these options (not on `local`): naming the
      // entry here keeps the API's bundle and the sweeper's, from the same folder, apart.
      command: ['bundle', relative(REPO_ROOT, entry)],
      local: {
        tryBundle(outputDir: string): boolean {
          const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, outputDir, entry], {
            cwd: REPO_ROOT,
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          if (run.error) throw run.error;
          if (run.status !== 0) throw new Error(`bundling ${entry} failed (exit ${run.status ?? run.signal})`);
          return true;
        },
      },
    },
  });
}
