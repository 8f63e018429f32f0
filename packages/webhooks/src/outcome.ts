import type { IncomingHttpHeaders } from 'node:http';
import { parseRetryAfter } from './retry-after';

/** Why a delivery failed. `http-status` and `redirect` had an answer; the others never got one. */
export type FailureReason =
  'http-status' | 'redirect' | 'timeout' | 'address-not-allowed' | 'dns' | 'connect' | 'tls' | 'url';

/** What one delivery attempt came to. Any non-2xx answer is a failure; redirects are never followed. */
export type SendOutcome =
  | { kind: 'delivered'; status: number; ms: number; body: string }
  | {
      kind: 'failed';
      /** The receiver's status, or null when it never answered. */
      status: number | null;
      reason: FailureReason;
      detail: string;
      ms: number;
      /** The start of the receiver's answer (at most `maxBodyBytes`), for the delivery log. */
      body: string;
      /** `Retry-After` in ms from now, when the answer had a readable one (it matters on 429 and 503). */
      retryAfterMs: number | null;
      /** 410 Gone: the receiver asks us to stop; the caller disables the endpoint. */
      gone: boolean;
    };

/** A failure with no answer from the receiver. */
export function unanswered(reason: FailureReason, detail: string, ms: number): SendOutcome {
  return { kind: 'failed', status: null, reason, detail, ms, body: '', retryAfterMs: null, gone: false };
}

/** The outcome of an answer: delivered on 2xx, else a failure carrying Retry-After and 410. */
export function answered(
  status: number,
  headers: IncomingHttpHeaders,
  body: string,
  ms: number,
  nowMs: number,
): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status, ms, body };
  const redirect = status >= 300 && status < 400;
  const location = headers.location?.slice(0, 200);
  return {
    kind: 'failed',
    status,
    reason: redirect ? 'redirect' : 'http-status',
    detail: redirect
      ? `HTTP ${status} to ${location ?? '(no Location)'}: redirects are not followed`
      : `HTTP ${status}`,
    ms,
    body,
    retryAfterMs: parseRetryAfter(headers['retry-after'], nowMs),
    gone: status === 410,
  };
}
