import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

/** What differs between a deployment stage and the next, read from CDK context (`-c key=value`). */
export interface StageConfig {
  /** `-c stage=…`, default `dev`; `prod` is the production stage. Part of every resource's name. */
  readonly stage: string;
  readonly production: boolean;
  /** RETAIN in production (the table, the signing secret, the logs outlive the stack), else DESTROY. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** The API's default route throttle: steady requests per second and the burst above it (`-c throttleRate=… -c throttleBurst=…`). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** `-c allowedOrigins=https://a.example,https://b.example`, default `*`. */
  readonly allowedOrigins: readonly string[];
  /** `-c alarmEmail=…`: creates an SNS topic for the alarms with this address subscribed. */
  readonly alarmEmail: string | undefined;
}

const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

/**
 * Reads the stage settings from context and checks them, so a typo fails the synth, not the deploy.
 * @example const config = stageConfig(app.node); // cdk deploy -c stage=prod
 */
export function stageConfig(node: Node): StageConfig {
  const stage = String(node.tryGetContext('stage') ?? 'dev');
  if (!STAGE_NAME.test(stage)) throw new Error(`context stage must match ${STAGE_NAME}, got ${JSON.stringify(stage)}`);
  const production = stage === 'prod';
  const alarmEmail = optionalString(node.tryGetContext('alarmEmail'));
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(alarmEmail))
    throw new Error(`context alarmEmail is not an e-mail address: ${alarmEmail}`);
  return {
    stage,
    production,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: production ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
    // A turn-based game needs a few requests per player per minute; this ceiling is far above real
    // play and caps what a runaway client (or an attacker) can cost. It is for the whole API (HTTP APIs
    // have no per-client throttling): raise it with your player count (-c throttleRate / throttleBurst).
    throttle: {
      rateLimit: positiveInteger(node.tryGetContext('throttleRate'), 'throttleRate', 50),
      burstLimit: positiveInteger(node.tryGetContext('throttleBurst'), 'throttleBurst', 100),
    },
    allowedOrigins: origins(node.tryGetContext('allowedOrigins')),
    alarmEmail,
  };
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1)
    throw new Error(`context ${name} must be a whole number >= 1, got ${JSON.stringify(value)}`);
  return number;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function origins(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : (optionalString(value)?.split(',') ?? ['*']);
  const trimmed = list.map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of trimmed) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin))
      throw new Error(`context allowedOrigins: not an origin: ${origin}`);
  }
  return trimmed.length > 0 ? trimmed : ['*'];
}
