import { describe, expect, it } from 'vitest';
import { given as givenOf } from '../streams/decider';
import {
  accountDecider,
  evolveAccount,
  initialAccount,
  type AccountCommand,
  type AccountEvent,
} from './account-decider';
import { MAX_SESSIONS } from './record';

const session = { id: 's1', createdAt: '2026-12-01T00:00:00.000Z' };
const registered: AccountEvent = { type: 'PlayerRegistered', id: 'p_ann', name: 'Ann', session };

/** Given these events happened, when `command` is decided: the events it records, or its refusal. */
const given = (...events: AccountEvent[]) => ({
  when: (command: AccountCommand) => givenOf(accountDecider, events).when(command),
});

describe('the account decider', () => {
  it('registers a new account with its first session; registering it again records nothing', () => {
    const register = { type: 'register', id: 'p_ann', name: 'Ann', session } as const;
    expect(given().when(register)).toEqual([registered]);
    expect(given(registered).when(register)).toEqual([]);
    expect([registered].reduce(evolveAccount, initialAccount())).toEqual({
      id: 'p_ann',
      name: 'Ann',
      legacy: false,
      sessions: [session],
    });
  });

  it('renames, and records nothing for the name it already has', () => {
    expect(given(registered).when({ type: 'rename', name: 'Annie' })).toEqual([
      { type: 'PlayerRenamed', name: 'Annie' },
    ]);
    expect(given(registered).when({ type: 'rename', name: 'Ann' })).toEqual([]);
  });

  it('issues a token once, and refuses one past the most an account may hold', () => {
    const next = { id: 's2', createdAt: '2026-12-02T00:00:00.000Z' };
    const issued: AccountEvent = { type: 'TokenIssued', ...next };
    expect(given(registered).when({ type: 'issue-token', session: next })).toEqual([issued]);
    expect(given(registered, issued).when({ type: 'issue-token', session: next })).toEqual([]);
    const full = Array.from({ length: MAX_SESSIONS - 1 }, (_, i): AccountEvent => ({
      type: 'TokenIssued',
      id: `t${i}`,
      createdAt: null,
    }));
    expect(given(registered, ...full).when({ type: 'issue-token', session: next })).toEqual(
      expect.objectContaining({ kind: 'refused', code: 'player/too-many-tokens' }),
    );
  });

  it('revokes an open token, refuses one it does not have, and keeps only the current one when asked', () => {
    const issued: AccountEvent = { type: 'TokenIssued', id: 's2', createdAt: null };
    expect(given(registered, issued).when({ type: 'revoke-token', id: 's2' })).toEqual([
      { type: 'TokenRevoked', id: 's2' },
    ]);
    expect(given(registered).when({ type: 'revoke-token', id: 'nope' })).toEqual(
      expect.objectContaining({ kind: 'not-found', code: 'player/token-not-found' }),
    );
    const kept = [registered, issued, { type: 'TokensRevoked', kept: 's2' } as const].reduce(
      evolveAccount,
      initialAccount(),
    );
    expect(kept?.sessions).toEqual([{ id: 's2', createdAt: null }]);
  });

  it('mutes and unmutes a game, recording nothing when it already is as asked', () => {
    const muted: AccountEvent = { type: 'GameMuted', gameId: 'g_1' };
    expect(given(registered).when({ type: 'mute', gameId: 'g_1', muted: true })).toEqual([muted]);
    expect(given(registered, muted).when({ type: 'mute', gameId: 'g_1', muted: true })).toEqual([]);
    expect(given(registered, muted).when({ type: 'mute', gameId: 'g_1', muted: false })).toEqual([
      { type: 'GameUnmuted', gameId: 'g_1' },
    ]);
  });

  it('deletes for good: no name, no session, and every later change refused as an account that is gone', () => {
    const deleted = [registered, { type: 'PlayerDeleted' } as const].reduce(evolveAccount, initialAccount());
    expect(deleted).toEqual({ id: 'p_ann', name: '', legacy: false, sessions: [], deleted: true });
    for (const command of [
      { type: 'rename', name: 'Ann' },
      { type: 'issue-token', session },
      { type: 'delete' },
    ] as const) {
      expect(given(registered, { type: 'PlayerDeleted' }).when(command)).toEqual(
        expect.objectContaining({ kind: 'not-found', code: 'player/not-found' }),
      );
      expect(given().when(command)).toEqual(expect.objectContaining({ code: 'player/not-found' }));
    }
  });
});
