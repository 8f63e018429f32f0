import { evolve, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { AppendMeta, Commit, GameHead, GameMember, RebuildInput, TurnChange } from '@chickenfoot/store';
import { awaitedPlayer } from './awaited';
import { deadlineOf, sinceAfter, timeoutAt, turnDueAt } from './turn-clock';

/** How a command changed whom the game awaits, or null when the same player (or nobody) is awaited. */
export function turnChange(before: GameState, after: GameState): TurnChange | null {
  const from = awaitedPlayer(before);
  const to = awaitedPlayer(after);
  // A finished game leaves every list, even when it awaited nobody just before (it never does).
  return from === to && after.status !== 'finished' ? null : { from, to };
}

/**
 * What a commit from `before` to `after` writes to the players' turn lists: the change of whom the
 * game awaits (see `turnChange`), and in a game with a turn clock the awaited player's deadline, so
 * that a new deadline for the same player (a new turn of theirs, more time) rewrites their entry too.
 * Undefined when nothing changes there. `since*`: when the turn before and after began.
 */
export function turnWrite(
  states: { readonly before: GameState; readonly after: GameState },
  since: { readonly before: string | null; readonly after: string | null },
  version: number,
  at: string,
  remind = false,
): AppendMeta['turn'] {
  const { before, after } = states;
  const change = turnChange(before, after);
  if (!after.clock) return change ? { ...change, head: headOf(after, version, at) } : undefined;
  const deadline = deadlineOf(after, since.after);
  if (!change && deadline === deadlineOf(before, since.before)) return undefined;
  const awaited = awaitedPlayer(after);
  const { from, to } = change ?? { from: awaited, to: awaited };
  const due = turnDueAt(deadline, since.after, remind);
  const turn = { from, to, head: headOf(after, version, at, deadline), due };
  // More time given begins no turn: the entry keeps when the turn began.
  return since.after !== null && since.after !== at ? { ...turn, since: since.after } : turn;
}

/**
 * What the store keeps about a game for lists and heads, computed from its state. `deadline`: when the
 * awaited player's turn times out, for their "my turn" list (member heads leave it out: they are not
 * written move by move).
 */
export function headOf(state: GameState, version: number, at: string, deadline: string | null = null): GameHead {
  return {
    version,
    status: state.status,
    turn: awaitedPlayer(state),
    seats: state.players.map((p) => (p ? { playerId: p.id, name: p.name } : null)),
    bots: state.bots,
    // Whose seat a bot plays because they timed out too often: each list tells its player they are away.
    away: state.clock?.away ?? null,
    // A rematch says what it replays: its players' lists show it as one.
    rematchOf: state.setup.rematchOf,
    updatedAt: at,
    hand: state.hand?.index ?? null,
    totals: state.totals,
    winners: state.winners,
    // The clock is fixed at creation: every list shows it, so a player sees how long a turn gives them.
    turnHours: state.rules?.turnHours ?? null,
    deadline,
  };
}

/**
 * Who a seat's "all my games" entry is for: its player, or before the start (and once cancelled) the
 * player a rematch keeps it for, so that a rematch shows in the list of each player it waits for.
 */
function memberAt(state: GameState, seat: number): string | null {
  const player = state.players[seat];
  if (player) return player.id;
  const before = state.status === 'waiting' || state.status === 'cancelled';
  return before ? (state.setup.reserved?.[seat] ?? null) : null;
}

/** Every seated player's entry in the "all my games" list, and those a rematch keeps a seat for. */
export function membersOf(state: GameState): GameMember[] {
  return state.players.flatMap((_, seat) => {
    const playerId = memberAt(state, seat);
    return playerId ? [{ seat, playerId }] : [];
  });
}

/** Every "all my games" entry of a game as it stands, to repair them (a cancelled game's too: its players are told). */
export function allMembers(state: GameState): { members: GameMember[]; removed: GameMember[] } {
  return { members: membersOf(state), removed: [] };
}

/** Whether two lists of per-seat values differ (a bot seated or taking over, a seat away or back). */
function seatsDiffer<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length !== b.length || a.some((value, seat) => value !== b[seat]);
}

/**
 * The "all my games" entries a command changed: a seat taken, or what every entry shows of the game:
 * its status (waiting, playing, finished, cancelled: a cancelled game stays in its players' lists, so
 * they learn of it), a name, a bot taking a seat over, a seat away or back. A plain move changes none:
 * whose turn it is lives in the players' turn entries, which the append writes when it changes. A
 * player who left a seat before the start is no longer in the game: their entry goes (`removed`).
 */
export function changedMembers(before: GameState, after: GameState): { members: GameMember[]; removed: GameMember[] } {
  // Every entry shows every seat's name: a name erased (an account deleted) changes them all.
  const headChanged =
    before.status !== after.status ||
    before.players.some((p, seat) => p?.name !== after.players[seat]?.name) ||
    seatsDiffer(before.bots, after.bots) ||
    seatsDiffer(before.clock?.away ?? [], after.clock?.away ?? []);
  const members = membersOf(after).filter((m) => headChanged || memberAt(before, m.seat) !== m.playerId);
  const removed = membersOf(before).filter((m) => memberAt(after, m.seat) !== m.playerId);
  return { members, removed };
}

/**
 * Every projection of a game, computed from all its commits, as `PlayerGames.rebuild`
 * takes it: the newest head, every seated player's entry, and whom the game awaits since when (the
 * time of the commit that began that player's turn). What the API writes move by move, computed at
 * once, to repair projections an outage left behind.
 * @example await store.playerGames.rebuild(id, projectionOf);
 */
export function projectionOf(commits: readonly Commit<GameEvent>[]): RebuildInput {
  let state = initialState();
  let since: string | null = null;
  for (const commit of commits) {
    const before = state;
    for (const event of commit.events) state = evolve(state, event);
    since = sinceAfter(before, state, commit.events, commit.at, since);
  }
  const newest = commits.at(-1);
  if (!newest) throw new TypeError('a game has at least one commit');
  const deadline = deadlineOf(state, since);
  const head = headOf(state, newest.version, newest.at, deadline);
  const awaiting = { playerId: head.turn, since: since ?? newest.at };
  return {
    head,
    members: membersOf(state),
    awaiting: state.clock ? { ...awaiting, due: timeoutAt(deadline) } : awaiting,
  };
}
