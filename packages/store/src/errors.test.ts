import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDynamoClient } from './client';
import { CostMeter } from './cost';
import { NotFoundError, StoreError, StoreUnavailableError } from './errors';
import { EventStreams } from './streams';
import { testStore } from './testing';
import { translateError } from './translate-error';

/** A stand-in DynamoDB that answers every request with one error, counting the requests. */
async function failingDynamo(status: number, type: string) {
  const server: Server = createServer((request, response) => {
    server.emit('counted');
    request.resume().on('end', () => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: 'try later' }));
    });
  });
  let requests = 0;
  server.on('counted', () => requests++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

describe('errors', () => {
  it('retries throttling with the standard backoff, then throws StoreUnavailableError and counts every attempt', async () => {
    const fake = await failingDynamo(400, 'ProvisionedThroughputExceededException');
    servers.push(fake.server);
    const meter = new CostMeter();
    // Two attempts keep the test short: the standard mode waits ~0.5-1 s before retrying throttling.
    const store = new EventStreams({
      client: createDynamoClient({ endpoint: fake.endpoint, maxAttempts: 2 }),
      tableName: 't',
      meter,
    });
    const error = await store.append('g', 0, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({
      code: 'store/unavailable',
      cause: { name: 'ProvisionedThroughputExceededException' },
    });
    expect(fake.requests()).toBe(2);
    expect(meter.snapshot().requests).toBe(2);
  });

  it('turns a 5xx and an unreachable endpoint into StoreUnavailableError', async () => {
    const fake = await failingDynamo(503, 'ServiceUnavailable');
    servers.push(fake.server);
    const down = new EventStreams({
      client: createDynamoClient({ endpoint: fake.endpoint, maxAttempts: 1 }),
      tableName: 't',
    });
    await expect(down.readLatest('g')).rejects.toThrow(StoreUnavailableError);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new EventStreams({
      client: createDynamoClient({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 }),
      tableName: 't',
    });
    await expect(unreachable.readCommit('g', 1)).rejects.toThrow(StoreUnavailableError);
  });

  it('reports a missing table as NotFoundError', async () => {
    const store = new EventStreams({
      client: createDynamoClient({ endpoint: inject('dynamoEndpoint') }),
      tableName: 'no-such-table',
    });
    const error = await store.readLatest('g').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'store/not-found', message: expect.stringContaining('Query') });
  });

  it('translates by error name, and leaves store errors alone', () => {
    const sdk = (name: string, extra = {}) => Object.assign(new Error('m'), { name, ...extra });
    expect(translateError(sdk('ThrottlingException'), 'Query').code).toBe('store/unavailable');
    for (const code of [
      'ECONNRESET',
      'ECONNREFUSED',
      'EPIPE',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
    ]) {
      expect(translateError(sdk('Error', { code }), 'Query').code, code).toBe('store/unavailable');
    }
    expect(translateError(sdk('ValidationException'), 'PutItem').code).toBe('store/invalid-request');
    expect(translateError(sdk('AccessDeniedException', { $metadata: { httpStatusCode: 400 } }), 'PutItem').code).toBe(
      'store/failed',
    );
    const own = new StoreError('store/failed', 'x');
    expect(translateError(own, 'PutItem')).toBe(own);
    expect(translateError(undefined, 'PutItem')).toBeInstanceOf(StoreError);
  });

  it('builds clients in the standard retry mode, with fake credentials for a local endpoint', async () => {
    const client = createDynamoClient({ endpoint: 'http://127.0.0.1:1' });
    expect(await client.config.retryStrategy()).toMatchObject({ mode: 'standard' });
    expect(await client.config.maxAttempts()).toBe(3);
    expect(await client.config.region()).toBe('us-east-1');
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'local' });
    client.destroy();
  });

  it('works through a DynamoDBDocumentClient too', async () => {
    const { tableName } = await testStore(inject('dynamoEndpoint'));
    // A document client wraps only a client that builds its middleware per request.
    const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), cacheMiddleware: false });
    const store = new EventStreams({ client: DynamoDBDocumentClient.from(client), tableName });
    await store.append('doc', 0, [{ ok: true }]);
    expect(await store.readLatest('doc')).toMatchObject({ version: 1, events: [{ ok: true }] });
  });
});
