import { measureCost, type CostReport } from './cost';
import { Deliveries } from './deliveries';
import { DueIndex } from './due';
import type { StoreOptions } from './dynamo';
import { Lobby } from './lobby';
import { PendingPushes } from './pushes';
import { PlayerGames } from './player-games';
import { QuickMatches } from './quick-match';
import { BotWork, StaleChecks } from './stale-check';
import { EventStreams } from './streams';
import { TurnLists } from './turns';

/**
 * The event store on one DynamoDB table, by concern. The streams (`streams`: append with a condition,
 * read, catch up, recognise a retry) know nothing of what their events mean; the indexes beside them
 * are what the application reads instead of folding streams, each written by its owner and
 * version-guarded: the players' turn lists (`turns`, written by a game's append) and games
 * (`playerGames`), the lobby of open games (`lobby`) and quick match's receipts (`quickMatches`), the
 * due index of timed work (`due`) with the waiting games' stale checks in it (`staleChecks`), and the
 * webhook endpoints' deliveries (`deliveries`) and the Web Pushes waiting for a retry (`pushes`). Every
 * failure is a `StoreError`.
 */
export interface Store<E = unknown> {
  readonly tableName: string;
  readonly streams: EventStreams<E>;
  readonly turns: TurnLists;
  readonly playerGames: PlayerGames;
  readonly lobby: Lobby;
  readonly quickMatches: QuickMatches;
  readonly staleChecks: StaleChecks;
  /** Games in play whose chain of bot moves stopped at a bound, due for the sweeper to carry on. */
  readonly botWork: BotWork;
  readonly due: DueIndex;
  readonly deliveries: Deliveries;
  readonly pushes: PendingPushes;
  /**
   * Runs `fn` and reports the DynamoDB cost of the store requests made inside it.
   * @example const { cost } = await store.measure(() => store.streams.append('g1', 3, events, meta)); // cost.requests === 1
   */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: CostReport }>;
  /**
   * The same streams, typed by the events `F` one kind of stream holds (a game's `GameEvent`s, a
   * player's record): the store checks nothing, so only that stream's writer (its repository) names `F`.
   * @example const games = store.streamsOf<GameEvent>(); const latest = await games.readLatest('g1');
   */
  streamsOf<F>(): EventStreams<F>;
}

/**
 * Every part of the store on the table `options` name; `E` is the type of the streams' events (see
 * `EventStreams`). Each part can also be made alone, from the same options.
 * @example
 * const store = openStore<GameEvent>({ client: createDynamoClient({ endpoint }), tableName: 'chickenfoot' });
 * const { commit } = await store.streams.append('g1', 0, [created], { idempotencyKey: 'k1' });
 * const { items } = await store.due.list(0, new Date().toISOString());
 */
export function openStore<E = unknown>(options: StoreOptions): Store<E> {
  return {
    tableName: options.tableName,
    streams: new EventStreams<E>(options),
    turns: new TurnLists(options),
    playerGames: new PlayerGames(options),
    lobby: new Lobby(options),
    quickMatches: new QuickMatches(options),
    staleChecks: new StaleChecks(options),
    botWork: new BotWork(options),
    due: new DueIndex(options),
    deliveries: new Deliveries(options),
    pushes: new PendingPushes(options),
    measure: measureCost,
    // One object for every event type: its events are whatever the writer appended (see EventStreams).
    // `this`, so that a store made of other parts ({ ...store, streams }) hands out those streams.
    streamsOf<F>(this: Store<E>) {
      return this.streams as unknown as EventStreams<F>;
    },
  };
}
