import { checkWebhookUrl, type UrlPolicy } from './url-policy';
import { describe, resolveAllowed, systemLookup, type LookupFn } from './resolve';
import { unanswered, type SendOutcome } from './outcome';
import { post } from './post';

/** How {@link sendWebhook} delivers. */
export interface SendOptions {
  /** Where deliveries may go (production: `{ allowLoopbackHttp: false }`). */
  policy: UrlPolicy;
  /** The whole attempt's budget, DNS + connect + TLS + answer, in ms. Default 15000. */
  timeoutMs?: number;
  /** How much of the answer's body is read (and kept for the log) before the socket is closed. Default 4096. */
  maxBodyBytes?: number;
  /** The resolver; default the system's (`dns.lookup` with `all: true`). */
  lookup?: LookupFn;
  /** The clock (ms since the epoch) that an HTTP-date `Retry-After` is measured from. Default `Date.now`. */
  now?: () => number;
  /** Extra trust for https, for tests with a certificate made on the spot. */
  tls?: { ca?: string | Buffer };
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BODY_BYTES = 4096;

/**
 * POSTs one webhook: checks the URL ({@link checkWebhookUrl}), resolves the host and checks every address,
 * connects to a checked address only (pinned, so DNS rebinding cannot move it), never follows a redirect,
 * reads at most `maxBodyBytes` of the answer, and gives up after `timeoutMs`. No proxy, no keep-alive.
 * The body is text (a webhook's JSON) or bytes (a Web Push's encrypted message). Never throws: every way it can go wrong is a `failed` outcome with a reason.
 *
 * @example
 * const body = JSON.stringify(event);
 * const headers = webhookHeaders({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets });
 * const outcome = await sendWebhook(endpoint.url, headers, body, { policy: { allowLoopbackHttp: false } });
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const check = checkWebhookUrl(url, options.policy);
    if (!check.ok) return unanswered('url', `${check.code}: ${check.detail}`, elapsed());
    const resolution = await beforeDeadline(
      resolveAllowed(check.url, options.policy, options.lookup ?? systemLookup),
      timeoutMs,
    );
    if (resolution === 'timeout') {
      return unanswered('timeout', `${check.url.hostname} did not resolve within ${timeoutMs} ms`, elapsed());
    }
    if (!resolution.ok) return unanswered(resolution.reason, resolution.detail, elapsed());
    return await post({
      url: check.url,
      addresses: resolution.addresses,
      headers,
      body,
      remainingMs: Math.max(1, timeoutMs - (performance.now() - started)),
      timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      ca: options.tls?.ca,
      now: options.now ?? Date.now,
      elapsed,
    });
  } catch (error) {
    // Only a bug or a header value node refuses gets here; the caller still gets an outcome to log.
    return unanswered('connect', `the request could not be made: ${describe(error)}`, elapsed());
  }
}

async function beforeDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, ms, 'timeout')));
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
