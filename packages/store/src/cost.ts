import { AsyncLocalStorage } from 'node:async_hooks';

/** What DynamoDB work something took: requests sent (retries included) and capacity units consumed. */
export interface Cost {
  requests: number;
  readUnits: number;
  writeUnits: number;
}

/** A meter's totals, and the same split by DynamoDB operation (`PutItem`, `Query`, ...). */
export interface CostReport extends Cost {
  byOperation: Record<string, Cost>;
}

const zero = (): Cost => ({ requests: 0, readUnits: 0, writeUnits: 0 });

function add(into: Cost, cost: Cost): void {
  into.requests += cost.requests;
  into.readUnits += cost.readUnits;
  into.writeUnits += cost.writeUnits;
}

/**
 * Adds up the cost of every store request it is given. Pass one to `openStore({ meter })` to
 * count everything a store does, or use `measureCost` for one span of work.
 * Units are what DynamoDB reports (ReturnConsumedCapacity); a failed conditional write reports none.
 * @example
 * const meter = new CostMeter();
 * const store = openStore({ client, tableName, meter });
 * await store.streams.append('g1', 0, [event], {});
 * meter.snapshot(); // { requests: 1, readUnits: 0, writeUnits: 1, byOperation: { PutItem: ... } }
 */
export class CostMeter {
  #total = zero();
  #byOperation = new Map<string, Cost>();

  /** Adds one operation's cost. */
  record(operation: string, cost: Cost): void {
    add(this.#total, cost);
    let entry = this.#byOperation.get(operation);
    if (!entry) this.#byOperation.set(operation, (entry = zero()));
    add(entry, cost);
  }

  /** A copy of the totals so far. */
  snapshot(): CostReport {
    return { ...this.#total, byOperation: Object.fromEntries([...this.#byOperation].map(([op, c]) => [op, { ...c }])) };
  }

  /** Starts again from zero. */
  reset(): void {
    this.#total = zero();
    this.#byOperation.clear();
  }
}

// Open spans follow the async call chain, so concurrent measurements never count each other's requests.
const spans = new AsyncLocalStorage<readonly CostMeter[]>();

/**
 * Runs `fn` and reports the DynamoDB cost of every store request made inside it (and only those,
 * even with other work running concurrently). Spans nest.
 * @example
 * const { result, cost } = await measureCost(() => store.streams.append('g1', 4, events, meta));
 * console.log(cost.requests, cost.writeUnits);
 */
export async function measureCost<T>(fn: () => Promise<T>): Promise<{ result: T; cost: CostReport }> {
  const meter = new CostMeter();
  const result = await spans.run([...(spans.getStore() ?? []), meter], fn);
  return { result, cost: meter.snapshot() };
}

/** Records one request's cost in the given meter (if any) and in every open span. */
export function recordCost(operation: string, cost: Cost, meter: CostMeter | undefined): void {
  meter?.record(operation, cost);
  for (const span of spans.getStore() ?? []) span.record(operation, cost);
}
