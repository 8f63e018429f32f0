import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createDynamoClient } from '../client';
import { ensureTable } from '../create-table';
import { parseDurability, type Durability } from './durability';
import { inProcessClient, settledInProcess } from './in-process';
import { lockDataDir, type DataDirLock } from './lock';
import { openDynalite } from './open-dynalite';
import { syncEveryWrite } from './synced-writes';

/** Where and how to run the embedded DynamoDB. */
export interface EmbeddedDynamoOptions {
  /** Created if missing. */
  tableName: string;
  /** Keep the data in this folder (created if missing); in memory without it. */
  dataDir?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * How `client` reaches the server: `in-process` (the default) hands each request to dynalite's
   * request listener directly, unsigned (see in-process.ts); `http` goes over loopback like any other
   * client. The endpoint is served over HTTP either way, for other processes and tools.
   */
  transport?: 'in-process' | 'http';
  /**
   * With `dataDir`: `synced` (the default) puts every write on stable storage before DynamoDB
   * answers, so an acknowledged write survives a power loss; `relaxed` leaves that to the operating
   * system (it survives a crash, not a power loss). In memory there is no disk: it changes nothing.
   * See durability.ts.
   */
  durability?: Durability;
}

/** A running embedded DynamoDB with its table ready. */
export interface EmbeddedDynamo {
  endpoint: string;
  /** A client for the server (over `transport`), closed by `stop()`. */
  client: DynamoDBClient;
  tableName: string;
  /** Closes the client, the server and its database, and releases the data folder. Safe to call twice. */
  stop(): Promise<void>;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Closes the server and dynalite's database (which dynalite only closes from a listening server). */
async function close(server: Server): Promise<void> {
  // dynalite opens its database when created; if our listen failed (port taken), listening on a free
  // port is the only way to reach the close that releases it, so the folder is not left locked.
  if (!server.listening) await listen(server, 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/**
 * Starts dynalite in this process and creates the store's table if it is missing. A second start
 * on a data folder in use rejects with "<dataDir> is already in use by process N; ...".
 * @example
 * const dynamo = await startEmbeddedDynamo({ tableName: 'chickenfoot', dataDir: '.data' });
 * const store = openStore({ client: dynamo.client, tableName: dynamo.tableName });
 * process.on('SIGINT', () => dynamo.stop());
 */
export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions): Promise<EmbeddedDynamo> {
  const { tableName, dataDir, port = 0, host = '127.0.0.1', transport = 'in-process' } = options;
  // Checked here too: a caller without types must not get `relaxed` by misspelling `synced`.
  const durability = parseDurability(options.durability, 'durability');
  let lock: DataDirLock | null = null;
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir);
  }
  const { server, level } = openDynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(dataDir !== undefined ? { path: join(dataDir, 'dynalite') } : {}),
  });
  // Node closes a keep-alive connection idle for 5 s. A client whose event loop is busy (a server
  // under a flood) can take such a socket from its pool before it has seen it close, and every
  // retry can draw another: the request fails with "socket hang up" (seen as a 503 in the flood
  // test). Its clients are this process's own, so idle connections may stay open much longer.
  server.keepAliveTimeout = 10 * 60_000;
  let client: DynamoDBClient | null = null;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // New requests are refused; those already inside dynalite finish before its database closes.
      client?.destroy();
      if (client) await settledInProcess(client);
      await close(server);
      await lock?.release();
    })());

  try {
    // Before anything is written: dynalite writes only when asked, and nobody can ask it yet.
    if (dataDir !== undefined && durability === 'synced') syncEveryWrite(level);
    await listen(server, port, host);
    const endpoint = `http://${host}:${(server.address() as AddressInfo).port}`;
    client = transport === 'http' ? createDynamoClient({ endpoint }) : inProcessClient(server);
    await ensureTable(client, tableName);
    return { endpoint, client, tableName, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
