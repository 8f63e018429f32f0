/**
 * The service worker: shows a push as a notification (title, who moved, the deadline) and opens its
 * game on a click, focusing a tab that shows it already; keeps the app shell (pages seen, the
 * content-hashed assets) so the site opens with the network cut, where the page says it is offline and
 * queues moves (client/offline-moves.ts). The API itself is never cached: a game is always read live.
 * Served at `/sw.js` (scope `/`) with the shell's asset URLs put before it (`self.SHELL`).
 */
import { notificationOf, type PushPayload } from './notification';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface ClickEvent extends ExtendableEvent {
  readonly notification: { close(): void; readonly data: { url: string } | null };
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly SHELL?: readonly string[];
  readonly location: Location;
  readonly registration: { showNotification(title: string, options: object): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
  openGame?: typeof openGame;
}

const worker = self as unknown as WorkerScope;
const SHELL = worker.SHELL ?? [];
const CACHE = `chickenfoot-${SHELL.join(',').length}-${SHELL.at(-1) ?? ''}`;
const ICON = SHELL.find((url) => url.endsWith('.png')) ?? '/favicon.ico';

/** Shows a push, and tells every open tab what it showed (a page may say so itself). */
async function show(push: PushPayload): Promise<void> {
  const shown = notificationOf(push, ICON);
  for (const client of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    client.postMessage({ type: 'push-shown', ...shown });
  // A browser that never granted the permission refuses: the tabs were told all the same.
  await worker.registration.showNotification(shown.title, shown.options).catch(() => undefined);
}

/** The windows a click may bring forward or open (the worker's `clients`; a test passes its own). */
type Windows = Pick<WorkerScope['clients'], 'matchAll' | 'openWindow'>;

/**
 * Opens `url` (a game's page) on a notification's click: the tab that shows it already, brought to the
 * front, or a new one.
 * @example await openGame('/games/g_…')
 */
export async function openGame(url: string, windows: Windows = worker.clients): Promise<WindowClient | null> {
  const target = new URL(url, worker.location.origin).href;
  const open = (await windows.matchAll({ type: 'window', includeUncontrolled: true })).find((w) => w.url === target);
  return open ? open.focus() : windows.openWindow(target);
}
// The tests call it: no protocol clicks a notification, and a click made by a script cannot open a window.
worker.openGame = openGame;

/** A page: from the network (kept for later), else as last kept, else the home page's shell. */
async function page(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(request, fresh.clone());
    return fresh;
  } catch {
    const kept = (await cache.match(request)) ?? (await cache.match('/'));
    return kept ?? new Response('You are offline.', { status: 503, headers: { 'Content-Type': 'text/plain' } });
  }
}

/** A content-hashed asset: kept for good once fetched. */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}

worker.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['/', ...SHELL]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event: ExtendableEvent) => {
  const old = caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))));
  event.waitUntil(old.then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

worker.addEventListener('push', (event: PushEvent) => {
  const push = event.data?.json() as PushPayload | undefined;
  if (push) event.waitUntil(show(push));
});

worker.addEventListener('notificationclick', (event: ClickEvent) => {
  event.notification.close();
  event.waitUntil(openGame(event.notification.data?.url ?? '/'));
});
