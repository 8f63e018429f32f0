import { ConcurrencyError, IdempotencyConflictError } from '@chickenfoot/store';
import type { AppDeps } from '../app-deps';
import { createToken, deleteMe, listTokens, renameMe, revokeAllTokens, revokeToken } from '../contract/account';
import { keyReused, StaleVersionError } from '@chickenfoot/app';
import { commandHash } from '@chickenfoot/app';
import {
  deletedRecord,
  isOpen,
  MAX_SESSIONS,
  sessionsOf,
  withoutSession,
  withSession,
  type PlayerRecord,
} from '@chickenfoot/app';
import type { AccountChange, StoredPlayer } from '@chickenfoot/app';
import { withdrawFromAll } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';

const gone = () => new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');

/** Your account: rename, tokens (list, issue, revoke, sign out everywhere else), deletion. */
export function accountRoutes(deps: AppDeps) {
  const app = router();
  /** One change of the caller's account, recognised when retried, remembered here at once. */
  const change = async (
    playerId: string,
    headers: { 'if-match'?: string; 'idempotency-key': string },
    asked: unknown,
    apply: AccountChange,
  ): Promise<StoredPlayer> => {
    const expected = headers['if-match'] === undefined ? null : parseIfMatch(headers['if-match']);
    const key = headers['idempotency-key'];
    const stored = await deps.players
      .update(playerId, expected, apply, {
        key,
        commandHash: commandHash(playerId, expected, asked),
        at: new Date(deps.clock()),
      })
      .catch((error: unknown) => {
        if (error instanceof IdempotencyConflictError) throw keyReused();
        if (error instanceof ConcurrencyError) {
          throw new StaleVersionError(
            `Your account is at version ${error.currentVersion}, not ${expected}.`,
            error.currentVersion,
          );
        }
        throw error;
      });
    if (!stored) throw gone();
    deps.accounts.remember(stored);
    return stored;
  };
  const etag = (stored: StoredPlayer) => ({ ETag: `"${stored.version}"` });

  openapi(app, renameMe, async (c) => {
    const { name } = c.req.valid('json');
    const stored = await change(c.get('playerId'), c.req.valid('header'), { rename: name }, (record) => ({
      event: { type: 'PlayerRenamed', name },
      record: { ...record, name },
    }));
    return c.json({ player: { id: stored.record.id, name: stored.record.name } }, 200, etag(stored));
  });

  openapi(app, listTokens, async (c) => {
    const stored = await deps.players.load(c.get('playerId'));
    if (!stored) throw gone();
    const current = c.get('sessionId');
    const tokens = sessionsOf(stored.record).map((s) => ({ ...s, current: s.id === current }));
    return c.json({ tokens }, 200, { ...etag(stored), 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, createToken, async (c) => {
    const headers = c.req.valid('header');
    const playerId = c.get('playerId');
    const signer = await deps.signer();
    // Derived from the key, so a retry finds the session it opened and answers with the same token.
    const id = signer.sessionIdFor(playerId, headers['idempotency-key']);
    const createdAt = new Date(deps.clock()).toISOString();
    const stored = await change(playerId, headers, { token: id }, (record: PlayerRecord) => {
      if (isOpen(record, id)) return null;
      if (sessionsOf(record).length >= MAX_SESSIONS) {
        throw new ApiProblem(
          'player/too-many-tokens',
          `An account has at most ${MAX_SESSIONS} tokens open: revoke one first.`,
        );
      }
      return { event: { type: 'TokenIssued', id }, record: withSession(record, { id, createdAt }) };
    });
    const session = sessionsOf(stored.record).find((s) => s.id === id);
    return c.json(
      { token: signer.tokenFor(playerId, id), id, createdAt: session?.createdAt ?? createdAt },
      201,
      etag(stored),
    );
  });

  openapi(app, revokeToken, async (c) => {
    const { tokenId } = c.req.valid('param');
    const stored = await change(c.get('playerId'), c.req.valid('header'), { revoke: tokenId }, (record) => {
      if (!sessionsOf(record).some((s) => s.id === tokenId)) {
        throw new ApiProblem('player/token-not-found', `Your account has no open token ${tokenId}.`);
      }
      return { event: { type: 'TokenRevoked', id: tokenId }, record: withoutSession(record, tokenId) };
    });
    return c.body(null, 204, etag(stored));
  });

  openapi(app, revokeAllTokens, async (c) => {
    const current = c.get('sessionId');
    const stored = await change(c.get('playerId'), c.req.valid('header'), { revokeAllBut: current }, (record) => ({
      event: { type: 'TokensRevoked', kept: current },
      record: sessionsOf(record)
        .filter((s) => s.id !== current)
        .reduce((r, s) => withoutSession(r, s.id), record),
    }));
    return c.body(null, 204, etag(stored));
  });

  openapi(app, deleteMe, async (c) => {
    const playerId = c.get('playerId');
    const headers = c.req.valid('header');
    const expected = parseIfMatch(headers['if-match']);
    const stored = await deps.players.load(playerId);
    if (!stored) throw gone();
    if (stored.version !== expected) {
      throw new StaleVersionError(`Your account is at version ${stored.version}, not ${expected}.`, stored.version);
    }
    // The games first: were the account deleted first, a deletion cut short could not be retried.
    await withdrawFromAll({ games: deps.games, store: deps.store }, playerId, headers['idempotency-key']);
    await change(playerId, headers, { delete: true }, (record) => ({
      event: { type: 'PlayerDeleted' },
      record: deletedRecord(record),
    }));
    return c.body(null, 204);
  });
  return app;
}
