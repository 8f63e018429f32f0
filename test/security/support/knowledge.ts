import { evolve, initialState, type GameEvent, type GameState, type Tile } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';

/** A game's ground truth, folded from its stored events: what the server knows and players must not. */
export interface Truth {
  /** `states[v]`: the game after commit v (`states[0]` before any). */
  readonly states: readonly GameState[];
  /** `events[v][i]`: the i-th event of commit v, with the game just before and just after it. */
  readonly events: readonly (readonly {
    readonly event: GameEvent;
    readonly before: GameState;
    readonly after: GameState;
  }[])[];
}

/**
 * Reads every commit of a game from the store and folds it with the rules' own `evolve`.
 * @example const truth = await readTruth(store, gameId); truth.states.at(-1)?.hand?.boneyard
 */
export async function readTruth(store: Store, gameId: string): Promise<Truth> {
  const states: GameState[] = [initialState()];
  const events: Truth['events'][number][] = [[]];
  for (const commit of await store.streamsOf<GameEvent>().readAll(gameId)) {
    if (commit.version !== states.length) throw new Error(`commit ${commit.version} of ${gameId} out of order`);
    let state = states.at(-1) as GameState;
    const steps = commit.events.map((event) => {
      const before = state;
      state = evolve(state, event);
      return { event, before, after: state };
    });
    states.push(state);
    events.push(steps);
  }
  return { states, events };
}

/**
 * The tiles `seat` may know in a state: its own hand (with a tile it just drew), the tiles on the
 * table, and the double that opens the hand (announced with the deal). A spectator (null): the last two.
 */
export function knownTiles(state: GameState, seat: number | null): Set<Tile> {
  const hand = state.hand;
  if (!hand) return new Set();
  const own = seat === null ? [] : (hand.hands[seat] ?? []);
  return new Set([...own, ...hand.placements.map((p) => p.tile), hand.opener]);
}

/** The tiles still face down in the boneyard, in the order they will be drawn. */
export function undrawn(state: GameState): readonly Tile[] {
  return state.hand ? state.hand.boneyard.slice(state.hand.drawn) : [];
}

// String values under these keys are opaque ids, codes and times, never tiles.
const OPAQUE_KEYS = new Set(['id', 'playerId', 'requestId', 'inviteCode', 'at', 'since']);
const TILE_LIKE = /\b(\d{1,2})-(\d{1,2})\b/g;
/**
 * Keys that would carry the deal itself. (`hands` is public in two places only, the tiles a finished
 * hand left each seat: `HandEnded.hands` and `pastHands[].hands`, which `revealedHands` takes out and
 * checks against the truth of that hand before anything is scanned.)
 */
export const SECRET_KEYS = new Set(['hands', 'boneyard', 'deck']);

/**
 * Takes a value's revealed hands out of it: a `HandEnded` event's `hands`, and a view's `pastHands`
 * (each with its `hands`). A finished hand's tiles are public, but as tiles of the full set they
 * are in the next deal too, so they cannot be judged by what a seat knows now: the caller compares
 * them with the truth of the hand they describe. Returns the rest, to scan as any other value.
 */
export function revealedHands(value: Record<string, unknown>): {
  rest: Record<string, unknown>;
  handEnded?: unknown;
  pastHands?: unknown;
} {
  if (value.type === 'HandEnded' && 'hands' in value) {
    const { hands, ...rest } = value;
    return { rest, handEnded: hands };
  }
  if ('pastHands' in value) {
    const { pastHands, ...rest } = value;
    return { rest, pastHands };
  }
  return { rest: value };
}

/** What a scan of one JSON value found: tiles in the order they appear, and forbidden keys. */
export interface Found {
  readonly tiles: Tile[];
  readonly secretKeys: string[];
}

/**
 * Every tile-like text ("a-b", written either way round, anywhere in a key or a string value) in a
 * JSON value, in order, normalized higher half first, and every key that would carry the deal.
 * @example scan({ yourTiles: ['9-4'], detail: 'You do not hold 4-9.' }).tiles // ['9-4', '9-4']
 */
export function scan(value: unknown, found: Found = { tiles: [], secretKeys: [] }, key = ''): Found {
  if (typeof value === 'string') {
    if (!OPAQUE_KEYS.has(key))
      for (const m of value.matchAll(TILE_LIKE)) found.tiles.push(normalized(Number(m[1]), Number(m[2])));
  } else if (Array.isArray(value)) {
    for (const item of value) scan(item, found, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(k)) found.secretKeys.push(k);
      scan(k, found, '');
      scan(v, found, k);
    }
  }
  return found;
}

const normalized = (a: number, b: number): Tile => (a >= b ? `${a}-${b}` : `${b}-${a}`) as Tile;

/**
 * The first run of `length` tiles that appears in `tiles` in the same order as in `deck`
 * (consecutively in both), or null: the deck's order showing through.
 */
export function deckRun(tiles: readonly Tile[], deck: readonly Tile[], length = 3): Tile[] | null {
  const next = new Map<Tile, Tile>();
  for (let i = 0; i + 1 < deck.length; i++) next.set(deck[i] as Tile, deck[i + 1] as Tile);
  let run = 1;
  for (let i = 1; i < tiles.length; i++) {
    run = next.get(tiles[i - 1] as Tile) === tiles[i] ? run + 1 : 1;
    if (run >= length) return tiles.slice(i - length + 1, i + 1);
  }
  return null;
}
