/**
 * Where a move's time goes, for bench:api: clocks around the layers a request crosses in this one
 * thread (the app's fetch, the event store's methods, the SDK client's send, the in-process handler
 * that hands requests to dynalite). Concurrent calls (an append's parallel writes) count once, as
 * the wall time during which at least one was running. The bench reads and resets them per move.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Store } from '@chickenfoot/store';

/** Wall time during which at least one call was running. */
class Clock {
  #active = 0;
  #since = 0;
  total = 0;

  async around<T>(call: () => Promise<T>): Promise<T> {
    if (this.#active++ === 0) this.#since = performance.now();
    try {
      return await call();
    } finally {
      if (--this.#active === 0) this.total += performance.now() - this.#since;
    }
  }
}

/** The layers, outermost first. */
export const LAYERS = ['app', 'store', 'sdk', 'dynalite'] as const;
export type Layer = (typeof LAYERS)[number];

/** The clocks of one bench run. */
export interface Stages {
  /** Wraps an app's fetch (for @hono/node-server's `serve`) in the app clock. */
  fetch<F extends (...args: never[]) => Response | Promise<Response>>(fetch: F): F;
  /** A store whose methods run in the store clock. */
  store(store: Store): Store;
  /** Time per layer since the last reset, in ms. */
  read(): Record<Layer, number>;
  reset(): void;
}

/**
 * Puts clocks around `client`'s send and its request handler (both patched on the instance).
 * @example const stages = stageClocks(dynamo.client); serve({ fetch: stages.fetch(app.fetch) });
 */
export function stageClocks(client: DynamoDBClient): Stages {
  const clocks = Object.fromEntries(LAYERS.map((l) => [l, new Clock()])) as Record<Layer, Clock>;
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  (client as { send: unknown }).send = (command: unknown) => clocks.sdk.around(() => send(command));
  const handler = client.config.requestHandler as unknown as { handle: (...args: unknown[]) => Promise<unknown> };
  const handle = handler.handle.bind(handler);
  handler.handle = (...args: unknown[]) => clocks.dynalite.around(() => handle(...args));
  return {
    fetch: (fetch) =>
      ((...args: Parameters<typeof fetch>) => clocks.app.around(async () => fetch(...args))) as typeof fetch,
    store: (store) => {
      // The store is its parts (streams, turns, lobby, …): each part's methods are timed, all async, so
      // the clock starts before their synchronous part. `streamsOf` hands out the timed streams.
      const timed = <T extends object>(part: T): T =>
        new Proxy(part, {
          get(target, name, receiver) {
            const value = Reflect.get(target, name, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => clocks.store.around(async () => value.apply(target, args));
          },
        });
      const parts = Object.fromEntries(
        Object.entries(store).map(([name, part]) => [name, typeof part === 'object' && part ? timed(part) : part]),
      ) as unknown as Store;
      return { ...parts, streamsOf: () => parts.streams } as Store;
    },
    read: () => Object.fromEntries(LAYERS.map((l) => [l, clocks[l].total])) as Record<Layer, number>,
    reset: () => {
      for (const clock of Object.values(clocks)) clock.total = 0;
    },
  };
}
