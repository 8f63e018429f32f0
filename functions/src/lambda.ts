/**
 * The AWS Lambda entry (API Gateway HTTP API, payload 2.0). Reads the environment, builds the real
 * parts once per container, and hands every request to the same site `npm start` serves: the web
 * client (its built assets travel beside the bundle) in front of the API.
 *   TABLE_NAME        the DynamoDB table (required)
 *   TOKEN_SECRET_ARN  Secrets Manager secret holding the token-signing key (read once, on first use)
 *   TOKEN_SECRET      the key itself, for local runs and tests only
 *   VAPID_SECRET_ARN  Secrets Manager secret the Web Push (VAPID) keys are derived from (VAPID_SECRET
 *                     outside AWS); neither: no push. VAPID_SUBJECT: the contact push services see
 *   DYNAMODB_ENDPOINT tests only: a local DynamoDB (dynalite)
 *   LOG_LEVEL, LOG_SAMPLE_REQUESTS (see env-logger.ts)
 */
import { createApp } from '@chickenfoot/api';
import { createDynamoClient, openStore } from '@chickenfoot/store';
import { handle } from 'hono/aws-lambda';
import { envLogger } from './env-logger';
import { pushFromEnv, secretFromEnv } from './secret-source';
import { createSite } from './site';

const secret = secretFromEnv(process.env, 'TOKEN_SECRET');
if (secret === undefined) throw new Error('set TOKEN_SECRET_ARN (or, outside AWS, TOKEN_SECRET)');

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = createDynamoClient(endpoint ? { endpoint } : {});

/** API Gateway v2 events in, HTTP responses out. */
export const handler = handle(
  createSite(
    createApp({
      store: openStore({ client, tableName }),
      secret,
      logger: envLogger(process.env),
      ...pushFromEnv(process.env),
    }),
  ),
);
