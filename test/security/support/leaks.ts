import { hasLeft, type GameState, type Tile } from '@chickenfoot/rules';
import { isDeepStrictEqual } from 'node:util';
import { deckRun, knownTiles, revealedHands, scan, undrawn, type Truth } from './knowledge';
import type { Exchange } from './play';

/** What scanning a game's exchanges found. */
export interface LeakReport {
  responses: number;
  events: number;
  tiles: number;
  /** One line per tile a seat was shown and may not know, deal key, or run of the deck's order. */
  leaks: string[];
}

/** An empty report to add games to. */
export const emptyReport = (): LeakReport => ({ responses: 0, events: 0, tiles: 0, leaks: [] });

/**
 * Checks every response a game's seats received against the game's ground truth: each tile shown
 * to a seat must be one it knew at that version (its own hand, the table, the opener; in an event,
 * what it knew just before or just after that event; in a refusal, also the tiles it sent; once its
 * player has left the seat, only what a spectator knows), no key
 * may carry the deal, and no three tiles may appear in the order they lie in the boneyard.
 */
export function checkExchanges(
  exchanges: readonly Exchange[],
  truth: Truth,
  report: LeakReport = emptyReport(),
): LeakReport {
  for (const exchange of exchanges) new ExchangeCheck(exchange, truth, report).run();
  return report;
}

class ExchangeCheck {
  /** Whose eyes the answer must be for: the seat's, or a spectator's once its player has left it. */
  private readonly viewer: number | null;

  constructor(
    private readonly x: Exchange,
    private readonly truth: Truth,
    private readonly report: LeakReport,
  ) {
    const body = x.res.body as { version?: unknown } | null;
    const answeredAt = typeof body?.version === 'number' ? body.version : truth.states.length - 1;
    const state = truth.states[answeredAt] ?? truth.states.at(-1);
    // Seat -1 is a watcher's (a watch link's holder): a spectator, like a player who left.
    this.viewer = x.seat < 0 || (state && hasLeft(state, x.seat)) ? null : x.seat;
  }

  run(): void {
    const { res } = this.x;
    this.report.responses++;
    if (res.status === 304) return;
    if (res.body === null) return this.leak(`a ${res.status} that is not JSON: ${res.text.slice(0, 80)}`);
    if (res.status >= 400) return this.refusal();
    const body = res.body as Record<string, unknown>;
    if (this.x.path === '/v1/me/games') {
      // A list of games carries no tiles at all.
      this.check('game list', body, new Set(), this.truth.states.at(-1) as GameState);
    } else if (this.x.method === 'GET' && this.x.path.endsWith('/events')) {
      this.keys(body, ['commits', 'next', 'nextCursor', 'version']);
      for (const commit of body.commits as { version: number; events: unknown[] }[])
        this.events(commit.version, commit.events);
    } else if (this.x.method === 'GET') {
      this.view(body);
    } else {
      this.keys(body, ['version', 'events', 'game']);
      this.chain(body.version as number, body.events as unknown[]);
      this.view(body.game as Record<string, unknown>);
    }
  }

  private view(view: Record<string, unknown>): void {
    const version = view.version as number;
    const state = this.truth.states[version];
    if (!state) return this.leak(`a view at version ${version}, which the store does not have`);
    const { rest, pastHands } = revealedHands(view);
    // Finished hands are shown to everyone exactly as they ended: no more, no less.
    if (!isDeepStrictEqual(pastHands, state.pastHands))
      this.leak(`view v${version}: pastHands differ from the hands as they ended`);
    this.check(`view v${version}`, rest, knownTiles(state, this.viewer), state);
  }

  /**
   * A command's reply: the events of its commit and of the bot commits after it, up to `last`. They
   * start after the version a move was sent at; for a creation or a join, where the counts add up.
   */
  private chain(last: number, events: readonly unknown[]): void {
    const sizeOf = (version: number) => this.truth.events[version]?.length ?? 0;
    let first = this.x.sentVersion !== undefined ? this.x.sentVersion + 1 : last;
    let count = 0;
    for (let v = first; v <= last; v++) count += sizeOf(v);
    while (this.x.sentVersion === undefined && count < events.length && first > 1) count += sizeOf(--first);
    if (count !== events.length)
      return this.leak(`a reply up to v${last} with ${events.length} events; commits from v${first} have ${count}`);
    for (let v = first, at = 0; v <= last; at += sizeOf(v), v++) this.events(v, events.slice(at, at + sizeOf(v)));
  }

  private events(version: number, events: readonly unknown[]): void {
    const steps = this.truth.events[version];
    if (!steps || steps.length !== events.length)
      return this.leak(`commit ${version} shown with ${events.length} events; it has ${steps?.length}`);
    events.forEach((event, i) => {
      const step = steps[i] as (typeof steps)[number];
      this.report.events++;
      const type = (event as { type?: string }).type;
      if (type !== step.event.type) this.leak(`event ${version}.${i} shown as ${type}; it is ${step.event.type}`);
      const known = new Set([...knownTiles(step.before, this.viewer), ...knownTiles(step.after, this.viewer)]);
      const { rest, handEnded } = revealedHands(event as Record<string, unknown>);
      const truthHands = step.event.type === 'HandEnded' ? step.event.hands : undefined;
      if (!isDeepStrictEqual(handEnded, truthHands))
        this.leak(`event ${version}.${i} ${type}: hands shown differ from the hands left`);
      this.check(`event ${version}.${i} ${type}`, rest, known, step.after);
    });
  }

  private refusal(): void {
    const version = this.x.sentVersion ?? this.truth.states.length - 1;
    const state = this.truth.states[version] as GameState;
    const known = new Set([...knownTiles(state, this.viewer), ...scan(this.x.body).tiles]);
    this.check(`${this.x.res.status} refusal at v${version}`, this.x.res.body, known, state);
  }

  private check(where: string, value: unknown, known: ReadonlySet<Tile>, state: GameState): void {
    const found = scan(value);
    this.report.tiles += found.tiles.length;
    for (const key of found.secretKeys) this.leak(`${where}: has a "${key}" key`);
    const inGame = new Set<Tile>([
      ...(state.hand?.boneyard ?? []),
      ...(state.hand?.hands.flat() ?? []),
      ...(state.hand?.placements.map((p) => p.tile) ?? []),
    ]);
    for (const tile of new Set(found.tiles)) {
      if (!known.has(tile) && inGame.has(tile))
        this.leak(`${where}: seat ${this.x.seat} was shown ${tile}, ${whereIs(tile, state)}`);
    }
    const run = deckRun(found.tiles, undrawn(state));
    if (run) this.leak(`${where}: the boneyard's order shows through: ${run.join(', ')}`);
  }

  private keys(body: Record<string, unknown>, allowed: readonly string[]): void {
    for (const key of Object.keys(body)) if (!allowed.includes(key)) this.leak(`an unexpected field "${key}"`);
  }

  private leak(message: string): void {
    this.report.leaks.push(`seat ${this.x.seat} ${this.x.method} ${this.x.path}: ${message}`);
  }
}

/** Where a tile lies, for a leak's message. */
function whereIs(tile: Tile, state: GameState): string {
  const hand = state.hand;
  const holder = hand?.hands.findIndex((tiles) => tiles.includes(tile)) ?? -1;
  if (holder >= 0) return `which seat ${holder} holds`;
  const position = hand ? hand.boneyard.indexOf(tile) - hand.drawn : -1;
  return position >= 0 ? `which lies in the boneyard (${position + 1} from the top)` : 'which is not in play';
}
