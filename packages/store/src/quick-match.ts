import { createHash } from 'node:crypto';
import { Dynamo, type StoreOptions } from './dynamo';
import { checkId } from './keys';

/**
 * Where one player's quick match (one idempotency key) went: a receipt, so that a retry with the same
 * key goes to the same game, even when the lobby has changed since. The game is chosen, then claimed
 * here, then joined (or created); a concurrent retry that loses the claim follows the winner's choice.
 * The receipt can move on (`previous`) when the game it named filled before the join landed.
 */
export interface QuickMatchReceipt {
  readonly gameId: string;
  /** True when the quick match created the game (no open game had these rules). */
  readonly created: boolean;
}

const keyOf = (playerId: string, key: string) => ({
  pk: { S: `quick#${playerId}#${createHash('sha256').update(key).digest('base64url').slice(0, 22)}` },
  sk: { N: '0' },
});

/** The receipt of a player's quick match under `key`, or null (one strongly consistent GetItem). */
export async function readQuickMatch(dynamo: Dynamo, playerId: string, key: string): Promise<QuickMatchReceipt | null> {
  checkId('playerId', playerId);
  checkId('key', key);
  const { Item } = await dynamo.get({ Key: keyOf(playerId, key), ConsistentRead: true });
  return Item?.gid?.S ? { gameId: Item.gid.S, created: Item.cr?.BOOL === true } : null;
}

/**
 * Claims `receipt` for a player's quick match under `key`: one conditional PutItem, landing only when
 * there is no receipt yet (`previous` null) or it still names `previous`. False when another attempt
 * with the same key claimed first: read the receipt and follow it.
 */
export async function claimQuickMatch(
  dynamo: Dynamo,
  playerId: string,
  key: string,
  receipt: QuickMatchReceipt,
  previous: string | null,
): Promise<boolean> {
  checkId('gameId', receipt.gameId);
  const written = await dynamo.putIf({
    Item: { ...keyOf(playerId, key), gid: { S: receipt.gameId }, cr: { BOOL: receipt.created } },
    ConditionExpression: previous === null ? 'attribute_not_exists(#gid)' : '#gid = :previous',
    ExpressionAttributeNames: { '#gid': 'gid' },
    ...(previous === null ? {} : { ExpressionAttributeValues: { ':previous': { S: previous } } }),
  });
  return written !== null;
}

/** Quick match's receipts: where each player's quick match under a key went, as a part of the store. */
export class QuickMatches {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /** Where a player's quick match under `key` went, or null: one GetItem. */
  read(playerId: string, key: string): Promise<QuickMatchReceipt | null> {
    return readQuickMatch(this.#dynamo, playerId, key);
  }

  /**
   * Claims the game a player's quick match under `key` goes to: only when no attempt claimed one yet
   * (`previous` null) or the claim still names `previous`. False when another attempt claimed first.
   * @example if (!(await quickMatches.claim(playerId, key, { gameId, created: false }, null))) follow(await quickMatches.read(playerId, key));
   */
  claim(playerId: string, key: string, receipt: QuickMatchReceipt, previous: string | null): Promise<boolean> {
    return claimQuickMatch(this.#dynamo, playerId, key, receipt, previous);
  }
}
