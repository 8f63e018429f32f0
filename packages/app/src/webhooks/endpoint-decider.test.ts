import { describe, expect, it } from 'vitest';
import { given } from '../streams/decider';
import {
  endpointDecider as endpoints,
  MAX_ENDPOINTS,
  type EndpointCommand,
  type EndpointEvent,
  type StoredEndpoint,
} from './endpoint-decider';
import { WEBHOOK_EVENT_TYPES } from './event-types';

const AT = '2026-12-01T12:00:00.000Z';
const LATER = '2026-12-02T08:00:00.000Z';
const URL = 'https://hooks.example.com/in';

const endpoint = (id: string, more: Partial<StoredEndpoint> = {}): StoredEndpoint => ({
  id,
  url: URL,
  events: [...WEBHOOK_EVENT_TYPES],
  games: null,
  description: '',
  enabled: true,
  disabledReason: null,
  createdAt: AT,
  updatedAt: AT,
  secrets: [{ secret: `whsec_${id}`, expiresAt: null }],
  ...more,
});
const added = (id: string, more: Partial<StoredEndpoint> = {}): EndpointEvent => ({
  type: 'WebhookEndpointAdded',
  id,
  endpoint: endpoint(id, more),
});
const add = (id: string, more: Partial<Extract<EndpointCommand, { type: 'add' }>> = {}): EndpointCommand => ({
  type: 'add',
  id,
  secret: `whsec_${id}`,
  url: URL,
  at: AT,
  ...more,
});

describe('a player’s webhook endpoints, given/when/then', () => {
  it('adds an endpoint: every notification and every game unless asked, each named once', () => {
    expect(given(endpoints, []).when(add('we_1'))).toEqual([added('we_1')]);
    const asked = add('we_1', { events: ['turn.started', 'turn.started'], games: ['g_1', 'g_1'], description: 'bot' });
    expect(given(endpoints, []).when(asked)).toEqual([
      added('we_1', { events: ['turn.started'], games: ['g_1'], description: 'bot' }),
    ]);
  });

  it('adds nothing for a retry (the endpoint is there), and refuses the key of an endpoint removed since', () => {
    expect(given(endpoints, [added('we_1')]).when(add('we_1'))).toEqual([]);
    const removed: EndpointEvent = { type: 'WebhookEndpointRemoved', id: 'we_1' };
    expect(given(endpoints, [added('we_1'), removed]).when(add('we_1'))).toMatchObject({ kind: 'key-reused' });
  });

  it('refuses the key of an endpoint made with another body (issue 28: it answered 201 with the first one)', () => {
    const made = [added('we_1', { events: ['turn.started'], description: 'bot' })];
    expect(given(endpoints, made).when(add('we_1', { events: ['turn.started'], description: 'bot' }))).toEqual([]);
    for (const other of [
      add('we_1', { url: 'https://elsewhere.example.com/in', events: ['turn.started'], description: 'bot' }),
      add('we_1', { events: ['game.started'], description: 'bot' }),
      add('we_1', { events: ['turn.started'], description: 'another' }),
      add('we_1', { events: ['turn.started'], description: 'bot', games: ['g_1'] }),
    ])
      expect(given(endpoints, made).when(other)).toMatchObject({ kind: 'key-reused' });
  });

  it('refuses an endpoint past the most a player may have', () => {
    const full = Array.from({ length: MAX_ENDPOINTS }, (_, i) => added(`we_${i}`));
    expect(given(endpoints, full).when(add('we_new'))).toMatchObject({
      kind: 'refused',
      code: 'webhook/too-many-endpoints',
    });
  });

  it('changes what it is asked to, and turning an endpoint on clears why the server turned it off', () => {
    const gone: EndpointEvent = { type: 'WebhookEndpointDisabled', id: 'we_1', reason: 'gone', at: AT };
    const decision = given(endpoints, [added('we_1'), gone]).when({
      type: 'change',
      id: 'we_1',
      changes: { enabled: true, events: ['hand.ended', 'hand.ended'], games: null },
      at: LATER,
    });
    expect(decision).toEqual([
      {
        type: 'WebhookEndpointChanged',
        id: 'we_1',
        changes: { enabled: true, events: ['hand.ended'], games: null },
        at: LATER,
      },
    ]);
    const { state } = given(endpoints, [added('we_1'), gone, ...(decision as EndpointEvent[])]);
    expect(state.endpoints[0]).toEqual(
      endpoint('we_1', { events: ['hand.ended'], enabled: true, disabledReason: null, updatedAt: LATER }),
    );
  });

  it('does not find an endpoint that is not the player’s for a change, a removal or a rotation', () => {
    const commands: EndpointCommand[] = [
      { type: 'change', id: 'we_x', changes: { enabled: false }, at: AT },
      { type: 'remove', id: 'we_x' },
      { type: 'rotate', id: 'we_x', secret: 'whsec_new', at: AT },
    ];
    for (const command of commands)
      expect(given(endpoints, [added('we_1')]).when(command)).toMatchObject({
        kind: 'not-found',
        code: 'webhook/not-found',
      });
  });

  it('rotates the secret: the previous one signs for a day more; a retry does nothing; an older key is refused', () => {
    const rotate = (secret: string): EndpointCommand => ({ type: 'rotate', id: 'we_1', secret, at: LATER });
    const rotated = given(endpoints, [added('we_1')]).when(rotate('whsec_2'));
    const expiresAt = '2026-12-03T08:00:00.000Z';
    expect(rotated).toEqual([
      { type: 'WebhookSecretRotated', id: 'we_1', secret: 'whsec_2', previousExpiresAt: expiresAt, at: LATER },
    ]);
    const history = [added('we_1'), ...(rotated as EndpointEvent[])];
    expect(given(endpoints, history).state.endpoints[0]?.secrets).toEqual([
      { secret: 'whsec_2', expiresAt: null },
      { secret: 'whsec_we_1', expiresAt },
    ]);
    expect(given(endpoints, history).when(rotate('whsec_2'))).toEqual([]);
    expect(given(endpoints, history).when(rotate('whsec_we_1'))).toMatchObject({ kind: 'key-reused' });
  });

  it('is turned off by the server once (a receiver answered 410), and not for one off or gone already', () => {
    const disable: EndpointCommand = { type: 'disable', id: 'we_1', reason: 'gone', at: LATER };
    const off: EndpointEvent = { type: 'WebhookEndpointDisabled', id: 'we_1', reason: 'gone', at: LATER };
    expect(given(endpoints, [added('we_1')]).when(disable)).toEqual([off]);
    expect(given(endpoints, [added('we_1'), off]).when(disable)).toEqual([]);
    expect(given(endpoints, []).when(disable)).toEqual([]);
    expect(given(endpoints, [added('we_1'), off]).state.endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
      updatedAt: LATER,
    });
  });

  it('removes an endpoint, remembering the newest 100 removed ids', () => {
    expect(given(endpoints, [added('we_1')]).when({ type: 'remove', id: 'we_1' })).toEqual([
      { type: 'WebhookEndpointRemoved', id: 'we_1' },
    ]);
    const churn = Array.from({ length: 101 }, (_, i): EndpointEvent[] => [
      added(`we_${i}`),
      { type: 'WebhookEndpointRemoved', id: `we_${i}` },
    ]).flat();
    const { state } = given(endpoints, churn);
    expect([state.endpoints, state.removed.length, state.removed[0]]).toEqual([[], 100, 'we_1']);
  });
});
