import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { BY_DUE } from '@chickenfoot/store/table';
import { HANDLER, SWEEPER_ENTRY } from './bundle/paths';
import { lambdaCode } from './bundle/lambda-code';
import type { StageConfig } from './config';
import { FUNCTION_DEFAULTS } from './game-function';

/**
 * What the sweeper does to the table, and nothing more: a Query of the due index per shard (and of a
 * game's commits: loading it, finding a timeout already recorded; of a player's webhook endpoints),
 * GetItem (a recorded commit, by version; a delivery), PutItem (the timeout's commit, the next
 * player's turn entry, a webhook delivery), UpdateItem (claims, the timed-out player's tombstone,
 * member heads, a delivery's attempts) and DeleteItem (a finished game's turn entries). No Query of
 * the players' index: the sweeper lists nobody's games.
 */
export const SWEEPER_TABLE_ACTIONS = [
  'dynamodb:DeleteItem',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
] as const;

/** How often the schedule invokes the sweeper: the resolution of every turn clock. */
export const SWEEP_RATE = Duration.minutes(1);

export interface SweeperFunctionProps {
  readonly table: ITable;
  /** The secret the Web Push (VAPID) keys are derived from: the one secret the sweeper reads. */
  readonly vapidSecret: ISecret;
  readonly config: StageConfig;
  /** The handler's source, by path; defaults to functions/src/sweeper.ts. */
  readonly entry?: string;
}

/**
 * The sweeper: a Lambda function an EventBridge rule invokes every minute, which does the due work of
 * the table's due index (turn timeouts and reminders, closing stale games, delivering webhooks and
 * pushes). Its role may write its own logs, do the store's work on this table (Query on the `byDue`
 * index only) and read the VAPID secret (pushes are signed with keys derived from it): no other
 * secret, no other index. Endpoint signing secrets are read from the table when a delivery is
 * signed: never in the template, the environment or a log line. Not retried: the next
 * minute's sweep is the retry, and a claim left by a failed one expires before it.
 * @example const sweeper = new SweeperFunction(this, 'Sweeper', { table, vapidSecret, config });
 */
export class SweeperFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: SweeperFunctionProps) {
    super(scope, id);
    const { table, config } = props;
    this.logGroup = new LogGroup(this, 'Logs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Chickenfoot sweeper (${config.stage}): its logs, its table's due work`,
    });
    this.logGroup.grantWrite(this.role);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: [...SWEEPER_TABLE_ACTIONS], resources: [table.tableArn] }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${BY_DUE}`],
      }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.vapidSecret.secretArn],
      }),
    );
    this.function = new NodejsFunction(this, 'Function', {
      ...FUNCTION_DEFAULTS,
      description: `Chickenfoot sweeper of due work (${config.stage})`,
      code: lambdaCode(props.entry ?? SWEEPER_ENTRY),
      handler: HANDLER,
      role: this.role,
      logGroup: this.logGroup,
      // The sweep reads pages for 30 s, a webhook receiver may take 15 s more, and claims hold 50 s:
      // the last attempt of a sweep is recorded before its claim could pass to the next sweep.
      timeout: Duration.seconds(55),
      retryAttempts: 0,
      environment: {
        TABLE_NAME: table.tableName,
        STAGE: config.stage,
        // The ARN, not the secret: read once per container, on the first push.
        VAPID_SECRET_ARN: props.vapidSecret.secretArn,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    this.rule = new Rule(this, 'Schedule', {
      description: `Chickenfoot ${config.stage}: sweep the due work every minute`,
      schedule: Schedule.rate(SWEEP_RATE),
      targets: [new LambdaFunction(this.function, { retryAttempts: 0 })],
    });
  }
}
