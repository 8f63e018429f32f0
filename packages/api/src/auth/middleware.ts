import { createMiddleware } from 'hono/factory';
import { ApiProblem } from '../http/problems';
import { playerOf } from './tokens';

/** Variables the auth middleware sets for the routes after it. */
export interface AuthVariables {
  playerId: string;
}

/**
 * Requires `Authorization: Bearer <token>` signed with the server's secret, and names the player.
 * No database read: the token carries its own proof.
 */
export function requirePlayer(secret: () => Promise<string>) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new ApiProblem('auth/unauthenticated', 'Send your token as "Authorization: Bearer <token>" (POST /v1/players gives you one).', {}, { 'WWW-Authenticate': 'Bearer' });
    const playerId = playerOf(await secret(), match[1]);
    if (!playerId) throw new ApiProblem('auth/unauthenticated', 'This token is not valid.', {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    c.set('playerId', playerId);
    await next();
  });
}
