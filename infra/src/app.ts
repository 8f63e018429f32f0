import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from './bundle/paths';
import { stageConfig } from './config';
import { ChickenfootStack } from './stack';

export interface ChickenfootAppOptions extends AppProps {
  /** The Lambda entry's path; defaults to functions/src/lambda.ts. */
  readonly entry?: string;
}

/**
 * The CDK app: one stack for the stage named by `-c stage=…` (default `dev`), checked by cdk-nag's
 * AwsSolutions pack, so an unacknowledged finding fails `cdk synth` and `npm test` alike.
 * cdk.json's context (the feature flags) is the default here too, so a test builds the app the CLI
 * builds; the CLI's own context (`-c …`) and `options.context` win over it.
 * The account and region are the CLI's (from the AWS profile), or none for an offline synth.
 * @example const { app, stack } = createApp({ context: { stage: 'prod' } }); app.synth();
 */
export function createApp(options: ChickenfootAppOptions = {}): { app: App; stack: ChickenfootStack } {
  const { entry, context, ...appProps } = options;
  const app = new App({ ...appProps, context: { ...cdkJsonContext(), ...context } });
  const config = stageConfig(app.node);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  const stack = new ChickenfootStack(app, `Chickenfoot-${config.stage}`, {
    config,
    description: `Chickenfoot game API (${config.stage})`,
    ...(account && region ? { env: { account, region } } : {}),
    tags: { app: 'chickenfoot', stage: config.stage },
    ...(entry ? { entry } : {}),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}
