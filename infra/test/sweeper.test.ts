import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SWEEP_LAG, SWEEP_LAG_THRESHOLD_MS } from '../src/alarms';
import { REPO_ROOT } from '../src/bundle/paths';
import { synth } from './synth';

describe('the sweeper of due work', () => {
  const dev = synth();
  const { template, ids } = dev;
  const sweeper = template.findResources('AWS::Lambda::Function')[ids.sweeper]?.Properties as {
    Timeout: number;
    Handler: string;
    Environment: { Variables: Record<string, unknown> };
    Description: string;
  };

  it('is invoked by an EventBridge rule every minute, and by nothing else; never retried', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')).map((r) => r.Properties);
    expect(rules).toEqual([
      expect.objectContaining({
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [
          expect.objectContaining({
            Arn: { 'Fn::GetAtt': [ids.sweeper, 'Arn'] },
            RetryPolicy: { MaximumRetryAttempts: 0 },
          }),
        ],
      }),
    ]);
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission'))
      .map((p) => p.Properties as { FunctionName: unknown; Principal: string })
      .filter((p) => JSON.stringify(p.FunctionName).includes(ids.sweeper));
    expect(permissions).toEqual([expect.objectContaining({ Principal: 'events.amazonaws.com' })]);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
  });

  it('runs the sweeper bundle with the table’s name, the stage and the VAPID secret’s ARN; outlives no claim by much', () => {
    expect(sweeper.Handler).toBe('index.handler');
    // Pages for 30 s, a webhook receiver's 15 s, claims of 50 s: the function stops soon after them.
    expect(sweeper.Timeout).toBe(55);
    // Webhook secrets live in the table, read when a delivery is signed: never in the template.
    expect(JSON.stringify(template.toJSON())).not.toMatch(/whsec_|WEBHOOK_SECRET/);
    expect(sweeper.Environment.Variables).toEqual({
      TABLE_NAME: { Ref: template.getResourceId('AWS::DynamoDB::Table') },
      STAGE: 'dev',
      VAPID_SECRET_ARN: {
        Ref: Object.keys(template.findResources('AWS::SecretsManager::Secret')).find((id) =>
          id.startsWith('VapidSecret'),
        ),
      },
      NODE_OPTIONS: '--enable-source-maps',
    });
    expect(sweeper.Description).toMatch(/sweeper/);
  });

  it('has its lag alarm on the metric its handler publishes, for its stage', () => {
    const handler = readFileSync(join(REPO_ROOT, 'functions/src/sweeper.ts'), 'utf8');
    const metrics = readFileSync(join(REPO_ROOT, 'packages/app/src/sweeper/metrics.ts'), 'utf8');
    expect(handler).toContain(`METRICS_NAMESPACE = '${SWEEP_LAG.namespace}'`);
    expect(handler).toContain('Stage: process.env.STAGE');
    expect(metrics).toContain(`lag: '${SWEEP_LAG.metricName}'`);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: SWEEP_LAG.namespace,
      MetricName: SWEEP_LAG.metricName,
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
      Statistic: 'Maximum',
      Threshold: SWEEP_LAG_THRESHOLD_MS,
      EvaluationPeriods: 2,
      TreatMissingData: 'breaching',
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: ids.sweeper } }],
    });
  });
});
