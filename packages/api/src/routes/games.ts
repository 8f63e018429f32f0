import { createRoute, z } from '@hono/zod-openapi';
import type { Services } from '../app-env';
import { derivedGameId, isInviteCode } from '../games/ids';
import { findReplay, notFound, runCommand, type CommandDeps } from '../games/run-command';
import { commandReply } from '../games/reply';
import { gameView, seatOf } from '../games/view';
import { commandHash } from '../http/idempotency';
import { ApiProblem } from '../http/problems';
import { GameIdSchema, IdempotencyKeySchema } from '../schemas/common';
import { GameViewSchema, JoinSchema, NewGameSchema } from '../schemas/game';
import { CommandReplySchema } from '../schemas/replies';
import { bearer, json, problems } from './common';
import { openapi, router } from './router';

const keyHeader = z.object({ 'idempotency-key': IdempotencyKeySchema });
const params = z.object({ id: GameIdSchema });

const create = createRoute({
  method: 'post',
  path: '/v1/games',
  operationId: 'createGame',
  tags: ['Games'],
  summary: 'Create a game',
  description:
    'Creates a game with the given rules (defaults filled in and returned) and seats you in seat 0. Share `game.inviteCode`; the game starts when every seat is taken.',
  security: bearer,
  request: { headers: keyHeader, body: { ...json(NewGameSchema), required: true } },
  responses: {
    201: {
      description: 'The new game.',
      ...json(CommandReplySchema),
      headers: { Location: { schema: { type: 'string' } }, ETag: { schema: { type: 'string' } } },
    },
    ...problems(
      'auth/unauthenticated',
      'request/idempotency-key-required',
      'request/malformed-json',
      'request/unsupported-media-type',
      'request/too-large',
      'request/idempotency-key-reused',
      'rules/invalid-ruleset',
      'player/not-found',
    ),
  },
});

const join = createRoute({
  method: 'post',
  path: '/v1/games/{id}/join',
  operationId: 'joinGame',
  tags: ['Games'],
  summary: 'Join a game',
  description:
    'Takes the next free seat with the invite code. The last seat taken starts the game and deals the first hand. A retry with the same `Idempotency-Key` returns the first reply, byte for byte; joining a game you are already in with a new key answers with the game.',
  security: bearer,
  request: { params, headers: keyHeader, body: { ...json(JoinSchema), required: true } },
  responses: {
    200: { description: 'You are seated.', ...json(CommandReplySchema) },
    ...problems(
      'auth/unauthenticated',
      'request/idempotency-key-required',
      'request/malformed-json',
      'request/unsupported-media-type',
      'request/too-large',
      'game/not-found',
      'request/idempotency-key-reused',
      'rules/game-full',
    ),
  },
});

const read = createRoute({
  method: 'get',
  path: '/v1/games/{id}',
  operationId: 'getGame',
  tags: ['Games'],
  summary: 'Your view of a game',
  description:
    'Everything you may see of the game now. `ETag` is the version; send it in `If-None-Match` to get `304` while nothing changed.',
  security: bearer,
  request: { params, headers: z.object({ 'if-none-match': z.string().optional() }) },
  responses: {
    200: {
      description: 'The game.',
      ...json(GameViewSchema),
      headers: { ETag: { schema: { type: 'string' }, description: 'The version, quoted.' } },
    },
    304: { description: 'Not modified since the version in If-None-Match.' },
    ...problems('auth/unauthenticated', 'game/not-found'),
  },
});

/** Creating, joining and reading games. */
export function gameRoutes(services: Services, deps: () => Promise<CommandDeps>) {
  const app = router();

  openapi(app, create, async (c) => {
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const playerId = c.get('playerId');
    const d = await deps();
    const gameId = derivedGameId(d.secret, playerId, key);
    const player = await services.players.get(playerId);
    if (!player) throw new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');
    const reply = await runCommand(d, {
      gameId,
      playerId,
      expectedVersion: 0,
      idempotencyKey: key,
      commandHash: commandHash('create', playerId, body),
      unseated: true,
      creates: true,
      command: () => ({ type: 'create', seats: body.seats, ...(body.rules ? { rules: body.rules } : {}), player }),
    });
    return c.json(reply, 201, { Location: `/v1/games/${gameId}`, ETag: `"${reply.version}"` });
  });

  openapi(app, join, async (c) => {
    const { id } = c.req.valid('param');
    const { inviteCode } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const playerId = c.get('playerId');
    const d = await deps();
    if (!isInviteCode(d.secret, id, inviteCode)) throw notFound(id);
    const game = await d.games.load(id);
    if (!game) throw notFound(id);
    const seat = seatOf(game.state, playerId);
    const request = { gameId: id, playerId, idempotencyKey: key, commandHash: commandHash('join', playerId, id) };
    if (seat >= 0) {
      // Already seated. A retry of the join that seated them gets that join's reply again, byte for
      // byte (and repairs the lists it may have left behind); a second tap with a new key, the game.
      const replayed = await findReplay(d, request);
      if (replayed) return c.json(replayed, 200, { ETag: `"${replayed.version}"` });
      return c.json(commandReply(d.secret, id, game.version, [], game.state, seat), 200);
    }
    const player = await services.players.get(playerId);
    if (!player) throw new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');
    const reply = await runCommand(d, {
      ...request,
      expectedVersion: null,
      unseated: true,
      command: () => ({ type: 'join', player }),
    });
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });

  openapi(app, read, async (c) => {
    const { id } = c.req.valid('param');
    const d = await deps();
    const game = await d.games.load(id);
    const seat = game ? seatOf(game.state, c.get('playerId')) : -1;
    if (!game || seat < 0) throw notFound(id);
    const etag = `"${game.version}"`;
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };
    if (matchesEtag(c.req.valid('header')['if-none-match'], etag)) return c.body(null, 304, headers);
    return c.json(gameView(d.secret, id, game.version, game.state, seat), 200, headers);
  });
  return app;
}

/** True when an If-None-Match header lists this ETag (or is `*`). Weak and strong forms compare equal here. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
