import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Dynamo } from './dynamo';
import { checkId, checkVersion, itemKey } from './keys';
import { encodePayload } from './payload';

/** What a rewrite puts in place of a commit's events, and of its snapshot when it holds one. */
export interface Rewrite<E> {
  readonly events: readonly E[];
  /** The snapshot in place of the stored one: bytes or JSON, as `AppendMeta.snapshot`; absent: kept. */
  readonly snapshot?: unknown;
}

/**
 * Rewrites the events (and the snapshot) of the commit at `version` of a stream, in place: one
 * conditional UpdateItem that only an existing commit passes. For erasing what a person asked to be
 * erased (their name, on deleting their account), never for changing what happened: everything else
 * of the commit (its version, time, key, turn, due work) stays as it was. False when there is no
 * such commit.
 */
export async function rewriteCommit<E>(
  dynamo: Dynamo,
  streamId: string,
  version: number,
  rewrite: Rewrite<E>,
): Promise<boolean> {
  checkId('streamId', streamId);
  checkVersion('version', version);
  const names: Record<string, string> = { '#ev': 'ev' };
  const values: Record<string, AttributeValue> = {
    ':ev': encodePayload(rewrite.events),
  };
  let update = 'SET #ev = :ev';
  if (rewrite.snapshot instanceof Uint8Array) {
    // Bytes replace a snapshot of either kind: a JSON one left beside them would keep what was erased.
    names['#sb'] = 'sb';
    names['#sn'] = 'sn';
    values[':sb'] = { B: rewrite.snapshot };
    update += ', #sb = :sb REMOVE #sn';
  } else if (rewrite.snapshot !== undefined) {
    names['#sn'] = 'sn';
    values[':sn'] = encodePayload(rewrite.snapshot);
    update += ', #sn = :sn';
  }
  const done = await dynamo.updateIf({
    Key: itemKey(streamId, version),
    UpdateExpression: update,
    ConditionExpression: 'attribute_exists(#ev)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  return done !== null;
}
