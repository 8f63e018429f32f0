import { hasLeft } from '@chickenfoot/rules';
import type { AppDeps } from '../app-deps';
import { rematch } from '../contract/rematch';
import { seatOfActor } from '@chickenfoot/app';
import { notFound, StaleVersionError } from '@chickenfoot/app';
import { commandReply } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/** `POST /v1/games/{id}/rematch`: the first player of a finished game proposes it, the others accept. */
export function rematchRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, rematch, async (c) => {
    const { id } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'];
    const playerId = c.get('playerId');
    const before = await deps.games.load(id);
    const seat = before ? seatOfActor(before.state, { kind: 'player', playerId }) : -1;
    if (!before || seat < 0) throw notFound(id);
    const { state } = before;
    if (state.status !== 'finished')
      throw new ApiProblem('game/not-finished', 'A rematch is proposed once the game is over.');
    if (hasLeft(state, seat))
      throw new ApiProblem('game/left', 'You left this game: a bot has your seat in its rematch.');
    const signer = await deps.signer();
    const player = await deps.accounts.seatedPlayer(playerId);
    const actor = { kind: 'player', playerId } as const;
    // One rematch per game, at an id derived from it: whoever comes second (or at once) accepts.
    const rematchId = signer.rematchIdFor(id);
    const accept = async () => {
      const chain = await deps.games.run(
        rematchId,
        actor,
        { type: 'join', player, withoutCode: true },
        { expectedVersion: null, key },
      );
      return { created: false, ...commandReply(chain, signer) };
    };
    const propose = async () => {
      const kept = state.players.map((p, s) => (p && !hasLeft(state, s) ? p.id : null));
      const bots = state.bots.flatMap((level, s) => (level && kept[s] === null ? [{ seat: s, level }] : []));
      const command = {
        type: 'create',
        seats: state.players.length,
        rules: state.rules,
        player,
        seat,
        reserved: kept,
        rematchOf: id,
        ...(bots.length > 0 ? { bots } : {}),
      } as const;
      const chain = await deps.games.run(rematchId, actor, command, { expectedVersion: 0, key });
      return { created: true, ...commandReply(chain, signer) };
    };
    const existing = await deps.games.load(rematchId);
    // A retry of the proposal is found by the create (at version 1); anyone else's accepts.
    const proposedByMe = existing?.state.setup.creator === seat;
    const reply =
      existing && !proposedByMe
        ? await accept()
        : await propose().catch((error: unknown) => {
            if (error instanceof StaleVersionError) return accept();
            throw error;
          });
    return c.json(reply, reply.created ? 201 : 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
