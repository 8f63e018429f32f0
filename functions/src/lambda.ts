/**
 * The AWS Lambda entry (API Gateway HTTP API, payload 2.0). Reads the environment, builds the real
 * parts once per container, and hands every request to the same site `npm start` serves: the web
 * client (its built assets travel beside the bundle) in front of the API.
 *   TABLE_NAME        the DynamoDB table (required)
 *   TOKEN_SECRET_ARN  Secrets Manager secret holding the token-signing key (read once, on first use)
 *   TOKEN_SECRET      the key itself, for local runs and tests only
 *   DYNAMODB_ENDPOINT tests only: a local DynamoDB (dynalite)
 *   LOG_LEVEL, LOG_SAMPLE_REQUESTS (see env-logger.ts)
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createApp } from '@chickenfoot/api';
import { type SecretSource } from '@chickenfoot/app';
import { createDynamoClient, EventStore } from '@chickenfoot/store';
import { handle } from 'hono/aws-lambda';
import { envLogger } from './env-logger';
import { createSite } from './site';

function secretSource(): SecretSource {
  const arn = process.env.TOKEN_SECRET_ARN;
  if (arn) {
    return async () => {
      const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error(`secret ${arn} has no SecretString`);
      return SecretString;
    };
  }
  const secret = process.env.TOKEN_SECRET;
  if (!secret) throw new Error('set TOKEN_SECRET_ARN (or, outside AWS, TOKEN_SECRET)');
  return secret;
}

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = createDynamoClient(endpoint ? { endpoint } : {});

/** API Gateway v2 events in, HTTP responses out. */
export const handler = handle(
  createSite(
    createApp({ store: new EventStore({ client, tableName }), secret: secretSource(), logger: envLogger(process.env) }),
  ),
);
