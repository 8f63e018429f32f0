import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { readCommitItem, WITHOUT_SNAPSHOT, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { checkId, checkVersion, itemKey, streamKey } from './keys';

/** Options of `readAfter`. */
export interface ReadAfterOptions {
  /** At most this many commits per page; without it a page is what fits DynamoDB's 1 MB. */
  limit?: number;
  /** Strongly consistent (the default) sees every acknowledged append; eventually consistent costs half. */
  consistent?: boolean;
  /** Also decode each commit's snapshot (default false: catch-up wants the events). */
  snapshots?: boolean;
}

/** One page of a catch-up read. */
export interface CommitPage<E = unknown> {
  commits: Commit<E>[];
  /** Pass as `after` for the next page; null when these commits reach the end of the stream. */
  next: number | null;
}

// WITHOUT_SNAPSHOT names the keys as #pk and #sk too, so key conditions read the same either way.
const querying = (withSnapshot: boolean) =>
  withSnapshot ? { ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' } } : WITHOUT_SNAPSHOT;

/** The newest commit, with its snapshot, in one strongly consistent Query; null for an empty stream. */
export async function readLatest<E>(
  dynamo: Dynamo,
  streamId: string,
  withSnapshot = true,
  consistent = true,
): Promise<Commit<E> | null> {
  checkId('streamId', streamId);
  const { Items } = await dynamo.query({
    ...querying(withSnapshot),
    KeyConditionExpression: '#pk = :pk AND #sk >= :first',
    ExpressionAttributeValues: { ':pk': streamKey(streamId), ':first': { N: '1' } },
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: consistent,
  });
  const item = Items?.[0];
  return item ? readCommitItem<E>(streamId, item, withSnapshot) : null;
}

/** Options of `readRecent`. */
export interface ReadRecentOptions {
  /** How many commits, at most (>= 1). */
  count: number;
  /** The newest version to read; the stream's newest when absent. */
  upTo?: number;
  /** Also decode each commit's snapshot (default true; false for a caller that wants the events only). */
  snapshots?: boolean;
}

/**
 * The newest `count` commits up to `upTo` (or the stream's newest), oldest first, with their
 * snapshots unless `snapshots: false`: one strongly consistent Query. For callers that store a snapshot every so many
 * commits and fold the few commits after the newest one.
 */
export async function readRecent<E>(
  dynamo: Dynamo,
  streamId: string,
  options: ReadRecentOptions,
): Promise<Commit<E>[]> {
  checkId('streamId', streamId);
  const { count, upTo, snapshots = true } = options;
  if (!Number.isSafeInteger(count) || count < 1) throw new TypeError(`count must be a whole number >= 1, got ${count}`);
  if (upTo !== undefined) checkVersion('upTo', upTo);
  if (upTo === 0) return [];
  const { Items = [] } = await dynamo.query({
    ...querying(snapshots),
    KeyConditionExpression:
      upTo === undefined ? '#pk = :pk AND #sk >= :first' : '#pk = :pk AND #sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': streamKey(streamId),
      ':first': { N: '1' },
      ...(upTo === undefined ? {} : { ':last': { N: String(upTo) } }),
    },
    ScanIndexForward: false,
    Limit: count,
    ConsistentRead: true,
  });
  return Items.map((item) => readCommitItem<E>(streamId, item, snapshots)).reverse();
}

/** The commit at `version`, strongly consistent; null when there is none. */
export async function readCommit<E>(
  dynamo: Dynamo,
  streamId: string,
  version: number,
  withSnapshot = true,
): Promise<Commit<E> | null> {
  checkId('streamId', streamId);
  checkVersion('version', version);
  const { Item } = await dynamo.get({
    Key: itemKey(streamId, version),
    ConsistentRead: true,
    ...(withSnapshot ? {} : WITHOUT_SNAPSHOT),
  });
  return Item ? readCommitItem<E>(streamId, Item, withSnapshot) : null;
}

/**
 * The commits after version `after`, oldest first, one Query per page. One commit more than the
 * limit is asked for, so `next` is null exactly when the stream has nothing more.
 */
export async function readAfter<E>(
  dynamo: Dynamo,
  streamId: string,
  after: number,
  options: ReadAfterOptions = {},
): Promise<CommitPage<E>> {
  checkId('streamId', streamId);
  checkVersion('after', after);
  const { limit, consistent = true, snapshots = false } = options;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
    throw new TypeError(`limit must be a whole number >= 1, got ${limit}`);
  const { Items = [], LastEvaluatedKey } = await dynamo.query({
    ...querying(snapshots),
    KeyConditionExpression: '#pk = :pk AND #sk > :after',
    ExpressionAttributeValues: { ':pk': streamKey(streamId), ':after': { N: String(after) } },
    ConsistentRead: consistent,
    ...(limit !== undefined ? { Limit: limit + 1 } : {}),
  });
  const items: Record<string, AttributeValue>[] = limit !== undefined ? Items.slice(0, limit) : Items;
  const commits = items.map((item) => readCommitItem<E>(streamId, item, snapshots));
  const more = Items.length > items.length || LastEvaluatedKey !== undefined;
  const last = commits[commits.length - 1];
  return { commits, next: more && last ? last.version : null };
}

/** The whole stream, following pages; empty for a stream with no commits. */
export async function readAll<E>(
  dynamo: Dynamo,
  streamId: string,
  options: Omit<ReadAfterOptions, 'limit'> = {},
): Promise<Commit<E>[]> {
  const commits: Commit<E>[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: CommitPage<E> = await readAfter<E>(dynamo, streamId, after, options);
    commits.push(...page.commits);
    after = page.next;
  }
  return commits;
}

/**
 * The commits from version `from` to `to` that pass `filter` (an extra FilterExpression over the
 * commit attributes, with its names and values), oldest first, with their snapshots: one
 * strongly consistent Query (more past 1 MB).
 */
export async function readCommitItemsBetween<E>(
  dynamo: Dynamo,
  streamId: string,
  from: number,
  to: number,
  filter: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): Promise<Commit<E>[]> {
  const commits: Commit<E>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.query({
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ...(filter.FilterExpression ? { FilterExpression: filter.FilterExpression } : {}),
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', ...filter.ExpressionAttributeNames },
      ExpressionAttributeValues: {
        ':pk': streamKey(streamId),
        ':from': { N: String(from) },
        ':to': { N: String(to) },
        ...filter.ExpressionAttributeValues,
      },
      ConsistentRead: true,
      ...(start ? { ExclusiveStartKey: start } : {}),
    });
    for (const item of page.Items ?? []) commits.push(readCommitItem<E>(streamId, item, true));
    start = page.LastEvaluatedKey;
  } while (start);
  return commits;
}
