import { sendWebhook, webhookHeaders, type SendOptions, type SendOutcome } from '@chickenfoot/webhooks';

/** How one signed request goes out: the SSRF-safe sender of `@chickenfoot/webhooks`, or a test's own. */
export type WebhookSender = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

/** The sender with its policy (HTTPS only, public addresses only; loopback over HTTP for local use). */
export const safeSender =
  (options: SendOptions): WebhookSender =>
  (url, headers, body) =>
    sendWebhook(url, headers, body, options);

/** The headers of one attempt: Standard Webhooks' id, timestamp (the attempt's, in seconds) and signatures. */
export function signedHeaders(
  id: string,
  now: number,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  return webhookHeaders({ id, timestamp: Math.floor(now / 1000), body, secrets });
}

export type { SendOutcome };
