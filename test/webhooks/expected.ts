import type { Commit } from '@chickenfoot/store';

/**
 * What a game's log says each of `people` should have been told, counted by type: read from the
 * commits as stored (their events, and whom the game awaited before and after each), not from the
 * server's derivation of notifications, so a test of that derivation is not a test of itself.
 */
export function expectedNotifications(commits: readonly Commit[], people: readonly string[]) {
  const told = new Map(people.map((p) => [p, {} as Record<string, number>]));
  const add = (player: string, type: string) => {
    const counts = told.get(player);
    if (counts) counts[type] = (counts[type] ?? 0) + 1;
  };
  // Whom the game awaits: what the last commit that changed it said (a commit that does not change it
  // records no turn).
  let awaited: string | null = null;
  for (const commit of commits) {
    const events = commit.events as { type: string }[];
    for (const event of events) {
      const type = { GameStarted: 'game.started', HandEnded: 'hand.ended', GameEnded: 'game.finished' }[event.type];
      if (type) for (const p of people) add(p, type);
    }
    if (commit.turn) awaited = commit.turn.to;
    const finished = events.some((e) => e.type === 'GameEnded');
    // docs: every new turn of a player, the one that comes back to them included (the others' moves
    // were forced): a play, a pass or a skip moves the turn on.
    const changed = commit.turn !== undefined && commit.turn.from !== commit.turn.to;
    const movedOn = events.some((e) => ['RootPlaced', 'TilePlayed', 'TurnPassed', 'TurnSkipped'].includes(e.type));
    if (awaited !== null && !finished && (changed || movedOn)) add(awaited, 'turn.started');
  }
  return told;
}
