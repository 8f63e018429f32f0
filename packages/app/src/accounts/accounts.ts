import { randomUUID } from 'node:crypto';
import type { Player } from '@chickenfoot/rules';
import { IdempotencyConflictError, type Store } from '@chickenfoot/store';
import type { Clock } from '../clock';
import { commandHash } from '../command-hash';
import { NotFoundError, playerGone, RefusedError, StaleVersionError } from '../errors';
import type { GameService } from '../games/service';
import type { Signer } from '../identity/signer';
import { newPlayerId, newSessionId } from '../identity/tokens';
import type { SessionsClosed } from '../push/subscription-decider';
import type { AccountCache } from './account-cache';
import type { AccountCommand } from './account-decider';
import { isOpen, LEGACY_SESSION, sessionsOf, type Session } from './record';
import type { Executed, PlayerRepository, StoredPlayer } from './repository';
import { eraseNameFromAccount } from './erase-names';
import { withdrawFromAll } from './withdraw';
import { markReplayed, type Replayable } from '../replayed';

/** A change a player asks of their account: at the version they read (If-Match), under their key. */
export interface AccountRequest {
  /** The account's version the change was decided on, or null (optional If-Match) for the newest. */
  readonly expectedVersion: number | null;
  readonly key: string;
}

/** An account as its owner reads it, with the version to send back when changing it. */
export interface AccountView {
  readonly player: Player;
  readonly version: number;
}

/** What a token turned out to be: a player's open session, a token we never signed, or a closed one. */
export type Authentication =
  | { readonly kind: 'player'; readonly playerId: string; readonly sessionId: string }
  | { readonly kind: 'invalid' }
  /** Signed by us, but its session is revoked or its account deleted: whose it was, for a deletion's retry. */
  | { readonly kind: 'closed'; readonly playerId: string };

/** What the accounts are built on. */
export interface AccountsParts {
  readonly players: PlayerRepository;
  readonly cache: AccountCache;
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
  readonly games: Pick<GameService, 'load' | 'run'>;
  readonly store: Store;
  /**
   * What else of a player goes with their account (their webhook endpoints, their browsers' push
   * subscriptions): told before it goes.
   */
  readonly belongings?: { removeAll(playerId: string): Promise<void> };
  /** Removes what a closed session leaves behind: the push subscriptions its browsers registered. */
  readonly signOut?: (playerId: string, sessions: SessionsClosed) => Promise<void>;
}

/**
 * Accounts, each use case one method: registration, reading and renaming one's account, its tokens
 * (sessions), deletion, muting a game's messages, and what a bearer token opens. Every change is one
 * commit of the account's stream (`PlayerRepository.execute`), remembered by this process at once.
 */
export class Accounts {
  constructor(private readonly parts: AccountsParts) {}

  /**
   * Registers a player and opens their first session. With `key` the id is derived from it, so a
   * retry finds the same account and answers with the same token.
   * @example const { player, token } = await accounts.register('Ann', key);
   */
  async register(name: string, key: string | undefined): Promise<{ player: Player; token: string }> {
    const signer = await this.parts.signer();
    const id = key ? signer.playerIdFor(key) : newPlayerId();
    const session: Session = { id: newSessionId(), createdAt: new Date(this.parts.clock()).toISOString() };
    const stored = await this.#change(
      id,
      { type: 'register', id, name, session },
      {
        expectedVersion: 0,
        key: key ?? randomUUID(),
        hash: commandHash('register', name),
      },
    );
    // A retry finds the session the first attempt opened: the same token, while it still opens the
    // account as it is now (a deleted account, or a revoked session, never comes back this way).
    const opened = stored.record.sessions?.[0]?.id ?? session.id;
    if (stored.replayed) await this.#stillOpen(id, opened);
    return markReplayed({ player: playerOf(stored), token: signer.tokenFor(id, opened) }, stored.replayed);
  }

  /** The caller's account as it is now (one strongly consistent read). */
  async me(playerId: string): Promise<AccountView> {
    const stored = await this.#load(playerId);
    return { player: playerOf(stored), version: stored.version };
  }

  /** Renames the caller (the games they join from then on show the new name). */
  async rename(playerId: string, request: AccountRequest, name: string): Promise<AccountView> {
    const stored = await this.#ask(playerId, request, { rename: name }, { type: 'rename', name });
    return markReplayed({ player: playerOf(stored), version: stored.version }, stored.replayed);
  }

  /** The caller's open tokens (sessions), the one they are using marked. */
  async tokens(playerId: string, current: string) {
    const stored = await this.#load(playerId);
    const tokens = sessionsOf(stored.record).map((s) => ({ ...s, current: s.id === current }));
    return { tokens, version: stored.version };
  }

  /** Opens another session; its id derives from the key, so a retry answers with the same token. */
  async issueToken(playerId: string, request: AccountRequest) {
    const signer = await this.parts.signer();
    const id = signer.sessionIdFor(playerId, request.key);
    const createdAt = new Date(this.parts.clock()).toISOString();
    const command = { type: 'issue-token', session: { id, createdAt } } as const;
    const stored = await this.#ask(playerId, request, { token: id }, command);
    const session = sessionsOf(stored.record).find((s) => s.id === id);
    const token = signer.tokenFor(playerId, id);
    const issued = { token, id, createdAt: session?.createdAt ?? createdAt, version: stored.version };
    // Its session id derives from the key: found there already, it is this key's first attempt's.
    return markReplayed(issued, stored.replayed || stored.unchanged === true);
  }

  /** Revokes one of the caller's tokens. */
  async revokeToken(playerId: string, request: AccountRequest, tokenId: string): Promise<{ version: number }> {
    const stored = await this.#ask(playerId, request, { revoke: tokenId }, { type: 'revoke-token', id: tokenId });
    // After the account's commit: a retry of the revocation (the same key) removes them if this did not.
    await this.parts.signOut?.(playerId, { only: tokenId });
    return markReplayed({ version: stored.version }, stored.replayed);
  }

  /** Revokes every token of the caller's but the one in use ("sign out everywhere else"). */
  async revokeOthers(playerId: string, request: AccountRequest, current: string): Promise<{ version: number }> {
    const command = { type: 'revoke-others', kept: current } as const;
    const stored = await this.#ask(playerId, request, { revokeAllBut: current }, command);
    await this.parts.signOut?.(playerId, { except: current });
    return markReplayed({ version: stored.version }, stored.replayed);
  }

  /**
   * Deletes the caller's account at the version they read: first out of every game (bots take their
   * seats in play, their waiting games are cancelled, their name erased), then the account itself, so
   * a deletion cut short is finished by its retry, and the retry of one that went through answers as
   * it did (marked replayed).
   */
  async delete(playerId: string, request: AccountRequest & { expectedVersion: number }): Promise<Replayable> {
    const stored = await this.parts.players.load(playerId);
    if (stored?.record.deleted && (await this.deletionRecorded(playerId, request))) return markReplayed({}, true);
    if (!stored || stored.record.deleted) throw playerGone();
    this.parts.cache.remember(stored);
    if (stored.version !== request.expectedVersion) {
      const detail = `Your account is at version ${stored.version}, not ${request.expectedVersion}.`;
      throw new StaleVersionError(detail, stored.version);
    }
    await withdrawFromAll(this.parts, playerId, request.key);
    // Before the deletion's own commit, so that a deletion cut short does these again on its retry.
    await this.parts.belongings?.removeAll(playerId);
    await eraseNameFromAccount(this.parts.store, playerId);
    const deleted = await this.#ask(playerId, request, { delete: true }, { type: 'delete' });
    return markReplayed({}, deleted.replayed);
  }

  /**
   * True when the account's deletion was recorded under `request`'s key, decided at its version: the
   * request is that deletion's retry (whose token the deletion closed). The key with another request
   * is not.
   */
  async deletionRecorded(playerId: string, request: AccountRequest & { expectedVersion: number }): Promise<boolean> {
    const hash = commandHash(playerId, request.expectedVersion, { delete: true });
    const identity = { idempotencyKey: request.key, commandHash: hash };
    const recorded = await this.parts.store.streams
      .findRecorded(playerId, identity, { version: request.expectedVersion + 1 })
      .catch((error: unknown) => {
        if (error instanceof IdempotencyConflictError) return null;
        throw error;
      });
    return recorded !== null;
  }

  /** Mutes (or unmutes) a game's messages for the caller alone; the caller's seat is checked by the caller. */
  async mute(playerId: string, gameId: string, muted: boolean): Promise<void> {
    const hash = commandHash('mute', gameId, muted);
    await this.#change(playerId, { type: 'mute', gameId, muted }, { expectedVersion: null, key: randomUUID(), hash });
  }

  /** Whether the caller muted a game's messages (as this process last read the account). */
  async muted(playerId: string, gameId: string): Promise<boolean> {
    return (await this.parts.cache.record(playerId))?.muted?.includes(gameId) ?? false;
  }

  /**
   * What a bearer token opens: a player's session that is still open on their account (as this process
   * last read it, at most 15 s before), or why not.
   */
  async authenticate(token: string): Promise<Authentication> {
    const credential = (await this.parts.signer()).credentialOf(token);
    if (!credential) return { kind: 'invalid' };
    const { playerId, sessionId } = credential;
    if (!(await this.parts.cache.isOpen(playerId, sessionId))) return { kind: 'closed', playerId };
    return { kind: 'player', playerId, sessionId: sessionId ?? LEGACY_SESSION };
  }

  /** True while the session still opens the player's account (as this process last read it, at most 15 s before). */
  sessionOpen(playerId: string, sessionId: string): Promise<boolean> {
    return this.parts.cache.isOpen(playerId, sessionId);
  }

  /** The caller as a seat shows them (id and name); a token whose account is gone is refused. */
  async seatedPlayer(playerId: string): Promise<Player> {
    const record = await this.parts.cache.record(playerId);
    if (!record || record.deleted) throw playerGone();
    return { id: record.id, name: record.name };
  }

  /** A change the player asked for, its hash covering who asked what at which version. */
  #ask(playerId: string, request: AccountRequest, asked: unknown, command: AccountCommand) {
    const hash = commandHash(playerId, request.expectedVersion, asked);
    return this.#change(playerId, command, { ...request, hash });
  }

  async #change(
    playerId: string,
    command: AccountCommand,
    request: AccountRequest & { hash: string },
  ): Promise<Executed> {
    const at = new Date(this.parts.clock());
    const stored = await this.parts.players.execute(playerId, command, { ...request, commandHash: request.hash, at });
    // A retry's record is as its first attempt left it, perhaps long ago: remembering it could
    // bring back a session revoked, or an account deleted, since.
    if (!stored.replayed) this.parts.cache.remember(stored);
    return stored;
  }

  /** Refuses a replayed registration whose account was deleted, or whose session was revoked, since. */
  async #stillOpen(playerId: string, session: string): Promise<void> {
    const now = await this.parts.players.load(playerId);
    if (!now || now.record.deleted) {
      throw new NotFoundError(
        'player/deleted',
        'The account this Idempotency-Key registered was deleted: register anew with a new key.',
      );
    }
    this.parts.cache.remember(now);
    if (!isOpen(now.record, session)) {
      throw new RefusedError(
        'player/token-revoked',
        'The token this Idempotency-Key was answered with has been revoked: sign in with another token of the account, or register anew with a new key.',
      );
    }
  }

  async #load(playerId: string): Promise<StoredPlayer> {
    const stored = await this.parts.players.load(playerId);
    if (!stored || stored.record.deleted) throw playerGone();
    this.parts.cache.remember(stored);
    return stored;
  }
}

const playerOf = (stored: StoredPlayer): Player => ({ id: stored.record.id, name: stored.record.name });
