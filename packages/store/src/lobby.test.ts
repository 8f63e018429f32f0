import { describe, expect, inject, it } from 'vitest';
import type { LobbyEntry } from './lobby';
import { testStore } from './testing';

const entry = (gameId: string, minute: number, rulesKey = 'four-of-nine', extra = {}): LobbyEntry => ({
  gameId,
  version: 1,
  rulesKey,
  createdAt: new Date(Date.UTC(2026, 11, 1, 12, minute)).toISOString(),
  ...extra,
});

describe('the lobby', () => {
  it('lists open games newest first, and one rules key oldest first, each one Query, paged', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    const games = [entry('g_a', 1), entry('g_b', 2, 'two-of-six'), entry('g_c', 3), entry('g_d', 4)];
    await Promise.all(games.map((e) => store.lobby.write(e.gameId, 1, e)));

    const { result, cost } = await store.measure(() => store.lobby.list({ limit: 10 }));
    expect(result.entries.map((e) => e.gameId)).toEqual(['g_d', 'g_c', 'g_b', 'g_a']);
    expect(cost.requests).toBe(1);
    const oldest = await store.lobby.list({ rulesKey: 'four-of-nine', oldestFirst: true, limit: 2 });
    expect(oldest.entries.map((e) => e.gameId)).toEqual(['g_a', 'g_c']);
    const rest = await store.lobby.list({ rulesKey: 'four-of-nine', oldestFirst: true, cursor: oldest.cursor ?? '' });
    expect(rest.entries.map((e) => e.gameId)).toEqual(['g_d']);
    expect(rest.cursor).toBeNull();
  });

  it('keeps what the entry carries, and a later version replaces it', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    await store.lobby.write('g_a', 1, entry('g_a', 1, 'k', { free: 3 }));
    await store.lobby.write('g_a', 2, { ...entry('g_a', 1, 'k', { free: 2 }), version: 2 });
    const { entries } = await store.lobby.list();
    expect(entries).toEqual([{ ...entry('g_a', 1, 'k', { free: 2 }), version: 2 }]);
  });

  it('takes a game out for good: a late write of an older version neither relists it nor undoes a newer one', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    await store.lobby.write('g_a', 1, entry('g_a', 1));
    expect(await store.lobby.write('g_a', 3, null)).toBe(true);
    expect(await store.lobby.write('g_a', 2, { ...entry('g_a', 1), version: 2 })).toBe(false);
    expect((await store.lobby.list()).entries).toEqual([]);
    expect((await store.lobby.list({ rulesKey: 'four-of-nine' })).entries).toEqual([]);
    // A repair writes again over the same version; a plain write does not.
    expect(await store.lobby.write('g_a', 3, null)).toBe(false);
    expect(await store.lobby.write('g_a', 3, null, { repair: true })).toBe(true);
  });

  it('refuses a cursor it did not hand out', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    await expect(store.lobby.list({ cursor: '!!not-base64-json' })).rejects.toMatchObject({
      code: 'store/invalid-request',
    });
  });
});

describe('quick match receipts', () => {
  it('a first claim lands, a second with no previous does not, and one naming the current one moves it', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    expect(await store.quickMatches.read('p_a', 'key-1')).toBeNull();
    expect(await store.quickMatches.claim('p_a', 'key-1', { gameId: 'g_x', created: false }, null)).toBe(true);
    expect(await store.quickMatches.claim('p_a', 'key-1', { gameId: 'g_y', created: false }, null)).toBe(false);
    expect(await store.quickMatches.claim('p_a', 'key-1', { gameId: 'g_y', created: false }, 'g_z')).toBe(false);
    expect(await store.quickMatches.claim('p_a', 'key-1', { gameId: 'g_new', created: true }, 'g_x')).toBe(true);
    expect(await store.quickMatches.read('p_a', 'key-1')).toEqual({ gameId: 'g_new', created: true });
    // Another key, or another player's same key, is another quick match.
    expect(await store.quickMatches.read('p_a', 'key-2')).toBeNull();
    expect(await store.quickMatches.read('p_b', 'key-1')).toBeNull();
  });
});

describe('the lobby over a game’s life', () => {
  it('a seat taken changes what the entry shows, not where it is listed; an update never lists a game', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    await store.lobby.write('g_a', 1, entry('g_a', 5, 'k', { free: 2 }));
    await store.lobby.write('g_b', 1, entry('g_b', 6, 'k', { free: 2 }));
    const { createdAt: _, ...update } = { ...entry('g_a', 0, 'k', { free: 1 }), version: 2 };
    expect(await store.lobby.write('g_a', 2, update)).toBe(true);
    const listed = await store.lobby.list({ rulesKey: 'k', oldestFirst: true });
    expect(listed.entries).toEqual([
      { ...entry('g_a', 5, 'k', { free: 1 }), version: 2 },
      entry('g_b', 6, 'k', { free: 2 }),
    ]);
    expect(await store.lobby.write('g_c', 2, { ...update, gameId: 'g_c' })).toBe(false);
    expect((await store.lobby.list()).entries.map((e) => e.gameId)).toEqual(['g_b', 'g_a']);
  });
});

describe('a waiting game’s stale check', () => {
  it('is due in the due index while written with a time, and out of it once taken out; an older write never undoes a newer', async () => {
    const { store } = await testStore(inject('dynamoEndpoint'));
    const week = '2026-12-08T12:00:00.000Z';
    await store.staleChecks.write('g_a', 1, { at: '2026-12-08T10:00:00.000Z', kind: 'close-stale' });
    await store.staleChecks.write('g_a', 2, { at: week, kind: 'close-stale' });
    const due = async (before: string) =>
      (await Promise.all(Array.from({ length: 16 }, (_, s) => store.due.list(s, before)))).flatMap((p) => p.items);
    expect(await due('2026-12-08T11:00:00.000Z')).toEqual([]);
    expect(await due('2026-12-09T00:00:00.000Z')).toEqual([
      expect.objectContaining({ kind: 'close-stale', streamId: 'g_a', at: week, version: 2 }),
    ]);
    expect(await store.staleChecks.write('g_a', 3, null)).toBe(true);
    expect(await store.staleChecks.write('g_a', 2, { at: week, kind: 'close-stale' })).toBe(false);
    expect(await due('2026-12-09T00:00:00.000Z')).toEqual([]);
  });
});
