import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '@chickenfoot/infra/app';
import { HANDLER, HANDLER_FILE } from '@chickenfoot/infra/bundle';

/** The deployable function as the synthesized stack describes it. */
export interface BundledFunction {
  /** The asset folder CDK would zip and upload. */
  readonly assetDir: string;
  /** The handler file in it. */
  readonly handlerFile: string;
  /** The function's environment in the template: names and (unresolved) values. */
  readonly environment: Record<string, unknown>;
}

interface Template {
  Resources: Record<
    string,
    {
      Type: string;
      Properties: { Code?: { S3Key?: string }; Handler?: string; Environment?: { Variables: Record<string, unknown> } };
    }
  >;
}

/**
 * Synthesizes the dev stage into `outdir` WITH bundling (what `cdk synth` does) and finds each
 * function's code by following the template: the Lambda's S3 key is the asset's hash, and the asset
 * manifest says which folder that hash was staged from. The API's function is the one given the
 * signing secret, the sweeper's the one given its stage.
 * @example const { api, sweeper } = synthBundled('/tmp/cdk-out');
 */
export function synthBundled(outdir: string): { api: BundledFunction; sweeper: BundledFunction } {
  const { app, stack } = createApp({ outdir, builtinCloudFormationValidation: false });
  app.synth();
  const template = JSON.parse(readFileSync(join(outdir, stack.templateFile), 'utf8')) as Template;
  const functions = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
  if (functions.length !== 2) throw new Error(`expected two functions, found ${functions.length}`);
  const find = (variable: string) => {
    const found = functions.find((f) => f.Properties.Environment?.Variables[variable] !== undefined);
    if (!found) throw new Error(`no function with ${variable} in its environment`);
    return bundledFunction(outdir, stack, found.Properties);
  };
  return { api: find('TOKEN_SECRET_ARN'), sweeper: find('STAGE') };
}

function bundledFunction(
  outdir: string,
  stack: { artifactId: string },
  { Code, Handler, Environment }: Template['Resources'][string]['Properties'],
): BundledFunction {
  if (Handler !== HANDLER) throw new Error(`handler ${Handler}, expected ${HANDLER}`);
  const hash = Code?.S3Key?.replace(/\.zip$/, '') ?? '';
  const assets = JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8')) as {
    files: Record<string, { source: { path: string } }>;
  };
  const source = assets.files[hash]?.source.path;
  if (!source) throw new Error(`no asset ${hash} in the manifest`);
  const assetDir = join(outdir, source);
  const handlerFile = join(assetDir, HANDLER_FILE);
  if (!existsSync(handlerFile)) throw new Error(`no ${HANDLER_FILE} in ${assetDir}`);
  return { assetDir, handlerFile, environment: Environment?.Variables ?? {} };
}
