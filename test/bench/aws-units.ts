/**
 * Capacity units on AWS terms, from the items themselves: dynalite reports table units only, and a
 * write to an item that an index holds costs that index's units too. The rules (DynamoDB developer
 * guide, "Item sizes and formats", "Global secondary indexes: provisioned throughput"):
 * - an item's size is the UTF-8 length of every attribute name plus its value: a string's UTF-8
 *   bytes, a binary's bytes, a number's 1 byte per 2 significant digits plus 1, 1 for a boolean or
 *   null, 3 plus 1 per element (plus the elements, and a map's names) for a list or map;
 * - a write costs 1 unit per started KB of the item (an update: the larger of before and after; a
 *   delete: the item deleted), at least 1;
 * - each index whose key attributes the item has gets a write of its projected entry (1 unit per
 *   started KB), or two (a delete and a put) when the item's index key changes; none when nothing it
 *   projects changed. An entry's size is taken as its projected attributes plus the table and index
 *   keys plus 100 bytes (the overhead AWS counts for index storage), which errs on the dear side;
 * - a strongly consistent read costs 1 unit per started 4 KB of what it reads (a Query: the sum of
 *   its items, rounded up once), an eventually consistent one half that, at least 0.5.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { IndexDefinition, TableDefinition } from '@chickenfoot/store/table';

/** An item as the SDK's low-level client spells it. */
export type Item = Record<string, AttributeValue>;

/** One write: the item before it (null: none) and after it (null: deleted). */
export interface ItemWrite {
  readonly before: Item | null;
  readonly after: Item | null;
}

/** Write units of one write: the table's, each index's, and their sum. */
export interface WriteUnits {
  table: number;
  indexes: Record<string, number>;
  total: number;
}

const KB = 1024;
/** Bytes AWS adds to each index entry (documented for index storage; assumed for index writes). */
export const INDEX_ENTRY_OVERHEAD = 100;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's stored size: 1 byte per two significant digits, plus 1. */
function numberBytes(text: string): number {
  const digits = text
    .replace(/^[-+]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** The stored size of one attribute value (without its name). */
export function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((s, x) => s + utf8(x), 0);
  if (value.NS !== undefined) return value.NS.reduce((s, x) => s + numberBytes(x), 0);
  if (value.BS !== undefined) return value.BS.reduce((s, x) => s + x.byteLength, 0);
  if (value.L !== undefined) return 3 + value.L.reduce((s, x) => s + 1 + valueBytes(x), 0);
  if (value.M !== undefined)
    return 3 + Object.entries(value.M).reduce((s, [name, x]) => s + 1 + utf8(name) + valueBytes(x), 0);
  throw new TypeError(`unknown attribute value ${JSON.stringify(value)}`);
}

/**
 * An item's size as DynamoDB counts it: attribute names and values.
 * @example itemBytes({ pk: { S: 'game#g1' }, sk: { N: '12' } }) // 2 + 7 + 2 + 2 = 13
 */
export function itemBytes(item: Item): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += utf8(name) + valueBytes(value);
  return bytes;
}

const units = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

/** The index's keys as they appear in an item (null: the item is not in the index). */
function indexKey(index: IndexDefinition, item: Item | null): string | null {
  const pk = item?.[index.partitionKey.name];
  const sk = item?.[index.sortKey.name];
  return pk && sk ? JSON.stringify([pk, sk]) : null;
}

/** What an index holds of an item: everything (ALL), or only the table's and the index's keys. */
function projected(index: IndexDefinition, table: TableDefinition, item: Item): Item {
  if (index.projection === 'ALL') return item;
  const names = [table.partitionKey, table.sortKey, index.partitionKey, index.sortKey].map((k) => k.name);
  return Object.fromEntries(names.flatMap((n) => (item[n] ? [[n, item[n]]] : [])));
}

const entryBytes = (index: IndexDefinition, table: TableDefinition, item: Item) =>
  itemBytes(projected(index, table, item)) + INDEX_ENTRY_OVERHEAD;

/** An index's write units for one write of an item (0 when the index holds it neither before nor after). */
function indexUnits(index: IndexDefinition, table: TableDefinition, { before, after }: ItemWrite): number {
  const was = indexKey(index, before);
  const is = indexKey(index, after);
  if (was === null && is === null) return 0;
  if (was === null) return units(entryBytes(index, table, after!));
  if (is === null) return units(entryBytes(index, table, before!));
  if (was !== is) return units(entryBytes(index, table, before!)) + units(entryBytes(index, table, after!));
  const old = projected(index, table, before!);
  const now = projected(index, table, after!);
  if (JSON.stringify(old) === JSON.stringify(now)) return 0;
  return units(Math.max(itemBytes(old), itemBytes(now)) + INDEX_ENTRY_OVERHEAD);
}

/**
 * The write units one write costs on AWS, table and indexes, from the item before and after it.
 * @example
 * writeUnits({ before: null, after: commitItem }, TABLE) // { table: 1, indexes: { byPlayer: 0 }, total: 1 }
 */
export function writeUnits(write: ItemWrite, table: TableDefinition): WriteUnits {
  const { before, after } = write;
  const bytes = Math.max(before && after ? itemBytes(before) : 0, after ? itemBytes(after) : itemBytes(before ?? {}));
  const tableUnits = units(bytes);
  const indexes: Record<string, number> = {};
  for (const index of [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes])
    indexes[index.indexName] = indexUnits(index, table, write);
  const total = tableUnits + Object.values(indexes).reduce((s, x) => s + x, 0);
  return { table: tableUnits, indexes, total };
}

/**
 * The read units of one read (a GetItem: its item; a Query: all the items it read) on AWS.
 * @example readUnits([commit1, commit2], true) // 1 while they sum to 4 KB or less
 */
export function readUnits(items: readonly Item[], consistent: boolean): number {
  const bytes = items.reduce((s, item) => s + itemBytes(item), 0);
  const whole = Math.max(1, Math.ceil(bytes / (4 * KB)));
  return consistent ? whole : whole / 2;
}
