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
  for (const commit of commits) {
    for (const event of commit.events as { type: string }[]) {
      const type = { GameStarted: 'game.started', HandEnded: 'hand.ended', GameEnded: 'game.finished' }[event.type];
      if (type) for (const p of people) add(p, type);
    }
    const to = commit.turn?.to ?? null;
    const finished = (commit.events as { type: string }[]).some((e) => e.type === 'GameEnded');
    if (to !== null && commit.turn?.from !== to && !finished) add(to, 'turn.started');
  }
  return told;
}
