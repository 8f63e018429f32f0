import type { EventStore } from '@chickenfoot/store';
import { SnapshotStream } from '../streams/snapshot-stream';
import type { WebhookEventType } from './event-types';

/** One signing secret of an endpoint: `expiresAt` null for the current one, a time for the one rotated out. */
export interface EndpointSecret {
  readonly secret: string;
  readonly expiresAt: string | null;
}

/** A webhook endpoint as kept: what it receives, where, and how deliveries to it are signed. */
export interface StoredEndpoint {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  /** Only these games' notifications, or null for all the player's games. */
  readonly games: readonly string[] | null;
  readonly description: string;
  readonly enabled: boolean;
  /** Why it was disabled by the server (`gone`: a receiver answered 410), or null. */
  readonly disabledReason: 'gone' | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The current secret first; during a rotation's overlap, the previous one after it. */
  readonly secrets: readonly EndpointSecret[];
}

/** A player's endpoints, and the ids of those deleted (a retried creation cannot bring one back). */
export interface EndpointsState {
  readonly endpoints: readonly StoredEndpoint[];
  readonly removed: readonly string[];
}

/** The most endpoints one player may have. */
export const MAX_ENDPOINTS = 10;

/**
 * A player's endpoints are a small stream of their own beside their record (their id and
 * ".webhooks", see `SnapshotStream`): reading them is one Query, and changing one never conflicts
 * with a move or an account change.
 */
export const endpointsStream = (playerId: string): string => `${playerId}.webhooks`;

const REMOVED_KEPT = 100;

/** The secrets a delivery is signed with at `now`: the current one, and one rotated out that has not expired. */
export const liveSecrets = (endpoint: StoredEndpoint, now: number): string[] =>
  endpoint.secrets.filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now).map((s) => s.secret);

/** True when `endpoint` takes notifications of `type` about `gameId` (a type no endpoint takes: never). */
export const wants = (endpoint: StoredEndpoint, type: string, gameId: string): boolean =>
  endpoint.enabled &&
  endpoint.events.includes(type as WebhookEventType) &&
  (endpoint.games === null || endpoint.games.includes(gameId));

/** Players' webhook endpoints: read, and change as one commit at a time. */
export class WebhookEndpoints {
  readonly #stream: SnapshotStream<EndpointsState>;

  constructor(store: EventStore) {
    this.#stream = new SnapshotStream<EndpointsState>(store, { endpoints: [], removed: [] });
  }

  /**
   * A player's endpoints, with the version they are at: strongly consistent by default (the owner's
   * reads), or eventually consistent at half the cost (a lookup that a cache bounds anyway).
   */
  async read(playerId: string, options: { consistent?: boolean } = {}): Promise<EndpointsState & { version: number }> {
    const { state, version } = await this.#stream.read(endpointsStream(playerId), options);
    return { ...state, version };
  }

  /**
   * Applies `change` to a player's endpoints as one commit, tried again when another change lands
   * first; `change` returns null when there is nothing to write, and throws to refuse.
   */
  change(
    playerId: string,
    change: (state: EndpointsState) => { event: object; state: EndpointsState } | null,
    meta: { at: Date; by: string },
  ): Promise<EndpointsState> {
    return this.#stream.change(endpointsStream(playerId), change, meta, (state) => ({
      endpoints: state.endpoints,
      removed: state.removed.slice(-REMOVED_KEPT),
    }));
  }
}
