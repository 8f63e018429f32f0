import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '@chickenfoot/app';

/**
 * A secret named `name` in the environment: `<name>_ARN`, a Secrets Manager secret read once on
 * first use (on AWS), or `<name>` itself (local runs and tests); undefined when neither is set.
 * @example const vapid = secretFromEnv(process.env, 'VAPID_SECRET');
 */
export function secretFromEnv(env: NodeJS.ProcessEnv, name: string): SecretSource | undefined {
  const arn = env[`${name}_ARN`];
  if (arn) {
    return async () => {
      const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error(`secret ${arn} has no SecretString`);
      return SecretString;
    };
  }
  return env[name] || undefined;
}

/**
 * Web Push as the environment configures it: the VAPID secret (`VAPID_SECRET_ARN` or `VAPID_SECRET`)
 * and the contact push services are given (`VAPID_SUBJECT`); none without a secret (nothing is pushed).
 */
export function pushFromEnv(env: NodeJS.ProcessEnv) {
  const secret = secretFromEnv(env, 'VAPID_SECRET');
  if (secret === undefined) return {};
  return { push: { secret, ...(env.VAPID_SUBJECT ? { subject: env.VAPID_SUBJECT } : {}) } };
}
