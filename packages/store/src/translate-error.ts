import { NotFoundError, StoreError, StoreUnavailableError } from './errors';

// Error names DynamoDB (and the SDK's own transport) use for "try again later". The SDK's standard
// retry mode has already retried these with backoff by the time one reaches us.
const UNAVAILABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'InternalFailure',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

// The socket errors the SDK's retry strategy treats as transient, all of them: one left out here
// turned a network outage into a 500 instead of a 503 the client retries.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface SdkErrorShape {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** True for the SDK's answer to a failed ConditionExpression. */
export function isConditionFailed(error: unknown): boolean {
  return (error as SdkErrorShape | null)?.name === 'ConditionalCheckFailedException';
}

/**
 * Turns whatever a DynamoDB call threw into a `StoreError` (store errors pass through unchanged).
 * @example
 * try { await client.send(command) } catch (e) { throw translateError(e, 'PutItem') }
 */
export function translateError(error: unknown, operation: string): StoreError {
  if (error instanceof StoreError) return error;
  const e = (error ?? {}) as SdkErrorShape;
  const name = e.name ?? 'Error';
  const detail = `${operation}: ${name}${e.message ? `: ${e.message}` : ''}`;
  const status = e.$metadata?.httpStatusCode;
  if (UNAVAILABLE_NAMES.has(name) || NETWORK_CODES.has(e.code ?? '') || (status !== undefined && status >= 500)) {
    return new StoreUnavailableError(`DynamoDB is unavailable (${detail})`, { cause: error });
  }
  if (name === 'ResourceNotFoundException')
    return new NotFoundError(`DynamoDB table not found (${detail})`, { cause: error });
  if (name === 'ValidationException' || name === 'SerializationException') {
    return new StoreError('store/invalid-request', `DynamoDB rejected the request (${detail})`, { cause: error });
  }
  return new StoreError('store/failed', `DynamoDB request failed (${detail})`, { cause: error });
}
