import { dueAttributes, type DueAt } from './due-at';
import { Dynamo, type StoreOptions } from './dynamo';
import { checkId, checkVersion, itemKey } from './keys';

/**
 * A game's stale check: one item in its partition (sort key -1002) that is in the due index while
 * the game waits for players, due when it will have waited too long with nothing happening. Each
 * commit of a waiting game writes it again, due later; the commit that starts or cancels the game
 * writes it without the index keys (a tombstone, so a late write of an older version cannot bring
 * it back). What is done when it falls due (closing the game) is the caller's sweeper's kind of work.
 */
export const STALE_CHECK_SK = -1002;

/**
 * A game's unfinished bot moves: one item in its partition (sort key -1003) that is in the due index
 * while a chain of bot moves stopped at a bound (its commits, its time, its player's budget) with
 * bots still to move, so due work carries it on rather than whoever reads the game next.
 */
export const BOT_WORK_SK = -1003;

/**
 * Writes one of `gameId`'s own due items (at sort key `sk`: its stale check, its bot work) as of
 * `version`: due at `due`, or (null) out of the due index. One PutItem, landing only over an older
 * version (`repair`: or the same). True when it landed.
 */
export async function writeGameDue(
  dynamo: Dynamo,
  gameId: string,
  sk: number,
  version: number,
  due: DueAt | null,
  repair = false,
): Promise<boolean> {
  checkId('gameId', gameId);
  checkVersion('version', version);
  const written = await dynamo.putIf({
    Item: { ...itemKey(gameId, sk), v: { N: String(version) }, ...(due ? dueAttributes(gameId, due) : {}) },
    ConditionExpression: `attribute_not_exists(#v) OR #v ${repair ? '<=' : '<'} :v`,
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':v': { N: String(version) } },
  });
  return written !== null;
}

/** The waiting games' stale checks in the due index, as a part of the store. */
export class StaleChecks {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Puts a waiting game's stale check in the due index, due at `due` (kind and time), as of `version`,
   * or (null) takes it out: one PutItem, version-guarded. The sweeper finds it when it falls due.
   * @example await staleChecks.write('g1', 3, { at: inAWeek, kind: 'close-stale' });
   */
  write(gameId: string, version: number, due: DueAt | null, options: { repair?: boolean } = {}) {
    return writeGameDue(this.#dynamo, gameId, STALE_CHECK_SK, version, due, options.repair);
  }
}

/** The games in play whose bot moves are unfinished, in the due index, as a part of the store. */
export class BotWork {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Puts a game's unfinished bot moves in the due index, due at `due`, as of `version` (the game's
   * version when the chain stopped), or (null) takes them out: one PutItem, version-guarded.
   * @example await botWork.write('g1', 42, { at: now, kind: 'bots' });
   */
  write(gameId: string, version: number, due: DueAt | null) {
    return writeGameDue(this.#dynamo, gameId, BOT_WORK_SK, version, due, true);
  }
}
