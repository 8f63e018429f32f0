import { Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { synth } from './synth';

// The X-Ray wildcard once for each function (the API's and the sweeper's); no automatic rotation
// once for each secret (the token key's and the VAPID one's).
const ACKNOWLEDGED = [
  'AwsSolutions-APIG4',
  'AwsSolutions-IAM5[Resource::*]',
  'AwsSolutions-IAM5[Resource::*]',
  'AwsSolutions-SMG4',
  'AwsSolutions-SMG4',
];

describe('cdk-nag (AwsSolutions)', () => {
  it.each([
    ['dev', {}],
    ['prod with an alarm topic', { stage: 'prod', alarmEmail: 'ops@example.com' }],
  ])('passes on %s, with CloudFormation validation, every acknowledged finding explained', (_name, context) => {
    const { validationReport } = synth(context, { cfnValidation: true });
    const nag = validationReport.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    expect(nag?.violations).toEqual([]);
    const suppressed = nag?.suppressedViolations ?? [];
    expect(suppressed.map((s) => s.ruleName).sort()).toEqual(ACKNOWLEDGED);
    for (const finding of suppressed) {
      expect(finding.reason.length).toBeGreaterThan(150);
      expect(finding.violatingConstructs).toHaveLength(1);
    }
    for (const report of validationReport.pluginReports) expect(report.violations).toEqual([]);
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'chickenfoot-nag-'));
    try {
      const { stack } = createApp({
        outdir,
        builtinCloudFormationValidation: false,
        context: { 'aws:cdk:bundling-stacks': [] },
      });
      new Topic(stack, 'PlainTopic'); // no TLS-only policy: AwsSolutions-SNS3
      expect(() => Template.fromStack(stack)).toThrow(/AwsSolutions-SNS3/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
