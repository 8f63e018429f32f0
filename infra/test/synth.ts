import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { createApp } from '../src/app';
import type { ChickenfootStack } from '../src/stack';

/** One synthesized stage, without bundling: its template, stack and cdk-nag report. */
export interface Synthesized {
  readonly stack: ChickenfootStack;
  readonly template: Template;
  /** The parsed template, for checks that walk every resource. */
  readonly json: {
    Resources: Record<
      string,
      { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string }
    >;
    Outputs?: Record<string, unknown>;
  };
  readonly validationReport: ValidationReport;
  /** The logical ids of the two functions and their roles in the template. */
  readonly ids: {
    readonly api: string;
    readonly sweeper: string;
    readonly apiRole: string;
    readonly sweeperRole: string;
  };
}

/** The parts of CDK's validation-report.json the tests read. */
export interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: { ruleName: string }[];
    suppressedViolations: {
      ruleName: string;
      acknowledgedId: string;
      reason: string;
      violatingConstructs: { constructPath: string }[];
    }[];
  }[];
}

/**
 * Synthesizes the app for the given context with bundling skipped (TOOLCHAIN.md: the
 * `aws:cdk:bundling-stacks` context), into a temporary folder that is removed again.
 * cdk-nag runs as part of it: an unacknowledged finding makes this throw. CDK's built-in
 * CloudFormation schema check (a WASM engine, ~4 s to start per test file, 70 ms synth without it)
 * runs only with `cfnValidation`, which the cdk-nag suite and `npm run synth` use.
 * @example const { template } = synth({ stage: 'prod' });
 */
export function synth(context: Record<string, unknown> = {}, { cfnValidation = false } = {}): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'chickenfoot-cdk-'));
  try {
    const { stack } = createApp({
      outdir,
      builtinCloudFormationValidation: cfnValidation,
      context: { 'aws:cdk:bundling-stacks': [], ...context },
    });
    // fromStack synthesizes the whole app, so cdk-nag (registered on the app) runs here too.
    const template = Template.fromStack(stack);
    const json = template.toJSON() as Synthesized['json'];
    const validationReport = JSON.parse(
      readFileSync(join(outdir, 'validation-report.json'), 'utf8'),
    ) as ValidationReport;
    const id = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
    const ids = {
      api: id(stack.fn.function),
      sweeper: id(stack.sweeper.function),
      apiRole: id(stack.fn.role),
      sweeperRole: id(stack.sweeper.role),
    };
    return { stack, template, json, validationReport, ids };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
