import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_ACTIONS } from '../src/game-function';
import { synth } from './synth';

interface AlarmProperties {
  Namespace?: string;
  MetricName?: string;
  Metrics?: {
    Id: string;
    Expression?: string;
    Label?: string;
    MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } };
  }[];
  TreatMissingData: string;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
}

const alarmsOf = (context: Record<string, unknown>) =>
  Object.values(synth(context).template.findResources('AWS::CloudWatch::Alarm')).map(
    (a) => a.Properties as AlarmProperties,
  );

describe('the alarms', () => {
  const alarms = alarmsOf({});

  it('watch Lambda errors and throttles, API 5xx, DynamoDB throttled requests, the sweeper’s errors and lag, webhooks', () => {
    const nameOf = (a: AlarmProperties) =>
      `${a.Namespace ?? 'math'}:${a.MetricName ?? a.Metrics?.find((m) => m.Expression)?.Label ?? '?'}`;
    expect(alarms.map(nameOf).sort()).toEqual([
      'AWS/ApiGateway:5xx',
      'AWS/Lambda:Errors',
      'AWS/Lambda:Errors',
      'AWS/Lambda:Throttles',
      'Chickenfoot:SweepLagMs',
      'Chickenfoot:WebhookLagMs',
      'math:ThrottledRequests',
      'math:WebhookFailureRate',
    ]);
    // Quiet without data, but for the lag: no sweep's metric means no sweep.
    for (const alarm of alarms) {
      expect(alarm.TreatMissingData).toBe(alarm.MetricName === 'SweepLagMs' ? 'breaching' : 'notBreaching');
    }
  });

  it('alarm on the share of failed webhook attempts only when there are enough of them to tell', () => {
    const rate = alarms.find((a) => a.Metrics?.some((m) => m.Label === 'WebhookFailureRate'));
    const expression = rate?.Metrics?.find((m) => m.Expression)?.Expression ?? '';
    expect(expression).toMatch(/^IF\(FILL\(attempts, 0\) >= 20, FILL\(failures, 0\) \/ attempts, 0\)$/);
    const names = rate?.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort();
    expect(names).toEqual(['WebhookAttempts', 'WebhookFailures']);
  });

  it('sum throttling over every operation the function uses, a missing series counting as 0', () => {
    const math = alarms.find((a) => a.Metrics)?.Metrics ?? [];
    const operations = math.flatMap(
      (m) => m.MetricStat?.Metric.Dimensions.filter((d) => d.Name === 'Operation').map((d) => d.Value) ?? [],
    );
    expect(operations.sort()).toEqual(TABLE_ACTIONS.map((a) => a.replace('dynamodb:', '')).sort());
    expect(math.find((m) => m.Expression)?.Expression).toMatch(/^FILL\(m0, 0\)( \+ FILL\(m\d, 0\))+$/);
  });

  it('notify nobody unless an address is given', () => {
    for (const alarm of alarms) expect(alarm.AlarmActions).toBeUndefined();
  });

  it('notify an SNS topic (TLS only) with the address subscribed, with -c alarmEmail', () => {
    const { template } = synth({ alarmEmail: 'ops@example.com' });
    const topic = { Ref: template.getResourceId('AWS::SNS::Topic') };
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: topic,
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    const withTopic = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties as AlarmProperties,
    );
    expect(withTopic).toHaveLength(8);
    for (const alarm of withTopic) {
      expect(alarm.AlarmActions).toEqual([topic]);
      expect(alarm.OKActions).toEqual([topic]);
    }
  });
});
