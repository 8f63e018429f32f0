import createClient from 'openapi-fetch';
import type { components, paths } from '../api/api-types';

/** An event a device can be told of. */
export type EventType = components['schemas']['PushEventType'];

const KEPT = 'chickenfoot.push-subscription';

const base64url = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * This browser's push subscription as the API knows it: turned on (the permission asked, the browser
 * subscribed with the server's key, registered), its events changed, a test sent, turned off. Each
 * answers with the sentence the panel shows.
 */
export class PushDevice {
  private readonly api;

  constructor(token: string) {
    this.api = createClient<paths>({ baseUrl: location.origin, headers: { authorization: `Bearer ${token}` } });
  }

  /** The id of this browser's subscription, when it is on. */
  get id(): string | null {
    return localStorage.getItem(KEPT);
  }

  /** Asks for the permission (call it from a click: never on load), subscribes and registers. */
  async turnOn(events: EventType[]): Promise<{ on: boolean; say: string }> {
    if ((await Notification.requestPermission()) !== 'granted')
      return {
        on: false,
        say: 'Your browser refused: allow notifications for this site in its settings, then try again.',
      };
    return this.register(events);
  }

  /**
   * On a visit with notifications on (and the permission given before: nothing is asked), registers
   * again with the server's current key, subscribing anew when the keys were rotated (see the README).
   */
  async refresh(): Promise<void> {
    if (this.id === null || Notification.permission !== 'granted') return;
    const { data } = await this.api.GET('/v1/me/push-subscriptions');
    const mine = data?.subscriptions.find((s) => s.id === this.id);
    // Removed meanwhile (by its owner elsewhere, a token revoked, its push service): off here too.
    if (!mine) return void (data && localStorage.removeItem(KEPT));
    await this.register(mine.events);
  }

  private async register(events: EventType[]): Promise<{ on: boolean; say: string }> {
    try {
      const { data: key } = await this.api.GET('/v1/push/key');
      if (!key) throw new Error('no key');
      const registration = await navigator.serviceWorker.ready;
      const applicationServerKey = base64url(key.publicKey);
      const current = await registration.pushManager.getSubscription();
      const held = current?.options.applicationServerKey;
      const same = held ? new Uint8Array(held).every((b, i) => b === applicationServerKey[i]) : false;
      if (current && !same) await current.unsubscribe();
      const subscription =
        current && same
          ? current
          : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const label = navigator.userAgent.includes('Mobile') ? 'A phone' : 'A computer';
      const { data } = await this.api.POST('/v1/me/push-subscriptions', { body: { endpoint, keys, label, events } });
      if (!data) throw new Error('refused');
      localStorage.setItem(KEPT, data.id);
      return { on: true, say: 'This device will be told when it is your turn.' };
    } catch {
      return { on: false, say: 'This browser could not subscribe (its push service refused, or cannot be reached).' };
    }
  }

  /** Changes what this device is told of. */
  async choose(events: EventType[]): Promise<void> {
    const id = this.id;
    if (id)
      await this.api.PATCH('/v1/me/push-subscriptions/{subscriptionId}', {
        params: { path: { subscriptionId: id } },
        body: { events },
      });
  }

  /** Asks for a test notification on this device. */
  async test(): Promise<string> {
    const id = this.id;
    if (!id) return 'Turn notifications on first.';
    const { response } = await this.api.POST('/v1/me/push-subscriptions/{subscriptionId}/test', {
      params: { path: { subscriptionId: id } },
    });
    return response.ok ? 'A test notification is on its way.' : 'The test could not be sent.';
  }

  /** Stops notifications here: removed from the API, the browser unsubscribed. */
  async turnOff(): Promise<string> {
    const id = this.id;
    localStorage.removeItem(KEPT);
    if (id)
      await this.api.DELETE('/v1/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId: id } } });
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
    return 'Notifications are off on this device.';
  }
}
