/**
 * The sweeper's AWS Lambda entry: an EventBridge schedule invokes it every minute, and it does the due
 * work (turn timeouts) found in the table's due index, with the same sweeper `npm start` runs on a
 * timer. Each sweep logs one CloudWatch Embedded Metric Format line (its lag, what it found and did),
 * which the lag alarm reads; it needs no token-signing secret, only the VAPID one to push.
 *   TABLE_NAME        the DynamoDB table (required)
 *   STAGE             the stage, as the metrics' dimension (default `dev`)
 *   VAPID_SECRET_ARN  Secrets Manager secret the Web Push (VAPID) keys are derived from (VAPID_SECRET
 *                     outside AWS); neither: no push. VAPID_SUBJECT: the contact push services see
 *   DYNAMODB_ENDPOINT tests only: a local DynamoDB (dynalite)
 */
import { appSweeper, sweepMetrics, type SweepReport } from '@chickenfoot/app';
import { createDynamoClient, openStore } from '@chickenfoot/store';
import { pushFromEnv } from './secret-source';

/** The metrics' namespace (infra/src/sweeper-alarms.ts reads the same). */
export const METRICS_NAMESPACE = 'Chickenfoot';

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = createDynamoClient(endpoint ? { endpoint } : {});
const sweeper = appSweeper({ store: openStore({ client, tableName }), ...pushFromEnv(process.env) });
const dimensions = { Stage: process.env.STAGE ?? 'dev' };

/** One sweep at the time of the invocation; its report is also the invocation's result. */
export async function handler(): Promise<SweepReport> {
  const report = await sweeper.sweep(Date.now());
  console.log(JSON.stringify(sweepMetrics(report, METRICS_NAMESPACE, dimensions)));
  return report;
}
