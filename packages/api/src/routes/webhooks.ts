import { checkWebhookUrl } from '@chickenfoot/webhooks';
import type { AppDeps } from '../app-deps';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '../contract/webhooks';
import { keyReused } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { MAX_ENDPOINTS, type EndpointsState, type StoredEndpoint } from '@chickenfoot/app';
import { TEST_EVENT, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@chickenfoot/app';
import { messageBody, messageId } from '@chickenfoot/app';
import { deliveryView, endpointView, seqOf } from '@chickenfoot/app';
import { badCursor } from './cursor';
import { openapi, router } from './router';

/** How long a rotated-out secret still signs deliveries, beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const notFound = (id: string) => new ApiProblem('webhook/not-found', `You have no webhook endpoint ${id}.`);

/** The URL as checked for an endpoint, or the problem that refuses it. */
function checkedUrl(deps: AppDeps, url: string): string {
  const checked = checkWebhookUrl(url, deps.urlPolicy);
  if (!checked.ok) throw new ApiProblem(checked.code, checked.detail);
  return checked.url.href;
}

/** Your webhook endpoints (add, list, read, change, remove, rotate, test) and their delivery logs. */
export function webhookRoutes(deps: AppDeps) {
  const app = router();
  const { endpoints, directory } = deps.webhooks;
  const now = () => deps.clock();
  const iso = () => new Date(now()).toISOString();

  /** One change of the caller's endpoints, remembered by this process's directory at once. */
  const change = async (playerId: string, apply: (state: EndpointsState) => EndpointsState | null, event: object) => {
    const state = await endpoints.change(
      playerId,
      (current) => {
        const next = apply(current);
        return next ? { event, state: next } : null;
      },
      { at: new Date(now()), by: playerId },
    );
    directory.remember(playerId, state.endpoints);
    return state;
  };
  /** The caller's endpoint `id` (strongly consistent), or a 404. */
  const owned = async (playerId: string, id: string): Promise<StoredEndpoint> => {
    const found = (await endpoints.read(playerId)).endpoints.find((e) => e.id === id);
    if (!found) throw notFound(id);
    return found;
  };
  const replace = (state: EndpointsState, updated: StoredEndpoint): EndpointsState => ({
    ...state,
    endpoints: state.endpoints.map((e) => (e.id === updated.id ? updated : e)),
  });

  openapi(app, createWebhookEndpoint, async (c) => {
    const playerId = c.get('playerId');
    const key = c.req.valid('header')['idempotency-key'];
    const body = c.req.valid('json');
    const url = checkedUrl(deps, body.url);
    const signer = await deps.signer();
    const id = signer.webhookEndpointIdFor(playerId, key);
    const secret = signer.webhookSecretFor(id, key);
    const at = iso();
    const state = await change(
      playerId,
      (current) => {
        if (current.removed.includes(id)) throw keyReused();
        if (current.endpoints.some((e) => e.id === id)) return null;
        if (current.endpoints.length >= MAX_ENDPOINTS)
          throw new ApiProblem(
            'webhook/too-many-endpoints',
            `You have ${current.endpoints.length} webhook endpoints, the most there may be: remove one first.`,
          );
        const endpoint: StoredEndpoint = {
          id,
          url,
          events: body.events ? [...new Set(body.events)] : [...WEBHOOK_EVENT_TYPES],
          games: body.games ? [...new Set(body.games)] : null,
          description: body.description ?? '',
          enabled: true,
          disabledReason: null,
          createdAt: at,
          updatedAt: at,
          secrets: [{ secret, expiresAt: null }],
        };
        return { ...current, endpoints: [...current.endpoints, endpoint] };
      },
      { type: 'WebhookEndpointAdded', id },
    );
    const endpoint = state.endpoints.find((e) => e.id === id) as StoredEndpoint;
    return c.json({ endpoint: endpointView(endpoint, now()), secret }, 201);
  });

  openapi(app, listWebhookEndpoints, async (c) => {
    const { endpoints: list } = await endpoints.read(c.get('playerId'));
    return c.json({ endpoints: list.map((e) => endpointView(e, now())) }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });

  openapi(app, getWebhookEndpoint, async (c) => {
    const endpoint = await owned(c.get('playerId'), c.req.valid('param').endpointId);
    return c.json(endpointView(endpoint, now()), 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, updateWebhookEndpoint, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id } = c.req.valid('param');
    const body = c.req.valid('json');
    const url = body.url === undefined ? undefined : checkedUrl(deps, body.url);
    const state = await change(
      playerId,
      (current) => {
        const endpoint = current.endpoints.find((e) => e.id === id);
        if (!endpoint) throw notFound(id);
        const enabled = body.enabled ?? endpoint.enabled;
        return replace(current, {
          ...endpoint,
          ...(url !== undefined ? { url } : {}),
          ...(body.events ? { events: [...new Set(body.events)] as WebhookEventType[] } : {}),
          ...(body.games !== undefined ? { games: body.games ? [...new Set(body.games)] : null } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          enabled,
          disabledReason: enabled ? null : endpoint.disabledReason,
          updatedAt: iso(),
        });
      },
      { type: 'WebhookEndpointChanged', id },
    );
    return c.json(endpointView(state.endpoints.find((e) => e.id === id) as StoredEndpoint, now()), 200);
  });

  openapi(app, deleteWebhookEndpoint, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id } = c.req.valid('param');
    await change(
      playerId,
      (current) => {
        if (!current.endpoints.some((e) => e.id === id)) throw notFound(id);
        return { endpoints: current.endpoints.filter((e) => e.id !== id), removed: [...current.removed, id] };
      },
      { type: 'WebhookEndpointRemoved', id },
    );
    return c.body(null, 204);
  });

  openapi(app, rotateWebhookSecret, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'];
    const secret = (await deps.signer()).webhookSecretFor(id, key);
    const state = await change(
      playerId,
      (current) => {
        const endpoint = current.endpoints.find((e) => e.id === id);
        if (!endpoint) throw notFound(id);
        // A retry finds its secret already in place; a key used before for another rotation is refused.
        if (endpoint.secrets[0]?.secret === secret) return null;
        if (endpoint.secrets.some((s) => s.secret === secret)) throw keyReused();
        const previous = endpoint.secrets[0];
        const expiresAt = new Date(now() + ROTATION_OVERLAP_MS).toISOString();
        return replace(current, {
          ...endpoint,
          secrets: [{ secret, expiresAt: null }, ...(previous ? [{ secret: previous.secret, expiresAt }] : [])],
          updatedAt: iso(),
        });
      },
      { type: 'WebhookSecretRotated', id },
    );
    const endpoint = state.endpoints.find((e) => e.id === id) as StoredEndpoint;
    return c.json({ endpoint: endpointView(endpoint, now()), secret }, 200);
  });

  openapi(app, testWebhookEndpoint, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'];
    await owned(playerId, id);
    const at = iso();
    const message = 'A test from Chickenfoot: if its signature verifies, your endpoint is ready.';
    const { delivery } = await deps.store.putDelivery(
      {
        endpointId: id,
        playerId,
        messageId: messageId(`test:${key}`, id),
        type: TEST_EVENT,
        gameId: null,
        payload: messageBody(TEST_EVENT, at, { endpointId: id, message }),
        createdAt: at,
      },
      at,
    );
    deps.webhooks.notifier.written();
    return c.json(deliveryView(delivery), 202);
  });

  openapi(app, listWebhookDeliveries, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id } = c.req.valid('param');
    const { limit = 50, cursor } = c.req.valid('query');
    await owned(playerId, id);
    if (cursor !== undefined && !/^\d{1,16}$/.test(cursor)) throw badCursor();
    const page = await deps.store.listDeliveries(id, { limit, cursor: cursor ?? null });
    return c.json({ deliveries: page.deliveries.map(deliveryView), cursor: page.cursor }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });

  openapi(app, redeliverWebhook, async (c) => {
    const playerId = c.get('playerId');
    const { endpointId: id, deliveryId } = c.req.valid('param');
    await owned(playerId, id);
    const seq = seqOf(deliveryId);
    const delivery = seq === null ? null : await deps.store.requeueDelivery(id, seq, iso(), { once: true });
    if (!delivery) throw new ApiProblem('webhook/delivery-not-found', `Endpoint ${id} has no delivery ${deliveryId}.`);
    deps.webhooks.notifier.written();
    return c.json(deliveryView(delivery), 202);
  });
  return app;
}
