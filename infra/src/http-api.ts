import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CORS_POLICY } from '@chickenfoot/api/cors';
import type { StageConfig } from './config';

/** One JSON line per request: enough to trace a request to its Lambda logs and see where time went. */
const ACCESS_LOG = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
  userAgent: '$context.identity.userAgent',
};

export interface GameApiProps {
  readonly handler: IFunction;
  readonly config: StageConfig;
}

/**
 * The HTTP API (API Gateway v2): every route goes to the one Lambda (the Hono app routes and
 * validates), on a `$default` stage with explicit throttling and JSON access logs. CORS is answered
 * by API Gateway itself, so preflights never reach (or bill) the function. Credentials are not
 * allowed cross-origin: the API authenticates with a bearer token, never a cookie.
 * @example const api = new GameApi(this, 'Api', { handler, config }); api.url;
 */
export class GameApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** The API's base URL, without a trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: GameApiProps) {
    super(scope, id);
    const { handler, config } = props;
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: `chickenfoot-${config.stage}`,
      description: `Chickenfoot game API (${config.stage})`,
      defaultIntegration: new HttpLambdaIntegration('Lambda', handler),
      // Our own $default stage below: HttpApiProps cannot set throttling or access logs.
      createDefaultStage: false,
      // The API's own policy (every method and header of the contract), so the two cannot drift.
      corsPreflight: {
        allowOrigins: [...config.allowedOrigins],
        allowMethods: CORS_POLICY.methods.map((method) => CorsHttpMethod[method]),
        allowHeaders: [...CORS_POLICY.allowHeaders],
        exposeHeaders: [...CORS_POLICY.exposeHeaders],
        allowCredentials: false,
        maxAge: Duration.seconds(CORS_POLICY.maxAgeSeconds),
      },
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG)),
      },
    });
    this.url = this.api.apiEndpoint;
  }
}
