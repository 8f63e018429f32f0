import type { GameEvent, GameState } from '@chickenfoot/rules';
import type { GameRepository } from './repository';
import type { Executed } from './game-command';
import type { Settled } from './settle-bots';

/** One commit of a chain as a reply lists it. */
export interface ChainLink {
  readonly version: number;
  readonly events: readonly GameEvent[];
}

/** A command's commit and the bot commits right after it: what a player's command is answered with. */
export interface CommandChain {
  readonly first: Executed;
  /** The bot commits that directly follow the command's, oldest first (at most one call's bound). */
  readonly bots: readonly ChainLink[];
  /** The last commit's version, and the game after it (and since when its turn in play has waited). */
  readonly version: number;
  readonly state: GameState;
  readonly since: string | null;
}

/**
 * The chain a command answers with: its commit, then the bot commits that directly follow it. The
 * first time, those are the ones the command's own `settleBots` made. A retry (the command recognised
 * as recorded) reads them from the store as they stand now, up to the next commit that is not a bot's
 * and at most `max`: the same commits the first reply listed when that chain ran to its end, and the
 * rest of a chain the first attempt left unfinished (a crash, the bound) once a later call finished it.
 */
export async function chainOf(
  repository: GameRepository,
  first: Executed,
  settled: Settled,
  max: number,
): Promise<CommandChain> {
  if (!first.replayed) {
    const bots: ChainLink[] = [];
    let { version, state, since } = first;
    for (const commit of settled.commits) {
      // A commit past a gap follows another player's move, not this command's.
      if (commit.version !== version + 1) break;
      bots.push({ version: commit.version, events: commit.events });
      ({ version, state, since } = commit);
    }
    return { first, bots, version, state, since };
  }
  const { commits } = await repository.readAfter(first.gameId, first.version, { limit: max, snapshots: true });
  const end = commits.findIndex((commit) => commit.by !== 'bot');
  const followers = end < 0 ? commits : commits.slice(0, end);
  const last = followers.at(-1);
  if (!last) return { first, bots: [], version: first.version, state: first.state, since: first.since };
  const { state, since } = settled.game?.version === last.version ? settled.game : await repository.stateAt(last);
  const bots = followers.map((c) => ({ version: c.version, events: c.events }));
  return { first, bots, version: last.version, state, since };
}
