import type { Commit, GameEvent, Schemas } from '../api';

type Placement = Schemas['Placement'];

/**
 * The game's commits as this reader has heard them, each once, in version order, whichever way it
 * came (a move's reply, the long-poll, a catch-up, the history read on arrival). Every way asks for
 * the commits after a version it had heard, so each batch carries on from a version heard already:
 * keeping those past the newest heard keeps the story whole and never tells a commit twice.
 * @example const fresh = log.add(page.commits); // the commits not told before
 */
export class GameLog {
  private readonly commits: Commit[] = [];
  /** The newest version heard. */
  private newest = 0;
  /** The hand the newest commit heard is of: null before the first deal, undefined while not known. */
  private hand: number | null | undefined = undefined;

  /** The newest version heard: where the next catch-up starts. */
  get heard(): number {
    return this.newest;
  }

  /**
   * Adds the commits newer than any heard (a batch may overlap what was heard, or repeat itself), and
   * returns those, oldest first, with the hand the first of them is of (undefined when not known: the
   * story did not start at the game's beginning and no deal was heard since).
   */
  add(commits: readonly Commit[]): { fresh: Commit[]; hand: number | null | undefined } {
    const fresh: Commit[] = [];
    for (const commit of [...commits].sort((a, b) => a.version - b.version)) {
      if (commit.version <= this.newest) continue;
      this.commits.push(commit);
      this.newest = commit.version;
      fresh.push(commit);
    }
    const hand = fresh[0]?.version === 1 ? null : this.hand;
    let now = hand;
    for (const event of fresh.flatMap((c) => c.events)) if (event.type === 'HandDealt') now = event.hand;
    this.hand = now;
    return { fresh, hand };
  }

  /** Takes the story as heard up to `version` without its commits (the history could not be read). */
  skipTo(version: number): void {
    this.newest = Math.max(this.newest, version);
  }

  /** The board of hand `hand` as it stood at its end (or now), from its deal on; null when its deal was not heard. */
  board(hand: number): Placement[] | null {
    return boardOfHand(this.commits, hand);
  }
}

/**
 * The placements of hand `hand`, folded from the events: its root, then each tile played on the
 * placement it names, in the slot the rules give it there (the count of tiles already on that
 * placement: spokes on the root, toes on a double). Null when the hand's deal is not among `commits`.
 * @example boardOfHand(commits, 2) // [{ id: 0, tile: '7-7', on: null, slot: 0, … }, …]
 */
export function boardOfHand(commits: readonly Commit[], hand: number): Placement[] | null {
  let board: Placement[] | null = null;
  let current: number | null = null;
  for (const commit of commits) {
    for (const event of commit.events) {
      if (event.type === 'HandDealt') {
        current = event.hand;
        if (current === hand) board = [];
      }
      if (current !== hand || !board) continue;
      placeOn(board, event);
    }
  }
  return board;
}

/** Puts a root or a played tile on `board`. */
function placeOn(board: Placement[], event: GameEvent): void {
  if (event.type === 'RootPlaced') {
    const suit = Number(event.tile.split('-')[0]);
    board.splice(0, board.length, { id: 0, tile: event.tile, on: null, slot: 0, suit, seat: event.seat });
  }
  if (event.type === 'TilePlayed') {
    const slot = board.filter((p) => p.on === event.on).length;
    board.push({ id: event.id, tile: event.tile, on: event.on, slot, suit: event.suit, seat: event.seat });
  }
}

/**
 * What a tile left in a hand counts against its holder: its pips, the 0-0 as the game's `doubleBlank`.
 * @example tilePoints('6-4', 50) // 10; tilePoints('0-0', 50) // 50
 */
export function tilePoints(tile: string, doubleBlank: number): number {
  const [a = 0, b = 0] = tile.split('-').map(Number);
  return a === 0 && b === 0 ? doubleBlank : a + b;
}

/** The events of `commits` that end a hand, newest last: which hands ended, and in which commit. */
export function handsEnded(commits: readonly Commit[]): { hand: number; version: number; gameOver: boolean }[] {
  const ended: { hand: number; version: number; gameOver: boolean }[] = [];
  for (const commit of commits) {
    const over = commit.events.some((e) => e.type === 'GameEnded');
    for (const event of commit.events) {
      if (event.type === 'HandEnded') ended.push({ hand: event.hand, version: commit.version, gameOver: over });
    }
  }
  return ended;
}
