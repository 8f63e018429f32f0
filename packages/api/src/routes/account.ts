import type { AppDeps } from '../app-deps';
import { createToken, deleteMe, listTokens, renameMe, revokeAllTokens, revokeToken } from '../contract/account';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';
import { replayHeader } from './replayed';

/** The account change a request asks for: at its If-Match (the newest version without one), under its key. */
function asked(headers: { 'if-match'?: string; 'idempotency-key': string }) {
  const ifMatch = headers['if-match'];
  return { expectedVersion: ifMatch === undefined ? null : parseIfMatch(ifMatch), key: headers['idempotency-key'] };
}
/** The same, for a change that must name the version it was decided on. */
const atVersion = (headers: { 'if-match': string; 'idempotency-key': string }) => ({
  expectedVersion: parseIfMatch(headers['if-match']),
  key: headers['idempotency-key'],
});
const etag = (version: number) => ({ ETag: `"${version}"` });

/** Your account: rename, tokens (list, issue, revoke, sign out everywhere else), deletion. */
export function accountRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, renameMe, async (c) => {
    const request = asked(c.req.valid('header'));
    const renamed = await deps.accounts.rename(c.get('playerId'), request, c.req.valid('json').name);
    return c.json({ player: renamed.player }, 200, { ...etag(renamed.version), ...replayHeader(renamed) });
  });

  openapi(app, listTokens, async (c) => {
    const { tokens, version } = await deps.accounts.tokens(c.get('playerId'), c.get('sessionId'));
    return c.json({ tokens }, 200, { ...etag(version), 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, createToken, async (c) => {
    const issued = await deps.accounts.issueToken(c.get('playerId'), asked(c.req.valid('header')));
    const { token, id, createdAt } = issued;
    return c.json({ token, id, createdAt }, 201, { ...etag(issued.version), ...replayHeader(issued) });
  });

  openapi(app, revokeToken, async (c) => {
    const { tokenId } = c.req.valid('param');
    const revoked = await deps.accounts.revokeToken(c.get('playerId'), asked(c.req.valid('header')), tokenId);
    return c.body(null, 204, { ...etag(revoked.version), ...replayHeader(revoked) });
  });

  openapi(app, revokeAllTokens, async (c) => {
    const request = asked(c.req.valid('header'));
    const revoked = await deps.accounts.revokeOthers(c.get('playerId'), request, c.get('sessionId'));
    return c.body(null, 204, { ...etag(revoked.version), ...replayHeader(revoked) });
  });

  openapi(app, deleteMe, async (c) => {
    // (A closed token gets here only as the retry of the deletion that closed it: see requirePlayer.)
    const deleted = await deps.accounts.delete(c.get('playerId'), atVersion(c.req.valid('header')));
    return c.body(null, 204, replayHeader(deleted));
  });
  return app;
}
