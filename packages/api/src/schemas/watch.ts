import { z } from '@hono/zod-openapi';
import { SeatSchema, TimestampSchema } from './common';
import { GameViewSchema } from './game';

/** One open watch link of a game (its token is shown only when it is created). */
const link = {
  id: z.string().openapi({ description: 'Revoke it by this id.', example: 'Qk2vX0d8Qq2' }),
  seat: SeatSchema.openapi({ description: 'The seat of the player who created it.' }),
  createdAt: TimestampSchema,
};
export const WatchLinkSchema = z.object(link).openapi('WatchLink');

/** POST /v1/games/{id}/watch-links reply. */
export const NewWatchLinkSchema = z
  .object({
    ...link,
    token: z.string().openapi({
      description:
        'The watch token: whoever holds it reads the game as a spectator (`GET /v1/watch` with `Authorization: Bearer <token>`) until the link is revoked. Shown only in this reply.',
    }),
  })
  .openapi('NewWatchLink');

/** GET /v1/games/{id}/watch-links reply. */
export const WatchLinkListSchema = z.object({ links: z.array(WatchLinkSchema).readonly() }).openapi('WatchLinkList');

/** What a watcher sees: the game as a seat without tiles sees it, and nothing of any seat's own. */
export const WatchViewSchema = GameViewSchema.omit({
  yourSeat: true,
  inviteCode: true,
  yourTiles: true,
  drawnTile: true,
  legalMoves: true,
  rematch: true,
}).openapi('WatchView', {
  description: 'The board, the counts, the scores and the public events: what a spectator may know.',
});
