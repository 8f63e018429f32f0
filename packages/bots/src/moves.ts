import type { GameView, Move, PlayMove } from '@chickenfoot/rules';

/**
 * The legal moves of a view sorted by what a bot does with them: its own turn's moves (plays, each
 * announcing Chickenlittle when it may, and the pass after a draw), the out-of-turn announce, and the
 * call-outs it may make.
 */
export interface MoveChoices {
  /** Plays and the pass; a play that may announce appears once, announcing (a bot never forgets to). */
  readonly turn: readonly Move[];
  readonly announce: Move | null;
  readonly callouts: readonly Extract<Move, { type: 'callout' }>[];
}

/** Sorts `view.legalMoves` into a bot's choices (see `MoveChoices`). */
export function moveChoices(view: GameView): MoveChoices {
  const plays = new Map<string, PlayMove>();
  const turn: Move[] = [];
  let announce: Move | null = null;
  const callouts: Extract<Move, { type: 'callout' }>[] = [];
  for (const move of view.legalMoves) {
    if (move.type === 'play') {
      const key = `${move.tile}@${move.on}`;
      // legalMoves lists a play plain and, where it leaves one tile, again with the announcement.
      if (!plays.has(key) || move.announce) plays.set(key, move);
    } else if (move.type === 'announce') announce = move;
    else if (move.type === 'callout') callouts.push(move);
    else turn.push(move);
  }
  return { turn: [...plays.values(), ...turn], announce, callouts };
}

/** The plays among a list of moves. */
export function playsOf(moves: readonly Move[]): PlayMove[] {
  return moves.filter((m): m is PlayMove => m.type === 'play');
}

/** True when it is `view`'s seat's turn. */
export function inTurn(view: GameView): boolean {
  return view.viewer !== null && view.hand?.turn === view.viewer;
}
