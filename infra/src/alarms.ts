import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from './config';
import { TABLE_ACTIONS } from './game-function';

const PERIOD = Duration.minutes(5);

export interface GameAlarmsProps {
  readonly handler: IFunction;
  readonly api: HttpApi;
  readonly table: Table;
  readonly config: StageConfig;
}

/**
 * The four signals that something is wrong rather than merely busy: Lambda errors (crashes, timeouts;
 * Hono turns thrown errors into 5xx replies, so these are the ones it could not catch), Lambda
 * throttles, API 5xx replies and DynamoDB throttled requests. With `-c alarmEmail=…` they notify an
 * SNS topic with that address subscribed; without it they still show in the CloudWatch console.
 * @example new GameAlarms(this, 'Alarms', { handler, api, table, config });
 */
export class GameAlarms extends Construct {
  readonly alarms: Alarm[];
  readonly topic: Topic | undefined;

  constructor(scope: Construct, id: string, props: GameAlarmsProps) {
    super(scope, id);
    const { handler, api, table, config } = props;
    const alarm = (name: string, metric: IMetric, threshold: number, description: string): Alarm =>
      new Alarm(this, name, {
        alarmDescription: `Chickenfoot ${config.stage}: ${description}`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No data means no requests (or no throttling): quiet, not alarming.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    this.alarms = [
      alarm(
        'LambdaErrors',
        handler.metricErrors({ period: PERIOD, statistic: 'sum' }),
        1,
        'the function crashed or timed out',
      ),
      alarm(
        'LambdaThrottles',
        handler.metricThrottles({ period: PERIOD, statistic: 'sum' }),
        1,
        'the function was throttled (account concurrency)',
      ),
      // A lone 5xx can be a client retrying into a 503 (Retry-After); five in five minutes is a fault.
      alarm('Api5xx', api.metricServerError({ period: PERIOD, statistic: 'sum' }), 5, 'the API answered 5xx'),
      alarm(
        'DynamoThrottles',
        dynamoThrottles(table),
        1,
        'DynamoDB throttled requests (hot partition or account limit)',
      ),
    ];
    if (config.alarmEmail !== undefined) {
      this.topic = new Topic(this, 'Topic', { displayName: `Chickenfoot ${config.stage} alarms`, enforceSSL: true });
      this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
      const action = new SnsAction(this.topic);
      for (const a of this.alarms) {
        a.addAlarmAction(action);
        a.addOkAction(action);
      }
    }
  }
}

/**
 * ThrottledRequests summed over the operations the function uses. Each operation is its own metric
 * that exists only while it is throttled, so each is filled with 0: a plain sum of a missing series
 * and a present one is missing, and the alarm would never fire.
 */
function dynamoThrottles(table: Table): MathExpression {
  const operations = TABLE_ACTIONS.map((action) => action.slice('dynamodb:'.length));
  const usingMetrics: Record<string, IMetric> = {};
  operations.forEach((operation, i) => {
    usingMetrics[`m${i}`] = table.metric('ThrottledRequests', {
      dimensionsMap: { TableName: table.tableName, Operation: operation },
      statistic: 'sum',
      period: PERIOD,
    });
  });
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics,
    label: 'ThrottledRequests',
    period: PERIOD,
  });
}
