import { ERASED_NAME, evolve, initialState, type BotLevel, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { Commit } from '@chickenfoot/store';

/** The name of the export format: its shape may change only under a new name. */
export const EXPORT_FORMAT = 'chickenfoot/export-1';

/** A finished game as one document: everything needed to replay it, every tile shown. */
export interface GameExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly id: string;
  readonly rematchOf: string | null;
  readonly rules: NonNullable<GameState['rules']>;
  readonly seats: readonly { seat: number; player: { id: string; name: string } | null; bot: BotLevel | null }[];
  readonly commits: readonly { version: number; at: string; by: string | null; events: readonly GameEvent[] }[];
  readonly final: { totals: readonly number[]; handScores: readonly (readonly number[])[]; winners: readonly number[] };
}

/** Every event with a deleted account's name taken out, as the game's views have it (its id stays). */
function erased(events: readonly GameEvent[], gone: ReadonlySet<string>): GameEvent[] {
  return events.map((event) => {
    const player = (event as { player?: { id: string; name: string } }).player;
    return player && gone.has(player.id)
      ? ({ ...event, player: { ...player, name: ERASED_NAME } } as GameEvent)
      : event;
  });
}

/**
 * The export of a finished game from its commits: the full event log as stored (the deals' hands and
 * boneyards, every drawn tile), only the names of deleted accounts taken out, and the final scores.
 */
export function exportGame(gameId: string, commits: readonly Commit<GameEvent>[], state: GameState): GameExport {
  if (state.status !== 'finished') throw new TypeError('only a finished game is exported');
  const gone = new Set(state.players.flatMap((p) => (p && p.name === ERASED_NAME ? [p.id] : [])));
  return {
    format: EXPORT_FORMAT,
    id: gameId,
    rematchOf: state.setup.rematchOf,
    rules: state.rules,
    seats: state.players.map((player, seat) => ({ seat, player, bot: state.bots[seat] ?? null })),
    commits: commits.map((c) => ({
      version: c.version,
      at: c.at,
      by: c.by ?? null,
      events: erased(c.events, gone),
    })),
    final: { totals: state.totals, handScores: state.handScores, winners: state.winners },
  };
}

/**
 * Replays an export's events with the rules from the start: the state after each commit, up to `upTo`
 * (all of them by default). The scores it ends on are the game's, or the export was altered.
 * @example replay(doc).at(-1)?.totals // deep-equals doc.final.totals
 */
export function replay(doc: Pick<GameExport, 'commits'>, upTo = Infinity): GameState[] {
  const states: GameState[] = [initialState()];
  for (const commit of doc.commits) {
    if (commit.version > upTo) break;
    states.push(commit.events.reduce(evolve, states.at(-1) as GameState));
  }
  return states;
}
