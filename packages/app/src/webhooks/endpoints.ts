import type { Store } from '@chickenfoot/store';
import { DeciderStream } from '../streams/decider-stream';
import {
  endpointDecider,
  type EndpointCommand,
  type EndpointEvent,
  type EndpointsState,
  type StoredEndpoint,
} from './endpoint-decider';
import type { WebhookEventType } from './event-types';

export type { EndpointSecret, EndpointsState, StoredEndpoint } from './endpoint-decider';

/**
 * A player's endpoints are a small stream of their own beside their record (their id and
 * ".webhooks", see `DeciderStream`): reading them is one Query, and changing one never conflicts
 * with a move or an account change.
 */
export const endpointsStream = (playerId: string): string => `${playerId}.webhooks`;

/** The secrets a delivery is signed with at `now`: the current one, and one rotated out that has not expired. */
export const liveSecrets = (endpoint: StoredEndpoint, now: number): string[] =>
  endpoint.secrets.filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now).map((s) => s.secret);

/** True when `endpoint` takes notifications of `type` about `gameId` (a type no endpoint takes: never). */
export const wants = (endpoint: StoredEndpoint, type: string, gameId: string): boolean =>
  endpoint.enabled &&
  endpoint.events.includes(type as WebhookEventType) &&
  (endpoint.games === null || endpoint.games.includes(gameId));

/** Players' webhook endpoints: read, and change as one commit at a time (see `endpointDecider`). */
export class WebhookEndpoints {
  readonly #stream: DeciderStream<EndpointCommand, EndpointEvent, EndpointsState>;

  constructor(store: Store) {
    this.#stream = new DeciderStream(store, endpointDecider);
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
   * Decides `command` on a player's endpoints and records its events as one commit, decided again
   * when another change lands first; throws the decider's refusal. The endpoints after it, and
   * whether it changed them (`false`: they were already as it asks, e.g. made by a retry's first try).
   */
  async handle(
    playerId: string,
    command: EndpointCommand,
    meta: { at: Date; by: string },
  ): Promise<{ state: EndpointsState; changed: boolean }> {
    const { state, commit } = await this.#stream.handle(endpointsStream(playerId), command, meta);
    return { state, changed: commit !== null };
  }
}
