import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { StaleVersionError, UnavailableError } from '../errors';
import { PlayerRepository } from './repository';

async function freshRepository() {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `players-${randomUUID()}`;
  await ensureTable(client, tableName);
  return new PlayerRepository(openStore({ client, tableName }));
}

const at = new Date('2026-12-01T12:00:00.000Z');

describe('an account on its stream', () => {
  it('decides a change that names no version again when another lands first; never answers it stale', async () => {
    const players = await freshRepository();
    const id = 'p_racer';
    const session = { id: 's_1', createdAt: at.toISOString() };
    await players.execute(
      id,
      { type: 'register', id, name: 'Ann', session },
      { expectedVersion: 0, key: 'k-register', commandHash: 'register', at },
    );
    // Thirty mutes at once on one account, none naming a version (as PUT .../messages/mute sends them).
    const games = Array.from({ length: 30 }, (_, i) => `g_${String(i).padStart(22, '0')}`);
    const settled = await Promise.allSettled(
      games.map((gameId) =>
        players.execute(
          id,
          { type: 'mute', gameId, muted: true },
          { expectedVersion: null, key: randomUUID(), commandHash: gameId, at },
        ),
      ),
    );
    const refused = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
    // Losing every race would be the server's busyness (503, retry), never a stale version: none was sent.
    expect(refused.filter((e) => e instanceof StaleVersionError)).toEqual([]);
    expect(refused.filter((e) => !(e instanceof UnavailableError)).map(String)).toEqual([]);
    const stored = await players.load(id);
    expect(stored!.version).toBe(1 + settled.length - refused.length);
    expect(refused.length).toBeLessThan(settled.length / 2);
  });
});
