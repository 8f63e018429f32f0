import { decodeCursor, encodeCursor } from './cursor';
import { Dynamo, type StoreOptions } from './dynamo';
import { checkId, checkVersion, itemKey } from './keys';
import { decodePayload, encodePayload } from './payload';
import { BY_LOBBY } from './table';

/**
 * The lobby: open games waiting for players, on the sparse `byLobby` index. An open game has two
 * entries in its own partition, both carrying the same JSON: `-1000` in the `lobby` partition of the
 * index (every open game) and `-1001` in `lobby#<rulesKey>` (the games with the same rules), each
 * sorted by creation time. So "newest first" and "the oldest with these rules" are each one Query,
 * with no scan and no filter. A game that fills or is cancelled keeps its two items without the
 * index keys (tombstones, version-guarded like every projection): it drops out of the index, and a
 * late write of an older version can never bring it back. A seat taken changes what an entry shows
 * (its free seats), never where it is listed.
 */

/** What the lobby shows of an open game; extra JSON fields (its rules, free seats) are kept as given. */
export interface LobbyEntry {
  gameId: string;
  /** The game version this entry was written for. */
  version: number;
  /** Games with the same `rulesKey` match each other (the caller decides what it covers). */
  rulesKey: string;
  /**
   * ISO 8601: when the game was created; it orders the lobby. Given when the game is listed; left out
   * of a later write (a seat taken), which keeps the listing's own and changes only what it shows.
   */
  createdAt?: string;
  [field: string]: unknown;
}

/** A page of the lobby; `cursor` is null on the last page. */
export interface LobbyPage {
  entries: (LobbyEntry & { createdAt: string })[];
  cursor: string | null;
}

/** Options of a lobby listing. */
export interface LobbyOptions {
  /** The games with these rules only (see `LobbyEntry.rulesKey`); every open game without it. */
  rulesKey?: string;
  /** Oldest first (default: newest first). */
  oldestFirst?: boolean;
  limit?: number;
  cursor?: string;
}

const ALL = 'lobby';
const SKS = [-1000, -1001] as const;
const partitionOf = (sk: number, rulesKey: string) => (sk === SKS[0] ? ALL : `${ALL}#${rulesKey}`);

/**
 * Lists `gameId` in the lobby as `entry` as of `version`, or (null) takes it out: its two items in
 * parallel, each landing only over an older version (`repair`: or the same). An entry with
 * `createdAt` lists the game (PutItem); one without updates what a listed game shows (UpdateItem,
 * only while it is listed); null keeps the items without their index keys. True when both landed.
 */
export async function writeLobby(
  dynamo: Dynamo,
  gameId: string,
  version: number,
  entry: LobbyEntry | null,
  repair = false,
): Promise<boolean> {
  checkId('gameId', gameId);
  checkVersion('version', version);
  if (entry) checkId('rulesKey', entry.rulesKey);
  const createdAt = entry?.createdAt === undefined ? undefined : new Date(entry.createdAt);
  if (createdAt && Number.isNaN(createdAt.getTime())) throw new TypeError('createdAt must be an ISO 8601 time');
  const v = { N: String(version) };
  const newer = `#v ${repair ? '<=' : '<'} :v`;
  const names = { '#v': 'v' };
  const write = (sk: number) => {
    const Key = itemKey(gameId, sk);
    if (entry && createdAt) {
      const { createdAt: _, ...shown } = entry;
      const at = createdAt.toISOString();
      return dynamo.putIf({
        Item: {
          ...Key,
          v,
          hd: encodePayload(shown),
          ca: { S: at },
          lpk: { S: partitionOf(sk, entry.rulesKey) },
          lsk: { S: `${at}#${gameId}` },
        },
        ConditionExpression: `attribute_not_exists(#v) OR ${newer}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':v': v },
      });
    }
    if (entry) {
      return dynamo.updateIf({
        Key,
        UpdateExpression: 'SET #v = :v, #hd = :hd',
        ConditionExpression: `attribute_exists(#lsk) AND ${newer}`,
        ExpressionAttributeNames: { ...names, '#hd': 'hd', '#lsk': 'lsk' },
        ExpressionAttributeValues: { ':v': v, ':hd': encodePayload(entry) },
      });
    }
    return dynamo.updateIf({
      Key,
      UpdateExpression: 'SET #v = :v REMOVE #lpk, #lsk',
      ConditionExpression: `attribute_not_exists(#v) OR ${newer}`,
      ExpressionAttributeNames: { ...names, '#lpk': 'lpk', '#lsk': 'lsk' },
      ExpressionAttributeValues: { ':v': v },
    });
  };
  const done = await Promise.all(SKS.map(write));
  return done.every((d) => d !== null);
}

/** One page of the lobby: every open game, or those with one rules key; newest first unless asked. One Query. */
export async function listLobby(dynamo: Dynamo, options: LobbyOptions = {}): Promise<LobbyPage> {
  const { rulesKey, oldestFirst = false, limit, cursor } = options;
  if (rulesKey !== undefined) checkId('rulesKey', rulesKey);
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
    throw new TypeError(`limit must be a whole number >= 1, got ${limit}`);
  const { Items = [], LastEvaluatedKey } = await dynamo.query({
    IndexName: BY_LOBBY,
    KeyConditionExpression: '#lpk = :lpk',
    ExpressionAttributeNames: { '#lpk': 'lpk' },
    ExpressionAttributeValues: { ':lpk': { S: rulesKey === undefined ? ALL : `${ALL}#${rulesKey}` } },
    ScanIndexForward: oldestFirst,
    ...(limit !== undefined ? { Limit: limit } : {}),
    ...(cursor !== undefined ? { ExclusiveStartKey: decodeCursor(cursor, 'listLobby') } : {}),
  });
  return {
    entries: Items.map((item) => ({ ...(decodePayload(item.hd) as LobbyEntry), createdAt: item.ca?.S ?? '' })),
    cursor: LastEvaluatedKey ? encodeCursor(LastEvaluatedKey) : null,
  };
}

/** The lobby: the open games, as a part of the store (see the top of this file). */
export class Lobby {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Lists an open game in the lobby as `entry` as of `version`, or with null takes it out (a game
   * that filled or was cancelled): its two `byLobby` entries, version-guarded (`repair` also writes
   * over the same version). False when a newer write was there.
   * @example await lobby.write('g1', 1, { gameId: 'g1', version: 1, rulesKey: 'k', createdAt, seats: 4 });
   */
  write(gameId: string, version: number, entry: LobbyEntry | null, options: { repair?: boolean } = {}) {
    return writeLobby(this.#dynamo, gameId, version, entry, options.repair);
  }

  /**
   * One page of the lobby (one Query of `byLobby`, eventually consistent): every open game newest
   * first, or with `rulesKey` those with the same rules (`oldestFirst` for quick match).
   * @example const { entries } = await lobby.list({ rulesKey, oldestFirst: true, limit: 5 });
   */
  list(options?: LobbyOptions): Promise<LobbyPage> {
    return listLobby(this.#dynamo, options);
  }
}
