import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from './store';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

describe('rewriting a commit in place (erasure)', () => {
  it('replaces its events and snapshot, keeps everything else, and refuses a commit that is not there', async () => {
    const id = 'p_rewrite-1';
    await store.streams.append(id, 0, [{ type: 'Named', name: 'Dee' }], {
      idempotencyKey: 'k1',
      commandHash: 'h1',
      by: id,
      snapshot: { name: 'Dee' },
    });
    const before = (await store.streams.readCommit(id, 1))!;
    expect(await store.streams.rewrite(id, 1, { events: [{ type: 'Named', name: '' }], snapshot: { name: '' } })).toBe(
      true,
    );
    const after = (await store.streams.readCommit(id, 1))!;
    expect(after).toEqual({ ...before, events: [{ type: 'Named', name: '' }], snapshot: { name: '' } });
    expect(await store.streams.rewrite(id, 2, { events: [] })).toBe(false);
    expect(await store.streams.readCommit(id, 2)).toBeNull();
  });

  it('bytes in place of a JSON snapshot leave no JSON behind', async () => {
    const id = 'p_rewrite-2';
    await store.streams.append(id, 0, [{ type: 'Named', name: 'Dee' }], { snapshot: { name: 'Dee' } });
    await store.streams.rewrite(id, 1, { events: [{ type: 'Named', name: '' }], snapshot: new Uint8Array([0]) });
    const after = (await store.streams.readCommit(id, 1))!;
    expect(after.snapshot).toEqual(new Uint8Array([0]));
    expect(JSON.stringify(await store.streams.readAll(id, { snapshots: true }))).not.toContain('Dee');
  });
});
