import type { Store } from '@chickenfoot/store';
import { DeciderStream } from '../streams/decider-stream';
import { accountDecider, type AccountCommand, type AccountEvent, type AccountState } from './account-decider';
import type { PlayerRecord } from './record';

export type { PlayerRecord } from './record';

/** A player's record at a version of their stream (the `ETag` of `GET /v1/me`). */
export interface StoredPlayer {
  readonly record: PlayerRecord;
  readonly version: number;
}

/** What a command came to: the account after it, or (`replayed`) as a retry's first attempt left it. */
export interface Executed extends StoredPlayer {
  /** A retry of a command recorded before: the record is as it was then, not necessarily now. */
  readonly replayed: boolean;
  /** True when the command found nothing to change (the account already as it asks): nothing written. */
  readonly unchanged?: boolean;
}

/** How a command is applied: at the version the player decided on (or the newest), under their key. */
export interface AccountChangeOptions {
  /** The account's version the change was decided on (If-Match), or null for whatever it is now. */
  readonly expectedVersion: number | null;
  readonly key: string;
  /** Who asked what (see `commandHash`): tells a retry from the key reused for another request. */
  readonly commandHash: string;
  readonly at: Date;
}

/**
 * Players are small streams of their own (stream id = player id, "p_…", which never looks like a game
 * id "g_…"): `PlayerRegistered`, then each change of the account (a rename, a token issued or revoked,
 * a mute, the deletion), decided by `accountDecider` on a `DeciderStream`, each commit carrying the
 * record after it as its snapshot, so reading an account is one Query and never a fold.
 */
export class PlayerRepository {
  readonly #stream: DeciderStream<AccountCommand, AccountEvent, AccountState>;

  constructor(store: Store) {
    this.#stream = new DeciderStream(store, accountDecider, { called: 'Your account' });
  }

  /** A player's record and its version, or null (one strongly consistent Query). */
  async load(id: string): Promise<StoredPlayer | null> {
    const { state, version } = await this.#stream.read(id);
    return state ? { record: state, version } : null;
  }

  /**
   * Applies `command` to the account `id` as one commit: at `expectedVersion` (its If-Match; 0 for a
   * registration), or with null at whatever version it is, decided again when another change lands
   * first. A retry of a change recorded already (the same key and hash) answers with what it
   * recorded; a command the account already satisfies writes nothing. Throws `StaleVersionError`
   * when the account has moved on, a refusal of `accountDecider`, and `KeyReusedError` for a key
   * recorded with another request.
   * @example await players.execute(id, { type: 'rename', name }, { expectedVersion: 3, key, commandHash, at });
   */
  async execute(id: string, command: AccountCommand, options: AccountChangeOptions): Promise<Executed> {
    const { expectedVersion, key, commandHash, at } = options;
    const done = await this.#stream.handle(id, command, { at, by: id, key, commandHash, expectedVersion });
    if (!done.state) throw new TypeError(`${command.type} changed no account ${id}`);
    return {
      record: done.state,
      version: done.version,
      replayed: done.replayed,
      ...(done.commit ? {} : { unchanged: true }),
    };
  }
}
