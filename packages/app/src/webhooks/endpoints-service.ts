import type { Store } from '@chickenfoot/store';
import { checkWebhookUrl, type UrlPolicy } from '@chickenfoot/webhooks';
import type { Clock } from '../clock';
import { badCursor } from '../cursor';
import { NotFoundError, RateLimitedError, RefusedError } from '../errors';
import { markReplayed, type Replayable } from '../replayed';
import type { Signer } from '../identity/signer';
import type { CommitNotifier } from './commit-notifier';
import type { WebhookDirectory } from './directory';
import type { EndpointChanges, EndpointCommand, EndpointsState, StoredEndpoint } from './endpoint-decider';
import type { WebhookEndpoints } from './endpoints';
import { TEST_EVENT, type WebhookEventType } from './event-types';
import { messageBody, messageId } from './outbox';
import { deliveryView, endpointView, seqOf } from './views';

/** A new endpoint, as its owner asks for it. */
export interface NewEndpoint {
  readonly url: string;
  readonly events?: readonly WebhookEventType[] | undefined;
  readonly games?: readonly string[] | null | undefined;
  readonly description?: string | undefined;
}

/** An endpoint as its owner sees it (never a secret). */
export type EndpointView = ReturnType<typeof endpointView>;
/** A delivery as its endpoint's owner sees it. */
export type DeliveryView = ReturnType<typeof deliveryView>;
/** An endpoint made or given a new secret: the endpoint, and the secret (shown only then). */
type Reply = { endpoint: EndpointView; secret: string };

/** What the endpoints' service is built from. */
export interface WebhookEndpointsParts {
  readonly store: Store;
  readonly endpoints: WebhookEndpoints;
  readonly directory: WebhookDirectory;
  readonly notifier: CommitNotifier;
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
  /** Which URLs endpoints may have (HTTPS to public addresses; loopback HTTP in local use). */
  readonly urlPolicy: UrlPolicy;
}

/** The most `webhook.test` deliveries one endpoint may have pending at once. */
export const MAX_PENDING_TESTS = 3;

const TEST_MESSAGE = 'A test from Chickenfoot: if its signature verifies, your endpoint is ready.';

/**
 * A player's webhook endpoints (add, list, read, change, remove, rotate the secret, send a test) and
 * their delivery logs. Every change is one commit of the player's endpoints stream (see
 * `endpointDecider`), remembered by this process's directory at once.
 */
export class WebhookEndpointsService {
  constructor(private readonly parts: WebhookEndpointsParts) {}

  /**
   * Adds an endpoint, once per key (a retry returns the same one and secret, marked replayed); the
   * secret is shown only here.
   */
  async create(playerId: string, key: string, asked: NewEndpoint): Promise<Reply & Replayable> {
    const url = this.#checkedUrl(asked.url);
    const signer = await this.parts.signer();
    const id = signer.webhookEndpointIdFor(playerId, key);
    const secret = signer.webhookSecretFor(id, key);
    const { events, games, description } = asked;
    const { state, changed } = await this.#handle(playerId, {
      type: 'add',
      id,
      secret,
      url,
      events,
      games,
      description,
      at: this.#iso(),
    });
    // Unchanged: the endpoint (its id derived from this key) was there already, made by a first attempt.
    return markReplayed({ endpoint: this.#view(state, id), secret }, !changed);
  }

  /** The player's endpoints, oldest first. */
  async list(playerId: string): Promise<{ endpoints: EndpointView[] }> {
    const now = this.parts.clock();
    const { endpoints } = await this.parts.endpoints.read(playerId);
    return { endpoints: endpoints.map((e) => endpointView(e, now)) };
  }

  /** One of the player's endpoints, or `webhook/not-found`. */
  async get(playerId: string, id: string): Promise<EndpointView> {
    return endpointView(await this.#owned(playerId, id), this.parts.clock());
  }

  /** Changes what an endpoint receives, where, or whether it is on. */
  async update(playerId: string, id: string, changes: EndpointChanges): Promise<EndpointView> {
    const url = changes.url === undefined ? undefined : this.#checkedUrl(changes.url);
    const { state } = await this.#handle(playerId, {
      type: 'change',
      id,
      changes: { ...changes, url },
      at: this.#iso(),
    });
    return this.#view(state, id);
  }

  /** Removes an endpoint for good: a retry of its creation does not bring it back. */
  async delete(playerId: string, id: string): Promise<void> {
    await this.#handle(playerId, { type: 'remove', id });
  }

  /**
   * Removes every endpoint of a player (their account is being deleted): no delivery, first attempt
   * or retry, goes out to them after this returns (the sweeper reads endpoints before each attempt).
   */
  async removeAll(playerId: string): Promise<void> {
    const { endpoints } = await this.parts.endpoints.read(playerId, { consistent: true });
    for (const endpoint of endpoints) await this.#handle(playerId, { type: 'remove', id: endpoint.id });
  }

  /**
   * A new secret (once per key: a retry finds it current, and is marked replayed), the previous one
   * still signing for a day beside it; shown only here.
   */
  async rotate(playerId: string, id: string, key: string): Promise<Reply & Replayable> {
    const secret = (await this.parts.signer()).webhookSecretFor(id, key);
    const { state, changed } = await this.#handle(playerId, { type: 'rotate', id, secret, at: this.#iso() });
    return markReplayed({ endpoint: this.#view(state, id), secret }, !changed);
  }

  /**
   * Queues a `webhook.test` delivery to the endpoint (once per key), whatever it subscribes to; at
   * most `MAX_PENDING_TESTS` wait at once per endpoint (a receiver that never answers must not queue
   * hours of the sweeper's attempts): past that, `RateLimitedError` until one is settled.
   */
  async test(playerId: string, id: string, key: string): Promise<DeliveryView & Replayable> {
    await this.#owned(playerId, id);
    const message = messageId(`test:${key}`, id);
    const { deliveries } = await this.parts.store.deliveries.list(id, { limit: 25 });
    const pending = deliveries.filter((d) => d.type === TEST_EVENT && d.status === 'pending');
    if (pending.length >= MAX_PENDING_TESTS && !pending.some((d) => d.messageId === message))
      throw new RateLimitedError(
        `${MAX_PENDING_TESTS} test deliveries to this endpoint are still pending: see its deliveries, and send another once one is settled.`,
        60,
      );
    const at = this.#iso();
    const { delivery, created } = await this.parts.store.deliveries.put(
      {
        endpointId: id,
        playerId,
        messageId: message,
        type: TEST_EVENT,
        gameId: null,
        payload: messageBody(TEST_EVENT, at, { endpointId: id, message: TEST_MESSAGE }),
        createdAt: at,
      },
      at,
    );
    this.parts.notifier.written();
    // Not created: this key's test was queued already (its message id derives from the key).
    return markReplayed(deliveryView(delivery), !created);
  }

  /** A page of the endpoint's deliveries, newest first; `cursor` from the page before. */
  async deliveries(
    playerId: string,
    id: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ deliveries: DeliveryView[]; cursor: string | null }> {
    await this.#owned(playerId, id);
    const { cursor } = page;
    if (cursor !== undefined && !/^\d{1,16}$/.test(cursor)) throw badCursor();
    const found = await this.parts.store.deliveries.list(id, { limit: page.limit, cursor: cursor ?? null });
    return { deliveries: found.deliveries.map(deliveryView), cursor: found.cursor };
  }

  /** Sends a delivery once more, now (one attempt, no retries after it). */
  async redeliver(playerId: string, id: string, deliveryId: string): Promise<DeliveryView> {
    await this.#owned(playerId, id);
    const seq = seqOf(deliveryId);
    const requeued =
      seq === null ? null : await this.parts.store.deliveries.requeue(id, seq, this.#iso(), { once: true });
    if (!requeued)
      throw new NotFoundError('webhook/delivery-not-found', `Endpoint ${id} has no delivery ${deliveryId}.`);
    this.parts.notifier.written();
    return deliveryView(requeued);
  }

  /** One change of the player's endpoints, remembered by this process's directory at once. */
  async #handle(playerId: string, command: EndpointCommand): Promise<{ state: EndpointsState; changed: boolean }> {
    const handled = await this.parts.endpoints.handle(playerId, command, {
      at: new Date(this.parts.clock()),
      by: playerId,
    });
    this.parts.directory.remember(playerId, handled.state.endpoints);
    return handled;
  }

  /** The player's endpoint `id` (strongly consistent), or `webhook/not-found`. */
  async #owned(playerId: string, id: string): Promise<StoredEndpoint> {
    const found = (await this.parts.endpoints.read(playerId)).endpoints.find((e) => e.id === id);
    if (!found) throw new NotFoundError('webhook/not-found', `You have no webhook endpoint ${id}.`);
    return found;
  }

  /** The URL as checked for an endpoint, or the refusal with the policy's code. */
  #checkedUrl(url: string): string {
    const checked = checkWebhookUrl(url, this.parts.urlPolicy);
    if (!checked.ok) throw new RefusedError(checked.code, checked.detail);
    return checked.url.href;
  }

  #view(state: EndpointsState, id: string): EndpointView {
    return endpointView(state.endpoints.find((e) => e.id === id) as StoredEndpoint, this.parts.clock());
  }

  #iso(): string {
    return new Date(this.parts.clock()).toISOString();
  }
}
