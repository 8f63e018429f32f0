import webpush from 'web-push';
import type { PushPayload } from './payload';
import { pushPolicy } from './policy';
import type { StoredSubscription } from './subscription-decider';
import type { VapidKeyPair } from './vapid';

/** One push as it goes out: where, its headers (VAPID `Authorization`, `TTL`, `Urgency`, `Topic`), its encrypted body. */
export interface PushRequest {
  readonly endpoint: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

/** When a push stops being news (ms since the epoch): its TTL from when what it tells happened. */
export function expiryOf(payload: PushPayload): number {
  const at = Date.parse(payload.at);
  return at + pushPolicy(payload.type, payload.gameId, payload.deadline, at).ttl * 1000;
}

/**
 * The signed, encrypted request of one push, made by `web-push`'s `generateRequestDetails` (the VAPID
 * JWT of RFC 8292 for the endpoint's origin, the aes128gcm message of RFC 8291 for the subscription's
 * keys) and sent by our own SSRF-safe sender, never by `web-push`. Its TTL is what is left of the
 * push's life at `now` (at least a second).
 */
export function pushRequest(
  subscription: Pick<StoredSubscription, 'endpoint' | 'keys'>,
  payload: PushPayload,
  vapid: { readonly keys: VapidKeyPair; readonly subject: string },
  now: number,
): PushRequest {
  const policy = pushPolicy(payload.type, payload.gameId, payload.deadline, Date.parse(payload.at));
  const ttl = Math.max(1, Math.floor((expiryOf(payload) - now) / 1000));
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.keys.publicKey, privateKey: vapid.keys.privateKey },
      TTL: ttl,
      urgency: policy.urgency,
      topic: policy.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return { endpoint: details.endpoint, headers, body: new Uint8Array(details.body ?? Buffer.alloc(0)) };
}
