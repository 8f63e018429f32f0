import { keyReused, NotFoundError, RefusedError } from '../errors';
import { unknownCommand, type Decider, type Decision } from '../streams/decider';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types';

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

/** What a change of an endpoint may set; what it leaves out stays as it is. */
export interface EndpointChanges {
  readonly url?: string;
  readonly events?: readonly WebhookEventType[];
  /** Only these games' notifications; null for all the player's games. */
  readonly games?: readonly string[] | null;
  readonly description?: string;
  readonly enabled?: boolean;
}

/**
 * What happened to a player's endpoints. Commits written before an event carried what evolve needs
 * (`{ type, id }` alone) hold it in their snapshot: a state is read from the newest snapshot.
 */
export type EndpointEvent =
  | { readonly type: 'WebhookEndpointAdded'; readonly id: string; readonly endpoint: StoredEndpoint }
  | {
      readonly type: 'WebhookEndpointChanged';
      readonly id: string;
      readonly changes: EndpointChanges;
      readonly at: string;
    }
  | { readonly type: 'WebhookEndpointRemoved'; readonly id: string }
  | {
      readonly type: 'WebhookSecretRotated';
      readonly id: string;
      readonly secret: string;
      /** Until when the secret rotated out still signs, beside the new one. */
      readonly previousExpiresAt: string;
      readonly at: string;
    }
  | { readonly type: 'WebhookEndpointDisabled'; readonly id: string; readonly reason: 'gone'; readonly at: string };

/** What the owner (or, for `disable`, the server) asks of a player's endpoints; `at` is the time now (ISO 8601). */
export type EndpointCommand =
  | {
      readonly type: 'add';
      /** Derived from the owner's idempotency key, as `secret` is: a retry names the same endpoint. */
      readonly id: string;
      readonly secret: string;
      /** Checked against the address policy already. */
      readonly url: string;
      readonly events?: readonly WebhookEventType[] | undefined;
      readonly games?: readonly string[] | null | undefined;
      readonly description?: string | undefined;
      readonly at: string;
    }
  | { readonly type: 'change'; readonly id: string; readonly changes: EndpointChanges; readonly at: string }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'rotate'; readonly id: string; readonly secret: string; readonly at: string }
  | { readonly type: 'disable'; readonly id: string; readonly reason: 'gone'; readonly at: string };

/** The most endpoints one player may have. */
export const MAX_ENDPOINTS = 10;

/** How long a rotated-out secret still signs deliveries, beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

// Removed ids are remembered (the newest this many), so a retried creation cannot bring one back.
const REMOVED_KEPT = 100;

const notFound = (id: string) => new NotFoundError('webhook/not-found', `You have no webhook endpoint ${id}.`);
const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** A player with no endpoints. */
export const initialState = (): EndpointsState => ({ endpoints: [], removed: [] });

/** The endpoint `id` after one change. */
function changed(endpoint: StoredEndpoint, event: EndpointEvent): StoredEndpoint {
  switch (event.type) {
    case 'WebhookEndpointChanged': {
      const { url, events, games, description, enabled = endpoint.enabled } = event.changes;
      return {
        ...endpoint,
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(games !== undefined ? { games } : {}),
        ...(description !== undefined ? { description } : {}),
        enabled,
        disabledReason: enabled ? null : endpoint.disabledReason,
        updatedAt: event.at,
      };
    }
    case 'WebhookSecretRotated': {
      const previous = endpoint.secrets[0];
      const kept = previous ? [{ secret: previous.secret, expiresAt: event.previousExpiresAt }] : [];
      return { ...endpoint, secrets: [{ secret: event.secret, expiresAt: null }, ...kept], updatedAt: event.at };
    }
    case 'WebhookEndpointDisabled':
      return { ...endpoint, enabled: false, disabledReason: event.reason, updatedAt: event.at };
    default:
      return endpoint;
  }
}

/** A player's endpoints after `event`. */
export function evolve(state: EndpointsState, event: EndpointEvent): EndpointsState {
  switch (event.type) {
    case 'WebhookEndpointAdded':
      return { ...state, endpoints: [...state.endpoints, event.endpoint] };
    case 'WebhookEndpointRemoved':
      return {
        endpoints: state.endpoints.filter((e) => e.id !== event.id),
        removed: [...state.removed, event.id].slice(-REMOVED_KEPT),
      };
    default:
      return { ...state, endpoints: state.endpoints.map((e) => (e.id === event.id ? changed(e, event) : e)) };
  }
}

/** A new endpoint, once per key: a retry finds it there; one removed since is not made again. */
function add(command: Extract<EndpointCommand, { type: 'add' }>, state: EndpointsState): Decision<EndpointEvent> {
  const { id, at } = command;
  if (state.removed.includes(id)) return keyReused();
  const made = state.endpoints.find((e) => e.id === id);
  // A retry (the same key and body) finds it there; the same key with another body is refused.
  if (made) return sameEndpoint(made, command) ? [] : keyReused();
  if (state.endpoints.length >= MAX_ENDPOINTS)
    return new RefusedError(
      'webhook/too-many-endpoints',
      `You have ${state.endpoints.length} webhook endpoints, the most there may be: remove one first.`,
    );
  const endpoint: StoredEndpoint = {
    id,
    url: command.url,
    events: unique(command.events ?? WEBHOOK_EVENT_TYPES),
    games: command.games ? unique(command.games) : null,
    description: command.description ?? '',
    enabled: true,
    disabledReason: null,
    createdAt: at,
    updatedAt: at,
    secrets: [{ secret: command.secret, expiresAt: null }],
  };
  return [{ type: 'WebhookEndpointAdded', id, endpoint }];
}

/** True when `made` is what `command` asks for (its defaults filled in as `add` fills them). */
function sameEndpoint(made: StoredEndpoint, command: Extract<EndpointCommand, { type: 'add' }>): boolean {
  const same = (a: readonly string[] | null, b: readonly string[] | null) =>
    JSON.stringify(a && [...a].sort()) === JSON.stringify(b && [...b].sort());
  return (
    made.url === command.url &&
    same(made.events, unique(command.events ?? WEBHOOK_EVENT_TYPES)) &&
    same(made.games, command.games ? unique(command.games) : null) &&
    made.description === (command.description ?? '')
  );
}

function change(command: Extract<EndpointCommand, { type: 'change' }>, state: EndpointsState) {
  if (!state.endpoints.some((e) => e.id === command.id)) return notFound(command.id);
  const { events, games, ...rest } = command.changes;
  const changes: EndpointChanges = {
    ...rest,
    ...(events !== undefined ? { events: unique(events) } : {}),
    ...(games !== undefined ? { games: games ? unique(games) : null } : {}),
  };
  return [{ type: 'WebhookEndpointChanged', id: command.id, changes, at: command.at }] as const;
}

function remove(command: Extract<EndpointCommand, { type: 'remove' }>, state: EndpointsState) {
  if (!state.endpoints.some((e) => e.id === command.id)) return notFound(command.id);
  return [{ type: 'WebhookEndpointRemoved', id: command.id }] as const;
}

/** A retry finds its secret already in place; a key used before for another rotation is refused. */
function rotate(command: Extract<EndpointCommand, { type: 'rotate' }>, state: EndpointsState) {
  const { id, secret, at } = command;
  const endpoint = state.endpoints.find((e) => e.id === id);
  if (!endpoint) return notFound(id);
  if (endpoint.secrets[0]?.secret === secret) return [];
  if (endpoint.secrets.some((s) => s.secret === secret)) return keyReused();
  const previousExpiresAt = new Date(Date.parse(at) + ROTATION_OVERLAP_MS).toISOString();
  return [{ type: 'WebhookSecretRotated', id, secret, previousExpiresAt, at }] as const;
}

/** The server turns an endpoint off (its receiver answered 410): nothing to do for one gone or off already. */
function disable(command: Extract<EndpointCommand, { type: 'disable' }>, state: EndpointsState) {
  const endpoint = state.endpoints.find((e) => e.id === command.id);
  if (!endpoint || !endpoint.enabled) return [];
  return [{ type: 'WebhookEndpointDisabled', id: command.id, reason: command.reason, at: command.at }] as const;
}

/** The events a command on a player's endpoints causes, or why it is refused. */
export function decide(command: EndpointCommand, state: EndpointsState): Decision<EndpointEvent> {
  switch (command.type) {
    case 'add':
      return add(command, state);
    case 'change':
      return change(command, state);
    case 'remove':
      return remove(command, state);
    case 'rotate':
      return rotate(command, state);
    case 'disable':
      return disable(command, state);
    default:
      return unknownCommand(command);
  }
}

/** A player's webhook endpoints as a decider. */
export const endpointDecider: Decider<EndpointCommand, EndpointEvent, EndpointsState> = {
  initialState,
  evolve,
  decide,
};
