import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors';
import { EventStreams } from '../streams';
import { createDynamoClient } from '../client';
import { startEmbeddedDynamo } from './index';

const folders: string[] = [];
async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'chickenfoot-embedded-'));
  folders.push(dir);
  return dir;
}
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('embedded DynamoDB', () => {
  it('runs in memory with the table created, and stops cleanly (twice is fine)', async () => {
    const dynamo = await startEmbeddedDynamo({ tableName: 'mem' });
    expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const store = new EventStreams({ client: dynamo.client, tableName: dynamo.tableName });
    await store.append('g', 0, [{ hello: 'memory' }]);
    expect(await store.readLatest('g')).toMatchObject({ events: [{ hello: 'memory' }] });
    await dynamo.stop();
    await dynamo.stop();
    await expect(fetch(dynamo.endpoint)).rejects.toThrow();
  });

  it('stops with writes in flight: each finishes or fails as unavailable, none throws after the close', async () => {
    const dir = await dataDir();
    const dynamo = await startEmbeddedDynamo({ tableName: 'busy', dataDir: dir });
    const store = new EventStreams({ client: dynamo.client, tableName: dynamo.tableName });
    // Writes still inside dynalite when the database closes were thrown from its callbacks (an uncaught
    // exception: npm start crashed on SIGTERM while a bot chain was writing).
    const writes = Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.append(`g${i}`, 0, [{ i }])));
    await dynamo.stop();
    for (const result of await writes)
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/unavailable|stopped/i);
    const after = await Promise.allSettled([store.append('late', 0, [{ late: true }])]);
    expect(after[0]!.status).toBe('rejected');
  });

  it('keeps the data in a folder across restarts', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedDynamo({ tableName: 'disk', dataDir: dir });
    await new EventStreams({ client: first.client, tableName: 'disk' }).append('g', 0, [{ kept: true }]);
    await first.stop();
    expect(existsSync(join(dir, 'dynalite.lock'))).toBe(false);

    const second = await startEmbeddedDynamo({ tableName: 'disk', dataDir: dir });
    expect(await new EventStreams({ client: second.client, tableName: 'disk' }).readAll('g')).toMatchObject([
      { version: 1, events: [{ kept: true }] },
    ]);
    await second.stop();
  });

  it('refuses a second server on a folder in use with a clear message, and the first keeps working', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedDynamo({ tableName: 'busy', dataDir: dir });
    try {
      await expect(startEmbeddedDynamo({ tableName: 'busy', dataDir: dir })).rejects.toThrow(
        `${dir} is already in use by process ${process.pid}; stop it or use another data folder`,
      );
      const store = new EventStreams({ client: first.client, tableName: 'busy' });
      await store.append('g', 0, [{ still: 'working' }]);
      expect(await store.readLatest('g')).toMatchObject({ version: 1 });
      expect(await readFile(join(dir, 'dynalite.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await first.stop();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = await dataDir();
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    await writeFile(join(dir, 'dynalite.lock'), String(pid));
    const dynamo = await startEmbeddedDynamo({ tableName: 'stale', dataDir: dir });
    expect(await readFile(join(dir, 'dynalite.lock'), 'utf8')).toBe(String(process.pid));
    await dynamo.stop();
  });

  it('fails on a taken port without keeping the folder locked', async () => {
    const dir = await dataDir();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      await expect(startEmbeddedDynamo({ tableName: 'port-test', dataDir: dir, port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    const dynamo = await startEmbeddedDynamo({ tableName: 'port-test', dataDir: dir, port });
    expect(dynamo.endpoint).toBe(`http://127.0.0.1:${port}`);
    await dynamo.stop();
  });

  it('answers in process exactly as over HTTP: the same commits, conflicts, refusals and errors', async () => {
    const dynamo = await startEmbeddedDynamo({ tableName: 'both' });
    try {
      const inProcess = new EventStreams({ client: dynamo.client, tableName: 'both' });
      const overHttp = new EventStreams({
        client: createDynamoClient({ endpoint: dynamo.endpoint }),
        tableName: 'both',
      });
      await inProcess.append('g', 0, [{ by: 'in-process' }], { idempotencyKey: 'k1', commandHash: 'h' });
      await overHttp.append('g', 1, [{ by: 'http' }]);
      expect(await inProcess.readAll('g')).toEqual(await overHttp.readAll('g'));
      // A lost race and a recognised retry, through both.
      for (const store of [inProcess, overHttp]) {
        await expect(store.append('g', 0, [{ late: true }])).rejects.toBeInstanceOf(ConcurrencyError);
        const retry = await store.append('g', 0, [{ by: 'in-process' }], { idempotencyKey: 'k1', commandHash: 'h' });
        expect(retry).toMatchObject({ replayed: true });
      }
      // DynamoDB's own validation, word for word.
      const refusal = (client: typeof dynamo.client) =>
        new EventStreams({ client, tableName: 'x' }).readLatest('g').catch((e: Error) => e.message);
      const message = await refusal(dynamo.client);
      expect(message).toMatch(/DynamoDB rejected the request \(Query: ValidationException: .*'tableName'/);
      expect(await refusal(createDynamoClient({ endpoint: dynamo.endpoint }))).toBe(message);
    } finally {
      await dynamo.stop();
    }
  });
});
