/**
 * The cost of a move on AWS terms, for bench:api: bots play whole games through an app (no HTTP: the
 * cost is the same), and every GET of a view and every POST of a move is weighed by `awsMeter`.
 */
import type { awsMeter, AwsCost } from './aws-meter';
import { player, type Send } from './api-bots';
import { round } from './stats';

/** Requests and units of one request, or their mean over several. */
export interface UnitFigures {
  requests: number;
  readUnits: number;
  writeUnits: number;
  indexWriteUnits: number;
}

const figures = (costs: readonly AwsCost[]): UnitFigures => {
  const mean = (pick: (c: AwsCost) => number) =>
    costs.length === 0 ? Number.NaN : round(costs.reduce((s, c) => s + pick(c), 0) / costs.length);
  return {
    requests: mean((c) => c.requests),
    readUnits: mean((c) => c.readUnits),
    writeUnits: mean((c) => c.writeUnits),
    indexWriteUnits: mean((c) => Object.values(c.indexWriteUnits).reduce((s, u) => s + u, 0)),
  };
};

/** What `moveCosts` found: means over windows of moves, and over whole games. */
export interface MoveCosts {
  /** The POSTs of moves `from`..`from + span - 1` of the first game that long. */
  at: Record<number, UnitFigures>;
  /** Every POST of every whole game played. */
  wholeGame: UnitFigures;
  /** The GET of the view before each move. */
  get: UnitFigures;
  games: number[];
  /** The writes of one POST at each window's start, as the meter listed them. */
  writes: Record<number, string[]>;
}

/**
 * Plays whole games through `send` (one bot per seat, each GET then POST) until one has reached
 * `from + span` moves for every `from` (at most `maxGames`), weighing each GET and POST.
 * @example const costs = await moveCosts(meter, (url, init) => Promise.resolve(app.request(url, init)), [10, 300], 8);
 */
export async function moveCosts(
  meter: ReturnType<typeof awsMeter>,
  send: Send,
  from: readonly number[],
  span: number,
  maxGames = 6,
): Promise<MoveCosts> {
  const bot = player('http://local', 11, send);
  const gets: AwsCost[] = [];
  const finished: AwsCost[][] = [];
  let current: AwsCost[] = [];
  const longest = Math.max(...from) + span;
  const weigh = async <T>(work: () => Promise<T>): Promise<{ result: T; cost: AwsCost }> => {
    meter.reset();
    meter.on = true;
    try {
      return { result: await work(), cost: meter.cost };
    } finally {
      meter.on = false;
    }
  };
  while (finished.length < maxGames && !finished.some((g) => g.length >= longest)) {
    const before = bot.moveNumber;
    const { result: post, cost: getCost } = await weigh(() => bot.prepare());
    if (bot.moveNumber < before) {
      // A new game: that GET also registered players and seated them. The last game is complete.
      finished.push(current);
      current = [];
    } else if (before > 0) gets.push(getCost);
    current.push((await weigh(post)).cost);
  }
  const long = finished.find((g) => g.length >= longest) ?? finished.at(-1) ?? [];
  const at: Record<number, UnitFigures> = {};
  const writes: Record<number, string[]> = {};
  for (const start of from) {
    at[start] = figures(long.slice(start - 1, start - 1 + span));
    writes[start] = long[start - 1]?.writes ?? [];
  }
  return { at, wholeGame: figures(finished.flat()), get: figures(gets), games: finished.map((g) => g.length), writes };
}
