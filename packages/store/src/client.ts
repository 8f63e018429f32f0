import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** How to reach DynamoDB. Everything is optional on Lambda, where the environment supplies the rest. */
export interface DynamoClientOptions {
  /** A local endpoint such as embedded dynalite's; absent for AWS. */
  endpoint?: string;
  /** Defaults to the SDK's own lookup on AWS, and to `us-east-1` with a local endpoint. */
  region?: string;
  /** Defaults to the SDK's provider chain on AWS, and to fixed fake keys with a local endpoint. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Attempts per request including the first (default 3), with the standard mode's backoff. */
  maxAttempts?: number;
  /** Milliseconds to wait for a connection (default 1000) and for a response (default 5000). */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  /**
   * Build each command type's middleware chain once (default true). `DynamoDBDocumentClient.from`
   * refuses a client that does: pass false for a client you mean to wrap in one.
   */
  cacheMiddleware?: boolean;
}

// A local endpoint needs no real credentials, and must never pick up a developer's AWS profile.
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * A DynamoDB client set up as the store expects: the SDK's `standard` retry mode (throttling and
 * transient faults retried with jittered backoff), bounded timeouts, and fake credentials when the
 * endpoint is local. It caches each command type's middleware chain (`cacheMiddleware`): without,
 * the SDK rebuilds and sorts its ~20 middlewares for every request (PERFORMANCE.md). So add
 * your own middleware (a test's faults) before the client sends a command of the type it watches.
 * @example
 * const client = createDynamoClient({ endpoint: process.env.DYNAMO_ENDPOINT });
 */
export function createDynamoClient(options: DynamoClientOptions = {}): DynamoDBClient {
  const {
    endpoint,
    region,
    credentials,
    maxAttempts = 3,
    connectionTimeoutMs = 1_000,
    requestTimeoutMs = 5_000,
    cacheMiddleware = true,
  } = options;
  return new DynamoDBClient({
    cacheMiddleware,
    retryMode: 'standard',
    maxAttempts,
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs },
    ...(endpoint ? { endpoint, region: region ?? 'us-east-1', credentials: credentials ?? LOCAL_CREDENTIALS } : {}),
    ...(!endpoint && region ? { region } : {}),
    ...(!endpoint && credentials ? { credentials } : {}),
  });
}
