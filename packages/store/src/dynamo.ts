import {
  DeleteItemCommand,
  type DeleteItemCommandInput,
  type DeleteItemCommandOutput,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type ConsumedCapacity,
  type DynamoDBClient,
  type GetItemCommandInput,
  type GetItemCommandOutput,
  type PutItemCommandInput,
  type PutItemCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  UpdateItemCommand,
  type UpdateItemCommandInput,
  type UpdateItemCommandOutput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordCost, type CostMeter } from './cost';
import { isConditionFailed, translateError } from './translate-error';

/** Either client works: the store sends only low-level commands, which a document client passes through. */
export type StoreClient = DynamoDBClient | DynamoDBDocumentClient;

/** Where the store's streams and indexes live. Configuration arrives here; the store reads no environment. */
export interface StoreOptions {
  /** A `DynamoDBClient` (see `createDynamoClient`) or a `DynamoDBDocumentClient`. */
  readonly client: StoreClient;
  readonly tableName: string;
  /** Counts every request made through these options, with the capacity DynamoDB reports for it. */
  readonly meter?: CostMeter | undefined;
}

type WithoutTable<T> = Omit<T, 'TableName' | 'ReturnConsumedCapacity'>;

interface Sender {
  send(command: object): Promise<unknown>;
}

interface Metadata {
  $metadata?: { attempts?: number };
  ConsumedCapacity?: ConsumedCapacity;
}

/**
 * The five DynamoDB calls the store makes, bound to one table. Every call asks for its consumed
 * capacity and reports it; every failure leaves as a `StoreError`, except a failed condition,
 * which the conditional calls return as `null` because it is an answer, not a fault.
 */
export class Dynamo {
  readonly #client: Sender;

  /** The calls of the table `options` name. */
  static of({ client, tableName, meter }: StoreOptions): Dynamo {
    return new Dynamo(client, tableName, meter);
  }

  constructor(
    client: StoreClient,
    readonly tableName: string,
    private readonly meter?: CostMeter,
  ) {
    this.#client = client as Sender;
  }

  get(input: WithoutTable<GetItemCommandInput>): Promise<GetItemCommandOutput> {
    return this.#call(
      'GetItem',
      new GetItemCommand({ ...input, TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL' }),
    );
  }

  query(input: WithoutTable<QueryCommandInput>): Promise<QueryCommandOutput> {
    return this.#call(
      'Query',
      new QueryCommand({ ...input, TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL' }),
    );
  }

  /** A conditional PutItem: its output, or `null` when the condition failed. */
  putIf(input: WithoutTable<PutItemCommandInput>): Promise<PutItemCommandOutput | null> {
    return this.#conditional(
      'PutItem',
      new PutItemCommand({ ...input, TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL' }),
    );
  }

  /** A conditional UpdateItem: its output, or `null` when the condition failed. */
  updateIf(input: WithoutTable<UpdateItemCommandInput>): Promise<UpdateItemCommandOutput | null> {
    return this.#conditional(
      'UpdateItem',
      new UpdateItemCommand({ ...input, TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL' }),
    );
  }

  /** A conditional DeleteItem: its output, or `null` when the condition failed. */
  deleteIf(input: WithoutTable<DeleteItemCommandInput>): Promise<DeleteItemCommandOutput | null> {
    return this.#conditional(
      'DeleteItem',
      new DeleteItemCommand({ ...input, TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL' }),
    );
  }

  #conditional<O>(operation: string, command: object): Promise<O | null> {
    return this.#send<O>(operation, command, true);
  }

  async #call<O>(operation: string, command: object): Promise<O> {
    return (await this.#send<O>(operation, command, false)) as O;
  }

  async #send<O>(operation: string, command: object, conditional: boolean): Promise<O | null> {
    let output: Metadata;
    try {
      output = (await this.#client.send(command)) as Metadata;
    } catch (error) {
      // A failed request still counts (DynamoDB bills a failed conditional write) but reports no units.
      this.#record(operation, (error ?? {}) as Metadata);
      if (conditional && isConditionFailed(error)) return null;
      throw translateError(error, operation);
    }
    this.#record(operation, output);
    return output as O;
  }

  #record(operation: string, { $metadata, ConsumedCapacity: c }: Metadata): void {
    const units = c?.CapacityUnits ?? 0;
    const isRead = operation === 'GetItem' || operation === 'Query';
    recordCost(
      operation,
      {
        requests: $metadata?.attempts ?? 1,
        readUnits: c?.ReadCapacityUnits ?? (isRead ? units : 0),
        writeUnits: c?.WriteCapacityUnits ?? (isRead ? 0 : units),
      },
      this.meter,
    );
  }
}
