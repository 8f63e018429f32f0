/**
 * Outbound webhooks, Standard Webhooks v1: signing secrets, signatures and headers, a URL and address
 * policy against SSRF, and a sender that connects only to checked, pinned addresses, never follows a
 * redirect, caps what it reads and never throws. Knows nothing of games.
 */
export { generateSecret, sign, webhookHeaders, USER_AGENT, type WebhookHeadersInput } from './signing';
export {
  checkWebhookUrl,
  isAllowedAddress,
  isLoopbackAddress,
  MAX_URL_LENGTH,
  type UrlCheck,
  type UrlCheckCode,
  type UrlPolicy,
} from './url-policy';
export { sendWebhook, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, type SendOptions } from './send';
export type { FailureReason, SendOutcome } from './outcome';
export type { LookupFn, ResolvedAddress } from './resolve';
export { parseRetryAfter } from './retry-after';
