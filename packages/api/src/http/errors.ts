import { StoreError, StoreUnavailableError } from '@chickenfoot/store';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from './logging';
import { ApiProblem } from '../problems';
import { problem } from './problems';

/**
 * The one place errors become responses: problems thrown by routes, Hono's own HTTP errors
 * (malformed JSON, wrong content type), store failures (503 with Retry-After), and anything
 * unexpected (500, logged with the request id; the message is not sent to the client).
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiProblem) return problem(c, error.code, error.detail, error.extras, error.headers);
    if (error instanceof HTTPException) {
      if (error.status === 415)
        return problem(
          c,
          'request/unsupported-media-type',
          'Send the body as JSON with Content-Type: application/json.',
        );
      if (error.status === 400) return problem(c, 'request/malformed-json', 'The body is not valid JSON.');
      if (error.status === 413) return problem(c, 'request/too-large', 'The body is larger than this API accepts.');
    }
    if (
      error instanceof StoreUnavailableError ||
      (error instanceof StoreError && error.code === 'store/projection-lag')
    ) {
      logger({ level: 'warn', msg: 'store unavailable', requestId: c.get('requestId'), error: error.message });
      return problem(
        c,
        'service/unavailable',
        'The game store is briefly unavailable. Retry the request (with the same Idempotency-Key).',
        {},
        { 'Retry-After': '1' },
      );
    }
    if (error instanceof StoreError && error.code === 'store/invalid-request') {
      // DynamoDB's wording names tables, keys and indexes: log it, do not send it.
      logger({ level: 'warn', msg: 'store refused a request', requestId: c.get('requestId'), error: error.message });
      return problem(c, 'request/invalid', 'The request cannot be carried out as given.');
    }
    logger({
      level: 'error',
      msg: 'unexpected error',
      requestId: c.get('requestId'),
      error: error.stack ?? String(error),
    });
    return problem(
      c,
      'service/error',
      'Something went wrong on our side. It has been logged; quote the requestId if you report it.',
    );
  };
}
