/** An options bag of abstract-level's write calls. */
type Options = Record<string, unknown>;

/**
 * The write half of abstract-level's private API, the one a database implementation (classic-level
 * for LevelDB) provides and its public `put`, `del` and `batch` call after encoding (documented in
 * abstract-level's README, "Private API for implementors"). Every write reaches LevelDB through one
 * of these, with the options LevelDB reads `sync` from.
 */
interface LevelWrites {
  _put(key: unknown, value: unknown, options: Options): Promise<void>;
  _del(key: unknown, options: Options): Promise<void>;
  _batch(operations: unknown[], options: Options): Promise<void>;
  _chainedBatch(): { _write(options: Options): Promise<void> };
}

const METHODS = ['_put', '_del', '_batch', '_chainedBatch'] as const;

function isLevel(level: unknown): level is LevelWrites {
  return (
    typeof level === 'object' &&
    level !== null &&
    METHODS.every((name) => typeof (level as Record<string, unknown>)[name] === 'function')
  );
}

/**
 * Makes every write of one LevelDB database synced: its `sync` option set, so LevelDB returns only
 * once the write is on stable storage (fsync of its log). dynalite calls `put`, `del` and `batch`
 * with no options; they reach this database's `_put`, `_del`, `_batch` (or a chained batch's
 * `_write`), which are wrapped here to add `sync: true`. Concurrent synced writes are still grouped
 * by LevelDB into one log write and one fsync (its writer queue), so moves in flight together
 * share a flush. Throws, rather than run unsynced, when `level` is not such a database (a dynalite
 * upgrade that opens it elsewhere, see open-dynalite.ts). `clear()` is left as it is: LevelDB's
 * binding never syncs it, and dynalite does not use it (a probe in the tests would see it).
 * @example const { server, level } = openDynalite({ path }); syncEveryWrite(level);
 */
export function syncEveryWrite(level: unknown): void {
  if (!isLevel(level)) {
    throw new Error(
      'cannot make the embedded DynamoDB write synced: dynalite no longer opens its LevelDB where ' +
        'packages/store/src/embedded/open-dynalite.ts finds it (was dynalite upgraded?)',
    );
  }
  const { _put, _del, _batch, _chainedBatch } = level;
  level._put = function (key, value, options) {
    return _put.call(this, key, value, { ...options, sync: true });
  };
  level._del = function (key, options) {
    return _del.call(this, key, { ...options, sync: true });
  };
  level._batch = function (operations, options) {
    return _batch.call(this, operations, { ...options, sync: true });
  };
  level._chainedBatch = function () {
    const batch = _chainedBatch.call(this);
    const write = batch._write;
    batch._write = function (options) {
      return write.call(this, { ...options, sync: true });
    };
    return batch;
  };
}
