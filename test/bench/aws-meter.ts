/**
 * Counts what a span of work costs on AWS (see aws-units.ts), by watching a DynamoDB client: every
 * write is bracketed by strongly consistent GetItems of its key through a second client (the item
 * before and after it), every read's items are weighed whole (a projection does not make a read
 * cheaper). Only while `on`, and only for benches: it doubles the requests it watches.
 */
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableDefinition } from '@chickenfoot/store/table';
import { readUnits, writeUnits, type Item } from './aws-units';

/** What a span cost, on AWS terms. */
export interface AwsCost {
  requests: number;
  readUnits: number;
  /** Table and index write units together. */
  writeUnits: number;
  tableWriteUnits: number;
  indexWriteUnits: Record<string, number>;
  /** Every write, one line each: operation, table units, index units. */
  writes: string[];
}

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);
const READS = new Set(['QueryCommand', 'GetItemCommand']);

export const zeroCost = (): AwsCost => ({
  requests: 0,
  readUnits: 0,
  writeUnits: 0,
  tableWriteUnits: 0,
  indexWriteUnits: {},
  writes: [],
});

/**
 * Watches `client` (middleware at its front); `side` is another client of the same database, used
 * for the GetItems that weigh items. Call `reset()` before a span and read `cost` after it.
 * @example const meter = awsMeter(dynamo.client, side, TABLE); meter.on = true; ...; meter.cost.writeUnits
 */
export function awsMeter(client: DynamoDBClient, side: DynamoDBClient, table: TableDefinition) {
  const state = { on: false, cost: zeroCost() };
  const keyOf = (item: Item): Item => {
    const key: Item = {};
    for (const attr of [table.partitionKey.name, table.sortKey.name]) if (item[attr]) key[attr] = item[attr];
    return key;
  };
  const fetch = async (tableName: string, key: Item): Promise<Item | null> =>
    (await side.send(new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item ?? null;

  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      if (!state.on || (!WRITES.has(name) && !READS.has(name))) return next(args);
      const input = args.input as { TableName: string; Item?: Item; Key?: Item; ConsistentRead?: boolean };
      const cost = state.cost;
      cost.requests++;
      if (READS.has(name)) {
        const result = await next(args);
        const output = result.output as { Items?: Item[]; Item?: Item };
        const returned = output.Items ?? (output.Item ? [output.Item] : []);
        // Weigh the whole items: a ProjectionExpression changes what comes back, not what is read.
        const whole = await Promise.all(returned.map(async (i) => (await fetch(input.TableName, keyOf(i))) ?? i));
        cost.readUnits += readUnits(whole, input.ConsistentRead === true);
        return result;
      }
      const key = input.Key ?? keyOf(input.Item ?? {});
      const before = await fetch(input.TableName, key);
      const result = await next(args); // a failed condition throws: nothing is counted for it here
      const after = await fetch(input.TableName, key);
      const w = writeUnits({ before, after }, table);
      cost.writeUnits += w.total;
      cost.tableWriteUnits += w.table;
      for (const [index, u] of Object.entries(w.indexes))
        cost.indexWriteUnits[index] = (cost.indexWriteUnits[index] ?? 0) + u;
      const indexNote = Object.entries(w.indexes)
        .filter(([, u]) => u > 0)
        .map(([index, u]) => ` +${u} ${index}`)
        .join('');
      cost.writes.push(`${name.replace('Command', '')} ${key.pk?.S?.split('#')[0]}: ${w.table}${indexNote}`);
      return result;
    },
    { step: 'initialize', name: 'benchAwsMeter' },
  );

  return {
    get on() {
      return state.on;
    },
    set on(value: boolean) {
      state.on = value;
    },
    get cost(): AwsCost {
      return state.cost;
    },
    reset(): void {
      state.cost = zeroCost();
    },
  };
}
