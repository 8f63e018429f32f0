import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventStreams } from '../streams';
import { parseDurability, type Durability } from './durability';
import { startEmbeddedDynamo } from './index';
import { syncEveryWrite } from './synced-writes';
import { probeLevelWrites, type LevelWrite } from './write-probe';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

/**
 * Appends one commit (and retries it, and loses a race) to an embedded DynamoDB started with
 * `options`, watching LevelDB's native binding meanwhile; returns the writes it saw and the instant
 * each answer reached the caller.
 */
async function appendWatched(options: { durability?: Durability; onDisk: boolean }) {
  const dataDir = options.onDisk ? await mkdtemp(join(tmpdir(), 'chickenfoot-durability-')) : undefined;
  if (dataDir) folders.push(dataDir);
  const dynamo = await startEmbeddedDynamo({
    tableName: 'durable',
    ...(dataDir ? { dataDir } : {}),
    ...(options.durability ? { durability: options.durability } : {}),
  });
  const probe = probeLevelWrites({ keep: true });
  try {
    const store = new EventStreams({ client: dynamo.client, tableName: dynamo.tableName });
    await store.append('g', 0, [{ move: 1 }], { idempotencyKey: 'k', commandHash: 'h' });
    const answered = probe.tick();
    await store.append('g', 1, [{ move: 2 }]);
    return { writes: [...probe.writes], answered };
  } finally {
    probe.stop();
    await dynamo.stop();
  }
}

const before = (writes: readonly LevelWrite[], instant: number) => writes.filter((w) => w.issuedAt < instant);

describe('the embedded DynamoDB’s durability', () => {
  it('on disk, by default, asks LevelDB to sync every write, and answers only once each is done', async () => {
    const { writes, answered } = await appendWatched({ onDisk: true });
    const first = before(writes, answered);
    expect(first.length).toBeGreaterThan(0);
    // Shown as they are when one is not: unsynced, failed, or answered after the caller had its answer.
    const unsafe = first.filter((w) => !w.sync || w.failed || w.settledAt === null || w.settledAt > answered);
    expect(unsafe).toEqual([]);
    expect(writes.filter((w) => !w.sync)).toEqual([]);
  });

  it('on disk, relaxed, leaves every write to the operating system', async () => {
    const { writes, answered } = await appendWatched({ onDisk: true, durability: 'relaxed' });
    expect(before(writes, answered).length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.sync)).toEqual([]);
  });

  it('in memory writes nothing to LevelDB on disk, whatever the durability', async () => {
    for (const durability of ['synced', 'relaxed'] as const) {
      expect((await appendWatched({ onDisk: false, durability })).writes).toEqual([]);
    }
  });

  it('a probe stopped sees no more writes, and the binding is LevelDB’s own again', async () => {
    const probe = probeLevelWrites({ keep: true });
    probe.stop();
    const { writes } = await appendWatched({ onDisk: true });
    expect(writes.length).toBeGreaterThan(0);
    expect(probe.writes).toEqual([]);
    expect(probe.counts).toEqual({ synced: 0, unsynced: 0 });
  });

  it('refuses to run unsynced when it cannot reach dynalite’s LevelDB (an upgrade moved it)', () => {
    expect(() => syncEveryWrite(null)).toThrow(/cannot make the embedded DynamoDB write synced/);
    expect(() => syncEveryWrite({ _put() {} })).toThrow(/was dynalite upgraded/);
  });

  it('refuses a durability it does not know, at start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chickenfoot-durability-'));
    folders.push(dataDir);
    const start = startEmbeddedDynamo({ tableName: 'x', dataDir, durability: 'Synced' as Durability });
    await expect(start).rejects.toThrow('durability must be synced (the default');
  });
});

describe('parseDurability', () => {
  it.each([
    [undefined, 'synced'],
    ['', 'synced'],
    ['synced', 'synced'],
    ['relaxed', 'relaxed'],
  ])('reads %j as %s', (text, durability) => expect(parseDurability(text)).toBe(durability));

  it.each(['fast', 'SYNCED', ' relaxed', 'off', '0'])('refuses %j, naming the setting and both choices', (text) =>
    expect(() => parseDurability(text)).toThrow(
      `DURABILITY must be synced (the default: an acknowledged write survives a power loss) or relaxed ` +
        `(a throwaway demo: it survives a crash, not a power loss), not ${JSON.stringify(text)}`,
    ),
  );
});
