import { ECDH } from 'node:crypto';
import type { Store } from '@chickenfoot/store';
import { checkWebhookUrl, type UrlPolicy } from '@chickenfoot/webhooks';
import type { Clock } from '../clock';
import { NotFoundError, RefusedError, type RefusalCode } from '../errors';
import { erasePushSubscriptions } from './erase-subscriptions';
import type { PushEventType } from './event-types';
import type { PushParts } from './parts';
import { testPayload } from './payload';
import {
  subscriptionIdOf,
  type PushKeys,
  type SessionsClosed,
  type StoredSubscription,
  type SubscriptionCommand,
  type SubscriptionsState,
} from './subscription-decider';
import { subscriptionView, type SubscriptionView } from './views';

/** A browser's subscription as the page sends it (`PushSubscription.toJSON()`), with a label and its events. */
export interface NewSubscription {
  readonly endpoint: string;
  readonly keys: PushKeys;
  readonly label: string;
  readonly events?: readonly PushEventType[] | undefined;
}

/** What may change of a subscription. */
export interface SubscriptionChanges {
  readonly label?: string | undefined;
  readonly events?: readonly PushEventType[] | undefined;
}

/** What the subscriptions' service is built from. */
export interface PushServiceParts extends PushParts {
  readonly store: Store;
  readonly clock: Clock;
  /** Which endpoints subscriptions may have: the webhooks' policy (HTTPS to public addresses; loopback HTTP locally). */
  readonly urlPolicy: UrlPolicy;
  /** A push was queued (`npm start` sweeps soon after it). */
  readonly written?: () => void;
}

const notConfigured = () =>
  new NotFoundError('push/not-configured', 'This server has no Web Push keys: notifications are off here.');

/** The codes of the URL policy, as a push endpoint's. */
const ENDPOINT_CODES: Record<string, RefusalCode> = {
  'webhook/url-invalid': 'push/endpoint-invalid',
  'webhook/url-not-https': 'push/endpoint-not-https',
  'webhook/url-not-allowed': 'push/endpoint-not-allowed',
};

/**
 * A player's browsers' push subscriptions (register, list, change, remove, test), and the server's
 * VAPID public key for the page. Every change is one commit of the player's subscriptions stream
 * (see `subscriptionDecider`), remembered by this process's directory at once.
 */
export class PushSubscriptionsService {
  constructor(private readonly parts: PushServiceParts) {}

  /** The VAPID public key a page subscribes with (`applicationServerKey`), or `push/not-configured`. */
  async publicKey(): Promise<{ publicKey: string }> {
    if (!this.parts.vapid) throw notConfigured();
    return { publicKey: (await this.parts.vapid()).current.publicKey };
  }

  /**
   * Registers a browser's subscription for the session `sessionId` (signing that session out removes
   * it); the same browser registering again (the same endpoint) replaces its keys and label, keeping
   * its events unless new ones are given.
   */
  async register(playerId: string, sessionId: string, asked: NewSubscription): Promise<SubscriptionView> {
    if (!this.parts.vapid) throw notConfigured();
    const endpoint = this.#checkedEndpoint(asked.endpoint);
    checkKeys(asked.keys);
    const id = subscriptionIdOf(playerId, endpoint);
    const vapidKey = (await this.parts.vapid()).current.publicKey;
    const { keys, label, events } = asked;
    const at = this.#iso();
    const command = { type: 'subscribe', id, endpoint, keys, label, events, sessionId, vapidKey, at } as const;
    const state = await this.#handle(playerId, command);
    return subscriptionView(found(state, id), sessionId);
  }

  /** The player's subscriptions, oldest first. */
  async list(playerId: string, sessionId: string): Promise<{ subscriptions: SubscriptionView[] }> {
    const { subscriptions } = await this.parts.subscriptions.read(playerId);
    return { subscriptions: subscriptions.map((s) => subscriptionView(s, sessionId)) };
  }

  /** Changes a subscription's label or events. */
  async update(
    playerId: string,
    sessionId: string,
    id: string,
    changes: SubscriptionChanges,
  ): Promise<SubscriptionView> {
    const state = await this.#handle(playerId, { type: 'change', id, ...changes, at: this.#iso() });
    return subscriptionView(found(state, id), sessionId);
  }

  /** Removes a subscription: nothing more is pushed to that browser. */
  async remove(playerId: string, id: string): Promise<void> {
    await this.#handle(playerId, { type: 'remove', id });
  }

  /** Queues a test push to one subscription (whatever events it takes); the sweeper sends it at once. */
  async test(playerId: string, id: string): Promise<void> {
    if (!this.parts.vapid) throw notConfigured();
    const { subscriptions } = await this.parts.subscriptions.read(playerId);
    if (!subscriptions.some((s) => s.id === id)) throw notFoundOf(id);
    const at = this.#iso();
    const payload = JSON.stringify(testPayload(at));
    const push = { subscriptionId: id, playerId, gameId: null, type: 'push.test', version: 0, payload, createdAt: at };
    await this.parts.store.pushes.put(push, at, 0);
    this.parts.written?.();
  }

  /** Removes the subscriptions of the sessions closed (a token revoked, or every token but one). */
  async signOut(playerId: string, sessions: SessionsClosed): Promise<void> {
    await this.#handle(playerId, { type: 'sign-out', sessions, reason: 'signed-out' });
  }

  /**
   * Removes every subscription of a player whose account is being deleted, and erases their browsers'
   * endpoints, keys and labels from what the store keeps: nothing is pushed to them after this returns
   * (the sweeper reads a player's subscriptions before each attempt). Safe to repeat.
   */
  async removeAll(playerId: string): Promise<void> {
    await this.#handle(playerId, { type: 'sign-out', sessions: 'all', reason: 'account-deleted' });
    await erasePushSubscriptions(this.parts.store, playerId);
  }

  async #handle(playerId: string, command: SubscriptionCommand): Promise<SubscriptionsState> {
    const at = new Date(this.parts.clock());
    const state = await this.parts.subscriptions.handle(playerId, command, { at, by: playerId });
    this.parts.directory.remember(playerId, state.subscriptions);
    return state;
  }

  #checkedEndpoint(url: string): string {
    const checked = checkWebhookUrl(url, this.parts.urlPolicy);
    if (!checked.ok) throw new RefusedError(ENDPOINT_CODES[checked.code] ?? 'push/endpoint-invalid', checked.detail);
    return checked.url.href;
  }

  #iso(): string {
    return new Date(this.parts.clock()).toISOString();
  }
}

const notFoundOf = (id: string) => new NotFoundError('push/not-found', `You have no push subscription ${id}.`);

function found(state: SubscriptionsState, id: string): StoredSubscription {
  const subscription = state.subscriptions.find((s) => s.id === id);
  if (!subscription) throw notFoundOf(id);
  return subscription;
}

/** Refuses keys a message could not be encrypted for: a P-256 point (65 bytes) and a 16-byte auth secret. */
function checkKeys(keys: PushKeys): void {
  const auth = Buffer.from(keys.auth, 'base64url');
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (auth.length !== 16 || point.length !== 65 || point[0] !== 4) throw new Error('length');
    // Throws unless the point is on the curve: a message could never be encrypted for it.
    ECDH.convertKey(point, 'prime256v1');
  } catch {
    throw new RefusedError(
      'push/keys-invalid',
      'keys.p256dh must be an uncompressed P-256 point (65 bytes) and keys.auth 16 bytes, each base64url, as PushSubscription.toJSON() gives them.',
    );
  }
}
