import { hasLeft } from '@chickenfoot/rules';
import { IdempotencyConflictError } from '@chickenfoot/store';
import type { AppDeps } from '../app-deps';
import { listMessages, muteMessages, postMessage } from '../contract/messages';
import { seatOfActor } from '@chickenfoot/app';
import { keyReused, notFound } from '@chickenfoot/app';
import { commandHash } from '@chickenfoot/app';
import { RateLimiter } from '../http/rate-limit';
import { MessageLog } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

const PAGE = 200;

/** A game's messages: post (seated players), catch up (seated, those who left too), mute for oneself. */
export function messageRoutes(deps: AppDeps) {
  const app = router();
  const log = new MessageLog(deps.store);
  // Per player and game, in this process (like the per-player limit): a burst, then a slow refill.
  const limiter = new RateLimiter(deps.limits.messages, deps.clock, 50_000, 'messages');

  /** The caller's seat in the game, or a 404 that does not say whether the game exists. */
  const seatIn = async (gameId: string, playerId: string) => {
    const game = await deps.gameService.load(gameId);
    const seat = game ? seatOfActor(game.state, { kind: 'player', playerId }) : -1;
    if (!game || seat < 0) throw notFound(gameId);
    return { state: game.state, seat };
  };

  openapi(app, postMessage, async (c) => {
    const { id } = c.req.valid('param');
    const { text } = c.req.valid('json');
    const playerId = c.get('playerId');
    const { state, seat } = await seatIn(id, playerId);
    if (hasLeft(state, seat))
      throw new ApiProblem('game/left', 'You left this game: you may read its messages, not post.');
    const bucket = `${playerId}:${id}`;
    if (!limiter.take(bucket)) {
      const retry = String(limiter.retryAfter(bucket));
      throw new ApiProblem(
        'request/too-many-requests',
        `Too many messages: try again in ${retry} s.`,
        {},
        { 'Retry-After': retry },
      );
    }
    const key = c.req.valid('header')['idempotency-key'];
    const message = await log
      .post(id, seat, text, {
        key,
        commandHash: commandHash('message', playerId, text),
        at: new Date(deps.clock()),
        by: playerId,
      })
      .catch((error: unknown) => {
        throw error instanceof IdempotencyConflictError ? keyReused() : error;
      });
    return c.json(message, 201);
  });

  openapi(app, listMessages, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const playerId = c.get('playerId');
    await seatIn(id, playerId);
    const after = query.after ?? 0;
    const page = await log.after(id, after, Math.min(query.limit ?? PAGE, PAGE));
    const muted = await deps.accounts.muted(playerId, id);
    const seq = page.messages.at(-1)?.seq ?? after;
    return c.json({ messages: muted ? [] : page.messages, next: page.next, seq, muted }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });

  openapi(app, muteMessages, async (c) => {
    const { id } = c.req.valid('param');
    const { muted } = c.req.valid('json');
    const playerId = c.get('playerId');
    await seatIn(id, playerId);
    await deps.accounts.mute(playerId, id, muted);
    return c.json({ muted }, 200);
  });
  return app;
}
