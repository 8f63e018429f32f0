// dynalite ships no types; this is the part of its API the embedded server uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** A LevelDB folder; in memory without it. */
    path?: string;
    /** How long a new table stays CREATING (default 500 ms). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}
