import { isDeepStrictEqual } from 'node:util';
import { projectionOf } from '@chickenfoot/api';
import { evolve, initialState, type GameEvent } from '@chickenfoot/rules';
import type { EventStore } from '@chickenfoot/store';
import type { LogReport } from './log';

/**
 * Where a game's projections disagree with its folded log, one line each (empty when they agree):
 * - the head stored with the newest commit (`getHead`) must be the one the API computes from the fold;
 * - each seated player's "my turn" list (the awaiting item, on a GSI) lists the game exactly when it
 *   awaits them, with the newest head;
 * - each seated player's "all my games" list (member items) has the game in their seat, with the
 *   game's current status (members are rewritten when a seat is taken or the status changes).
 * @example expect(await projectionProblems(store, id, await checkLog(store, id))).toEqual([]);
 */
export async function projectionProblems(
  store: EventStore,
  gameId: string,
  log: Pick<LogReport, 'state' | 'version' | 'at'>,
): Promise<string[]> {
  const expected = projectionOf(log.state, log.version, log.at);
  const problems: string[] = [];
  const head = await store.getHead(gameId);
  if (!isDeepStrictEqual(head, expected.head)) problems.push(`head: ${brief(head)}, expected ${brief(expected.head)}`);
  for (const { seat, playerId } of expected.members) {
    const myTurn = (await store.listPlayerGames(playerId, { myTurn: true })).games.find((g) => g.gameId === gameId);
    const awaited = expected.awaiting.playerId === playerId;
    if (awaited !== (myTurn !== undefined))
      problems.push(`seat ${seat}: my-turn list ${myTurn ? 'has' : 'lacks'} the game`);
    else if (myTurn && !isDeepStrictEqual(myTurn.head, expected.head))
      problems.push(`seat ${seat}: my-turn head ${brief(myTurn.head)}`);
    const member = (await store.listPlayerGames(playerId)).games.find((g) => g.gameId === gameId);
    if (!member) problems.push(`seat ${seat}: missing from the player's games`);
    else if (member.seat !== seat || member.head.status !== log.state.status)
      problems.push(`seat ${seat}: member says seat ${member.seat}, ${member.head.status}`);
  }
  return problems;
}

/**
 * Rewrites a game's projections from its log the way an operator would after an outage: the fold of
 * its commits, projected as the API does (`projectionOf`).
 */
export async function rebuild(store: EventStore, gameId: string): Promise<void> {
  await store.rebuildProjections(gameId, (commits) => {
    const newest = commits[commits.length - 1];
    if (!newest) throw new Error(`no commits in ${gameId}`);
    const state = commits.flatMap((c) => c.events as GameEvent[]).reduce(evolve, initialState());
    return projectionOf(state, newest.version, newest.at);
  });
}

const brief = (head: { version?: unknown; status?: unknown; turn?: unknown } | null) =>
  head ? `v${String(head.version)} ${String(head.status)} turn ${String(head.turn)}` : 'none';
