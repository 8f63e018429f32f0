import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from './config';
import { TABLE_ACTIONS } from './game-function';

const PERIOD = Duration.minutes(5);

/**
 * The sweeper's lag metric, as its handler publishes it (functions/src/sweeper.ts, an Embedded Metric
 * Format log line: namespace, name and the `Stage` dimension; a test reads that file to keep them in
 * step): how late the oldest due item was when a sweep found it.
 */
export const SWEEP_LAG = { namespace: 'Chickenfoot', metricName: 'SweepLagMs' } as const;

/** A sweep this late (the oldest due item waiting 5 minutes, five sweeps) means due work is not being done. */
export const SWEEP_LAG_THRESHOLD_MS = 5 * 60_000;

/** The webhook metrics the sweeper publishes in the same line (see packages/api's `SWEEP_METRICS`). */
export const WEBHOOK_METRICS = {
  attempts: 'WebhookAttempts',
  failures: 'WebhookFailures',
  lag: 'WebhookLagMs',
} as const;

/** Failed attempts, as a share of all, over which receivers (or the sender) are failing broadly. */
export const WEBHOOK_FAILURE_RATE = 0.25;

/** Attempts in a period below which the failure rate says nothing (one receiver down is normal). */
export const WEBHOOK_MIN_ATTEMPTS = 20;

export interface GameAlarmsProps {
  readonly handler: IFunction;
  /** The sweeper of due work (turn timeouts). */
  readonly sweeper: IFunction;
  readonly api: HttpApi;
  readonly table: Table;
  readonly config: StageConfig;
}

/**
 * The signals that something is wrong rather than merely busy: Lambda errors (crashes, timeouts;
 * Hono turns thrown errors into 5xx replies, so these are the ones it could not catch), Lambda
 * throttles, API 5xx replies and DynamoDB throttled requests; and the sweeper's errors and its lag
 * (due work waiting, or no sweep at all: a missing lag is a sweeper that stopped running). With `-c alarmEmail=…` they notify an
 * SNS topic with that address subscribed; without it they still show in the CloudWatch console.
 * @example new GameAlarms(this, 'Alarms', { handler, api, table, config });
 */
export class GameAlarms extends Construct {
  readonly alarms: Alarm[];
  readonly topic: Topic | undefined;

  constructor(scope: Construct, id: string, props: GameAlarmsProps) {
    super(scope, id);
    const { config } = props;
    this.alarms = signals(props).map(
      ({ name, metric, threshold, description, missing, evaluationPeriods }) =>
        new Alarm(this, name, {
          alarmDescription: `Chickenfoot ${config.stage}: ${description}`,
          metric,
          threshold,
          evaluationPeriods,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: missing,
        }),
    );
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

/** One alarm of `GameAlarms`: its construct id, what it watches and when it fires. */
interface Signal {
  readonly name: string;
  readonly metric: IMetric;
  readonly threshold: number;
  readonly description: string;
  readonly missing: TreatMissingData;
  readonly evaluationPeriods: number;
}

const signal = (
  name: string,
  metric: IMetric,
  threshold: number,
  description: string,
  // No data means no requests (or no throttling): quiet, not alarming.
  missing = TreatMissingData.NOT_BREACHING,
  evaluationPeriods = 1,
): Signal => ({ name, metric, threshold, description, missing, evaluationPeriods });

/** The alarms of `GameAlarms`, in the order they are made: the API's, then the due work's. */
function signals(props: GameAlarmsProps): Signal[] {
  const { handler, api, table } = props;
  return [
    signal(
      'LambdaErrors',
      handler.metricErrors({ period: PERIOD, statistic: 'sum' }),
      1,
      'the function crashed or timed out',
    ),
    signal(
      'LambdaThrottles',
      handler.metricThrottles({ period: PERIOD, statistic: 'sum' }),
      1,
      'the function was throttled (account concurrency)',
    ),
    // A lone 5xx can be a client retrying into a 503 (Retry-After); five in five minutes is a fault.
    signal('Api5xx', api.metricServerError({ period: PERIOD, statistic: 'sum' }), 5, 'the API answered 5xx'),
    signal(
      'DynamoThrottles',
      dynamoThrottles(table),
      1,
      'DynamoDB throttled requests (hot partition or account limit)',
    ),
    ...dueWorkSignals(props),
  ];
}

/** The sweeper's alarms: its errors, its lag, and the webhook deliveries it makes. */
function dueWorkSignals({ sweeper, config }: GameAlarmsProps): Signal[] {
  return [
    signal(
      'SweeperErrors',
      sweeper.metricErrors({ period: PERIOD, statistic: 'sum' }),
      1,
      'the sweeper of due work (turn timeouts) crashed or timed out',
    ),
    // Ten minutes without a sweep's metric is a schedule or function that stopped: as bad as a lag.
    signal(
      'SweeperLag',
      new Metric({ ...SWEEP_LAG, dimensionsMap: { Stage: config.stage }, statistic: 'max', period: PERIOD }),
      SWEEP_LAG_THRESHOLD_MS,
      'due work (turn timeouts) waits more than 5 minutes, or no sweep has run',
      TreatMissingData.BREACHING,
      2,
    ),
    signal(
      'WebhookFailureRate',
      webhookFailureRate(config.stage),
      WEBHOOK_FAILURE_RATE,
      `more than ${WEBHOOK_FAILURE_RATE * 100}% of webhook delivery attempts failed (with at least ${WEBHOOK_MIN_ATTEMPTS} attempts)`,
      TreatMissingData.NOT_BREACHING,
      3,
    ),
    signal(
      'WebhookPendingAge',
      new Metric({
        namespace: SWEEP_LAG.namespace,
        metricName: WEBHOOK_METRICS.lag,
        dimensionsMap: { Stage: config.stage },
        statistic: 'max',
        period: PERIOD,
      }),
      SWEEP_LAG_THRESHOLD_MS,
      'the oldest pending webhook delivery attempt has waited more than 5 minutes past its time',
      TreatMissingData.NOT_BREACHING,
      2,
    ),
  ];
}

/**
 * The share of webhook attempts that failed in each period, or 0 while there are too few to tell
 * (one receiver that is down fails every attempt, and is no operator's fault).
 */
function webhookFailureRate(stage: string): MathExpression {
  const metric = (metricName: string) =>
    new Metric({
      namespace: SWEEP_LAG.namespace,
      metricName,
      dimensionsMap: { Stage: stage },
      statistic: 'sum',
      period: PERIOD,
    });
  return new MathExpression({
    expression: `IF(FILL(attempts, 0) >= ${WEBHOOK_MIN_ATTEMPTS}, FILL(failures, 0) / attempts, 0)`,
    usingMetrics: { attempts: metric(WEBHOOK_METRICS.attempts), failures: metric(WEBHOOK_METRICS.failures) },
    label: 'WebhookFailureRate',
    period: PERIOD,
  });
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
