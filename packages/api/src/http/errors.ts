import { domainErrorOf, type Logger } from '@chickenfoot/app';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiProblem } from '../problems';
import { problem } from './problems';
import { problemOf } from './domain-problems';

/**
 * The one place errors become responses: problems thrown by routes, Hono's own HTTP errors
 * (malformed JSON, wrong content type), the application's domain errors (`problemOf`), and anything
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
    const domain = domainErrorOf(error);
    if (domain) {
      if (domain.kind === 'unavailable' || domain.kind === 'recorded' || (domain.kind === 'invalid' && domain.cause)) {
        // DynamoDB's wording names tables, keys and indexes: logged, never sent.
        const msg = domain.kind === 'invalid' ? 'store refused a request' : 'store unavailable';
        logger({ level: 'warn', msg, requestId: c.get('requestId'), error: String(domain.cause ?? domain.message) });
      }
      const p = problemOf(domain);
      return problem(c, p.code, p.detail, p.extras, p.headers);
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
