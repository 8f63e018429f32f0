import type { Move } from '@chickenfoot/rules';
import { zeroCost, type AwsCost, type awsMeter } from './aws-meter';

/** A bench's call to the app: the reply's body. */
type Call = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Record<string, any>>;

/** One game's cost on AWS terms: on the move path (registration left out) and in the sweeps. */
export interface MeteredGame {
  moves: number;
  moveCost: AwsCost;
  sweepCost: AwsCost;
}

/** Adds `b` into `a` (units and requests). */
function add(a: AwsCost, b: AwsCost): void {
  a.requests += b.requests;
  a.readUnits += b.readUnits;
  a.writeUnits += b.writeUnits;
}

/**
 * Plays one double-6 game for two through `call`: the first of `tokens` creates it, the second
 * joins, then the seat in turn plays (its first play, else its first move), with a sweep a minute
 * after every move (`tick` moves the app's clock on and returns it). The joins and moves are metered
 * apart from the sweeps, so a bench can tell what a feature costs on each path.
 * @example const run = await meteredGame(call, tokens, meter, (now) => sweeper.sweep(now), () => (now += 60_000));
 */
export async function meteredGame(
  call: Call,
  tokens: readonly string[],
  meter: ReturnType<typeof awsMeter>,
  sweep: (now: number) => Promise<unknown>,
  tick: () => number,
): Promise<MeteredGame> {
  const created = await call('POST', '/v1/games', tokens[0], { seats: 2, rules: { set: 6 } });
  const gameId = created.game.id as string;
  const run: MeteredGame = { moves: 0, moveCost: zeroCost(), sweepCost: zeroCost() };
  const measured = async (into: AwsCost, work: () => Promise<unknown>) => {
    meter.reset();
    meter.on = true;
    await work();
    meter.on = false;
    add(into, meter.cost);
  };
  await measured(run.moveCost, () =>
    call('POST', `/v1/games/${gameId}/join`, tokens[1], { inviteCode: created.game.inviteCode }),
  );
  for (;;) {
    const now = tick();
    await measured(run.sweepCost, () => sweep(now));
    const table = await call('GET', `/v1/games/${gameId}`, tokens[0]);
    if (table.status !== 'playing') break;
    const seat = table.hand.turn as number;
    const view = await call('GET', `/v1/games/${gameId}`, tokens[seat]);
    const moves = view.legalMoves as Move[];
    const move = moves.find((m) => m.type === 'play') ?? moves[0];
    await measured(run.moveCost, () =>
      call('POST', `/v1/games/${gameId}/moves`, tokens[seat], move, { 'if-match': `"${view.version as number}"` }),
    );
    run.moves++;
  }
  return run;
}
