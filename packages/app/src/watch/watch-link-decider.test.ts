import { describe, expect, it } from 'vitest';
import { given } from '../streams/decider';
import { MAX_WATCH_LINKS, watchLinkDecider as links, type WatchLinkEvent } from './watch-link-decider';

const AT = '2026-12-01T12:00:00.000Z';
const created = (id: string, seat = 0): WatchLinkEvent => ({ type: 'WatchLinkCreated', id, seat, createdAt: AT });
const create = (linkId: string, left = false) => ({ type: 'create', linkId, seat: 1, left, at: AT }) as const;
const revoke = (linkId: string, seat = 0, left = false) => ({ type: 'revoke', linkId, seat, left }) as const;

describe('a game’s watch links, given/when/then', () => {
  it('creates a link, with its seat and time', () => {
    expect(given(links, []).when(create('L1'))).toEqual([
      { type: 'WatchLinkCreated', id: 'L1', seat: 1, createdAt: AT },
    ]);
  });

  it('creates nothing again for a retry: the link is there', () => {
    expect(given(links, [created('L1')]).when(create('L1'))).toEqual([]);
  });

  it('refuses a player who left the game', () => {
    expect(given(links, []).when(create('L1', true))).toMatchObject({ kind: 'refused', code: 'game/left' });
  });

  it('refuses the link past the most open at once, and makes one again once one is revoked', () => {
    const full = Array.from({ length: MAX_WATCH_LINKS }, (_, i) => created(`L${i}`));
    expect(given(links, full).when(create('new'))).toMatchObject({ code: 'game/too-many-watch-links' });
    const freed = [...full, { type: 'WatchLinkRevoked', id: 'L3' } as const];
    expect(given(links, freed).when(create('new'))).toHaveLength(1);
  });

  it('revokes an open link', () => {
    expect(given(links, [created('L1')]).when(revoke('L1'))).toEqual([{ type: 'WatchLinkRevoked', id: 'L1' }]);
  });

  it('lets a player who left revoke the links they made, and no other (issue 28: they revoked others’)', () => {
    const made = [created('L1', 2), created('L2', 0)];
    expect(given(links, made).when(revoke('L1', 2, true))).toEqual([{ type: 'WatchLinkRevoked', id: 'L1' }]);
    expect(given(links, made).when(revoke('L2', 2, true))).toMatchObject({ kind: 'refused', code: 'game/left' });
    expect(given(links, made).when(revoke('L1', 0, false))).toHaveLength(1);
  });

  it('does not find a link that is not open, and does not make a revoked link again (its token stays refused)', () => {
    const revoked: WatchLinkEvent[] = [created('L1'), { type: 'WatchLinkRevoked', id: 'L1' }];
    for (const history of [[], revoked])
      expect(given(links, history).when(revoke('L1'))).toMatchObject({
        kind: 'not-found',
        code: 'game/watch-link-not-found',
      });
    expect(given(links, revoked).when(create('L1'))).toMatchObject({ code: 'game/watch-link-not-found' });
  });

  it('evolves to the open links and the revoked ids, the newest 200 of those kept', () => {
    const { state } = given(links, [created('L1', 2), created('L2'), { type: 'WatchLinkRevoked', id: 'L1' }]);
    expect(state).toEqual({ links: [{ id: 'L2', seat: 0, createdAt: AT }], revoked: ['L1'] });
    const many = Array.from({ length: 201 }, (_, i): WatchLinkEvent[] => [
      created(`R${i}`),
      { type: 'WatchLinkRevoked', id: `R${i}` },
    ]).flat();
    const kept = given(links, many).state.revoked;
    expect([kept.length, kept[0], kept.at(-1)]).toEqual([200, 'R1', 'R200']);
  });
});
