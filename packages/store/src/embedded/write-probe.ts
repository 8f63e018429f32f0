import { createRequire } from 'node:module';
import { requireFromDynalite } from './open-dynalite';

/** One write that reached LevelDB's native binding (classic-level's), as a probe saw it. */
export interface LevelWrite {
  /** `put`, `del`, `batch` (an array of operations), `write` (a chained batch) or `clear` (a range). */
  readonly kind: 'put' | 'del' | 'batch' | 'write' | 'clear';
  /** LevelDB was asked to put it on stable storage before answering (its `sync` option). */
  readonly sync: boolean;
  /** When it was handed to LevelDB, on the probes' clock (see `LevelWriteProbe.tick`). */
  readonly issuedAt: number;
  /** When LevelDB's answer reached JavaScript, on the same clock; null until then. */
  settledAt: number | null;
  /** LevelDB answered with an error. */
  failed: boolean;
}

/** What `probeLevelWrites` hands back. */
export interface LevelWriteProbe {
  /** Every write since the probe started, in order (empty unless started with `keep`). */
  readonly writes: readonly LevelWrite[];
  /** How many writes were issued synced, and not, since the probe started. */
  readonly counts: { readonly synced: number; readonly unsynced: number };
  /** The next instant of the probes' clock, for marking an event of one's own between writes. */
  tick(): number;
  /** Stops seeing writes (the binding is restored once no probe is left). */
  stop(): void;
}

type NativeFn = (...args: unknown[]) => unknown;
type Binding = Record<string, NativeFn>;

// The binding's write functions, with where each takes its options: db_put(context, key, value,
// options), db_del(context, key, options), batch_do(context, operations, options),
// batch_write(context, options), db_clear(context, options, snapshot) (never synced by LevelDB).
const WRITES: Record<string, [LevelWrite['kind'], number]> = {
  db_put: ['put', 3],
  db_del: ['del', 2],
  batch_do: ['batch', 2],
  batch_write: ['write', 1],
  db_clear: ['clear', 1],
};

interface Tap {
  clock: number;
  listeners: Set<(write: LevelWrite) => void>;
  originals: Binding;
}
// On the binding object: one tap a process, however often this file is loaded (vitest reloads it).
const TAP = Symbol.for('chickenfoot.leveldb.write-tap');

/** classic-level's native binding, the one dynalite's LevelDB calls: resolved as dynalite resolves it. */
function levelBinding(): Binding & { [TAP]?: Tap } {
  return createRequire(requireFromDynalite.resolve('level'))('classic-level/binding.js') as Binding;
}

function tapOf(binding: Binding & { [TAP]?: Tap }): Tap {
  const existing = binding[TAP];
  if (existing) return existing;
  const tap: Tap = { clock: 0, listeners: new Set(), originals: {} };
  for (const [name, [kind, at]] of Object.entries(WRITES)) {
    const original = binding[name];
    if (typeof original !== 'function') throw new Error(`classic-level's binding has no ${name}: it changed`);
    tap.originals[name] = original;
    binding[name] = function (this: unknown, ...args: unknown[]) {
      const options = args[at] as { sync?: unknown } | undefined;
      const write: LevelWrite = {
        kind,
        sync: kind !== 'clear' && options?.sync === true,
        issuedAt: tap.clock++,
        settledAt: null,
        failed: false,
      };
      for (const listener of tap.listeners) listener(write);
      const result = original.apply(this, args);
      // Attached before LevelDB's caller awaits the promise, so it runs before that caller resumes.
      void Promise.resolve(result).then(
        () => void (write.settledAt = tap.clock++),
        () => void Object.assign(write, { settledAt: tap.clock++, failed: true }),
      );
      return result;
    };
  }
  binding[TAP] = tap;
  return tap;
}

function untap(binding: Binding & { [TAP]?: Tap }, tap: Tap): void {
  if (tap.listeners.size > 0 || binding[TAP] !== tap) return;
  Object.assign(binding, tap.originals);
  delete binding[TAP];
}

/**
 * Watches every write this process makes to LevelDB on disk (classic-level's native binding, below
 * dynalite, abstract-level and anything this package wraps around them) and whether it was asked to
 * be synced. For tests (did an acknowledged command's writes reach the disk before its reply?) and
 * benches (flushes per move); the server itself never starts one. In-memory dynalite makes no such
 * writes. It sees the writes of every LevelDB database in the process, whoever started it.
 * @example
 * const probe = probeLevelWrites({ keep: true });
 * await store.append('g', 0, [{ hello: 'disk' }]);
 * probe.stop(); // probe.writes: [{ kind: 'put', sync: true, issuedAt: 0, settledAt: 1, failed: false }]
 */
export function probeLevelWrites(options: { keep?: boolean } = {}): LevelWriteProbe {
  const binding = levelBinding();
  const tap = tapOf(binding);
  const writes: LevelWrite[] = [];
  const counts = { synced: 0, unsynced: 0 };
  const listener = (write: LevelWrite) => {
    if (write.sync) counts.synced++;
    else counts.unsynced++;
    if (options.keep) writes.push(write);
  };
  tap.listeners.add(listener);
  return {
    writes,
    counts,
    tick: () => tap.clock++,
    stop() {
      tap.listeners.delete(listener);
      untap(binding, tap);
    },
  };
}
