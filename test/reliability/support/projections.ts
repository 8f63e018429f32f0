import { projectionOf } from '@chickenfoot/app';
import type { GameEvent } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import type { LogReport } from './log';

/**
 * Where a game's projections disagree with its log, one line each (empty when they agree):
 * - each seated player's "my turn" list (their turn entries) lists the game exactly when it awaits
 *   them, since the commit that began their turn, with a head naming them in turn;
 * - each seated player's "all my games" list (member items) has the game in their seat, with the
 *   game's current status (members are rewritten when a seat is taken or the status changes).
 * @example expect(await projectionProblems(store, id, await checkLog(store, id))).toEqual([]);
 */
export async function projectionProblems(
  store: Store,
  gameId: string,
  log: Pick<LogReport, 'state' | 'version'>,
): Promise<string[]> {
  const expected = projectionOf(await store.streamsOf<GameEvent>().readAll(gameId));
  const problems: string[] = [];
  if (expected.head.version !== log.version)
    problems.push(`the log ends at v${log.version}, the store's at v${expected.head.version}`);
  for (const { seat, playerId } of expected.members) {
    const myTurn = (await store.playerGames.list(playerId, { myTurn: true })).games.find((g) => g.gameId === gameId);
    const awaited = expected.awaiting.playerId === playerId;
    if (awaited !== (myTurn !== undefined))
      problems.push(`seat ${seat}: my-turn list ${myTurn ? 'has' : 'lacks'} the game`);
    else if (myTurn && (myTurn.since !== expected.awaiting.since || myTurn.head.turn !== playerId))
      problems.push(
        `seat ${seat}: my-turn entry since ${myTurn.since} (expected ${expected.awaiting.since}), ${brief(myTurn.head)}`,
      );
    const member = (await store.playerGames.list(playerId)).games.find((g) => g.gameId === gameId);
    if (!member) problems.push(`seat ${seat}: missing from the player's games`);
    else if (member.seat !== seat || member.head.status !== log.state.status)
      problems.push(`seat ${seat}: member says seat ${member.seat}, ${member.head.status}`);
  }
  return problems;
}

/**
 * Rewrites a game's projections from its log the way an operator would after an outage: its commits,
 * projected as the API does (`projectionOf`).
 */
export async function rebuild(store: Store, gameId: string): Promise<void> {
  await store.playerGames.rebuild(gameId, projectionOf);
}

const brief = (head: { version?: unknown; status?: unknown; turn?: unknown } | null) =>
  head ? `v${String(head.version)} ${String(head.status)} turn ${String(head.turn)}` : 'none';
