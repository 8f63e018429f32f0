import dynalite from 'dynalite';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

/** What `dynalite()` takes. */
export type DynaliteOptions = NonNullable<Parameters<typeof dynalite>[0]>;

/** `require` as dynalite's own files resolve: its `./db`, its `level`. */
export const requireFromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));

/** dynalite's database module (dynalite/db/index.js), which its server calls `create` on. */
interface DynaliteDb {
  create(options: DynaliteOptions): { db: unknown };
  [OPENED]?: { last: unknown };
}

// On the module object (shared by everything in the process that loads this file, however often).
const OPENED = Symbol.for('chickenfoot.dynalite.opened');

/**
 * Wraps dynalite's `db.create` (once a process) so that it leaves the database it opened where
 * `openDynalite` can take it: dynalite's server keeps it in a closure and offers no option to pass one.
 */
function watchOpens(db: DynaliteDb): { last: unknown } {
  if (typeof db.create !== 'function') throw new Error('dynalite/db has no create(): dynalite changed');
  let opened = db[OPENED];
  if (!opened) {
    const slot = { last: undefined as unknown };
    const create = db.create;
    db.create = function (options) {
      const store = create.call(this, options);
      slot.last = store?.db;
      return store;
    };
    db[OPENED] = opened = slot;
  }
  return opened;
}

/**
 * Creates a dynalite server, as `dynalite(options)` does, and hands back the LevelDB database it
 * opened (an abstract-level instance: classic-level on disk, memory-level in memory), or null when
 * dynalite no longer opens it through `db.create` (an upgrade changed its insides: the caller that
 * needs the database then refuses to start; see synced-writes.ts). dynalite opens its database
 * once, in `create`, synchronously, so the one it opened during this call is the server's; it
 * opens a new one only if a closed server listens again, which startEmbeddedDynamo never does.
 * @example const { server, level } = openDynalite({ path: '.data/dynamo/dynalite', createTableMs: 0 });
 */
export function openDynalite(options: DynaliteOptions): { server: Server; level: unknown } {
  const opened = watchOpens(requireFromDynalite('./db') as DynaliteDb);
  opened.last = undefined;
  const server = dynalite(options);
  const level = opened.last ?? null;
  opened.last = undefined;
  return { server, level };
}
