import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE } from '@chickenfoot/store/table';
import { HANDLER } from './bundle/paths';
import { lambdaCode } from './bundle/lambda-code';
import type { StageConfig } from './config';

/**
 * The DynamoDB calls the event store makes (`packages/store/src/dynamo.ts`), and nothing else: no
 * Scan, no batch or transaction. DeleteItem only removes a finished game's turn entries (the store
 * never deletes a commit: the condition on every write names a version). A test reads the store's
 * source to keep this in step.
 */
export const TABLE_ACTIONS = [
  'dynamodb:DeleteItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
] as const;

/** The Lambda defaults in one place. */
export const FUNCTION_DEFAULTS = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  // Lambda's CPU share grows with memory (1,769 MB = one vCPU). The cold-start import and the JSON and
  // rules work are CPU-bound, so they run faster with more of it, and a request at 1 GB still costs
  // far less than a millionth of a dollar (PERFORMANCE.md). The memory itself is barely used.
  memorySize: 1024,
  // A request is a few single-digit-millisecond DynamoDB calls; 10 s is a stuck call, not a slow one,
  // and stays under API Gateway's 30 s integration limit so the client gets our 5xx, not a timeout.
  // A long-poll ends 2 s before it, with its empty page (packages/api/src/http/wait-budget.ts).
  timeout: Duration.seconds(10),
  tracing: Tracing.ACTIVE,
} as const;

export interface GameFunctionProps {
  readonly table: ITable;
  readonly secret: ISecret;
  /** The secret the Web Push (VAPID) keys are derived from. */
  readonly vapidSecret: ISecret;
  readonly config: StageConfig;
  /** The handler's source, by path; defaults to functions/src/lambda.ts. */
  readonly entry?: string;
}

/**
 * The API's Lambda function with its defaults (runtime, architecture, memory, timeout, tracing, its
 * own log group) and a role that may do exactly this: write its logs, call the store's four
 * DynamoDB actions on this one table (Query on its indexes), and read these two secrets.
 * @example const fn = new GameFunction(this, 'Api', { table, secret, config }).function;
 */
export class GameFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: GameFunctionProps) {
    super(scope, id);
    const { table, secret, config } = props;
    this.logGroup = new LogGroup(this, 'Logs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    // An explicit role instead of the default one, which would attach the AWSLambdaBasicExecutionRole
    // managed policy (logs in any group of the account).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Chickenfoot API (${config.stage}): its logs, its table, its signing secret`,
    });
    this.logGroup.grantWrite(this.role);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: [...TABLE_ACTIONS], resources: [table.tableArn] }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:Query'], resources: indexArns(table) }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secret.secretArn],
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
      description: `Chickenfoot API (${config.stage})`,
      code: lambdaCode(props.entry),
      handler: HANDLER,
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        TABLE_NAME: table.tableName,
        // The ARN, not the key: the function reads the secret once per container.
        TOKEN_SECRET_ARN: secret.secretArn,
        VAPID_SECRET_ARN: props.vapidSecret.secretArn,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  }
}

/** Each index of the store's table definition, by name: no `index/*`. */
function indexArns(table: ITable): string[] {
  return [...TABLE.globalSecondaryIndexes, ...TABLE.localSecondaryIndexes].map(
    (index) => `${table.tableArn}/index/${index.indexName}`,
  );
}
