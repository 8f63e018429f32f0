// Races: many clients acting on the same version of one game, and players acting at the same
// instant in different games. Requests go through `app.request`, in process: each one still makes
// its own DynamoDB requests over HTTP to dynalite, and they interleave there exactly as they would
// behind a server, which is where the race is decided (the conditional PutItem).
import { newKey, type TestClient, type TestResponse } from '@chickenfoot/api/testing';
import { seededRandom, type Move } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { deployedApp } from './support/app';
import { seatGame, type Game, type Player } from './support/games';
import { checkLog } from './support/log';
import { projectionProblems } from './support/projections';
import { figure, scaled } from './support/scale';

const ROUNDS = scaled(60, 1_000);
const CLIENTS = 64;
const TWIN_ROUNDS = scaled(40, 400);
// Double-6: short games, so a soak run plays several (a new one starts when one ends), and the
// Chickenlittle call-outs give seats out of turn legal moves to race with.
const RULES = { set: 6 };

const raceApi = (seed: number) => deployedApp(inject('dynamoEndpoint'), seed);

async function register(api: TestClient, count: number): Promise<Player[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => api.register(`Racer ${i}`)));
}

/** Every seat's view of a game (all at one version, since nobody else acts meanwhile). */
async function views(api: TestClient, game: Game): Promise<TestResponse[]> {
  return Promise.all(game.seats.map((seat) => api.view(seat.token, game.gameId)));
}

/** Checks every game's log and projections; returns the totals for the summary. */
async function audit(store: Store, gameIds: readonly string[]) {
  const totals = { commits: 0, gaps: 0, duplicates: 0, astray: 0, problems: [] as string[] };
  for (const gameId of gameIds) {
    const log = await checkLog(store, gameId);
    totals.commits += log.commits;
    totals.gaps += log.gaps;
    totals.duplicates += log.duplicates;
    totals.astray += log.conservationErrors.length;
    if (!log.matchesSnapshot) totals.problems.push(`${gameId}: a stored snapshot differs from the fold`);
    totals.problems.push(...log.conservationErrors.map((e) => `${gameId} ${e}`));
    totals.problems.push(...(await projectionProblems(store, gameId, log)).map((p) => `${gameId} ${p}`));
  }
  return totals;
}

describe('races', () => {
  it(
    `${CLIENTS} clients submitting conflicting moves at one version: one applied, the others 412, a gapless log`,
    async () => {
      const started = performance.now();
      const { api, store } = await raceApi(1);
      const players = await register(api, 3);
      const choose = seededRandom(2);
      let game = await seatGame(api, players, RULES);
      const gameIds = [game.gameId];
      let applied = 0;
      let mismatches = 0;
      const contested = { moves: 0, seats: 0 };
      const unexpected: string[] = [];

      for (let round = 0; round < ROUNDS; round++) {
        let seen = await views(api, game);
        if (seen[0]?.body.status !== 'playing') {
          game = await seatGame(api, players, RULES);
          gameIds.push(game.gameId);
          seen = await views(api, game);
        }
        const version: number = seen[0]?.body.version;
        expect(seen.map((v) => v.body.version)).toEqual(seen.map(() => version));
        // Every legal move of every seat (the one in turn, and call-outs or announcements out of turn),
        // dealt round-robin from a seeded starting point to the clients: different moves where there
        // are several, each client with its own Idempotency-Key.
        const candidates = seen.flatMap((view, seat) =>
          (view.body.legalMoves as Move[]).map((move) => ({ seat, move })),
        );
        const offset = choose(candidates.length);
        if (new Set(candidates.map((c) => JSON.stringify(c))).size > 1) contested.moves++;
        if (new Set(candidates.map((c) => c.seat)).size > 1) contested.seats++;
        const replies = await Promise.all(
          Array.from({ length: CLIENTS }, (_, i) => {
            const { seat, move } = candidates[(offset + i) % candidates.length] as (typeof candidates)[number];
            return api.move(game.seats[seat]?.token ?? '', game.gameId, move, version);
          }),
        );
        for (const reply of replies) {
          if (reply.status === 200 && reply.body.version === version + 1) applied++;
          else if (
            reply.status === 412 &&
            reply.body.code === 'request/version-mismatch' &&
            reply.body.currentVersion === version + 1
          )
            mismatches++;
          else unexpected.push(`round ${round}: ${reply.status} ${reply.text.slice(0, 200)}`);
        }
        expect(applied, `round ${round}: ${replies.map((r) => r.status).join(' ')}`).toBe(round + 1);
      }

      const totals = await audit(store, gameIds);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `races: ${figure(ROUNDS)} rounds x ${CLIENTS} clients: ${figure(applied)} applied, ${figure(mismatches)} 412s, ${totals.gaps} gaps, ${totals.duplicates} duplicates, ` +
          `${totals.astray} commits with tiles astray (${contested.moves} rounds with different moves, ${contested.seats} with several seats; ` +
          `${gameIds.length} games, ${figure(totals.commits)} commits, ${seconds} s)`,
      );
      expect(unexpected).toEqual([]);
      expect(applied).toBe(ROUNDS);
      expect(mismatches).toBe(ROUNDS * (CLIENTS - 1));
      expect(contested.moves).toBeGreaterThan(ROUNDS / 4);
      // Three setup commits per game (create, two joins), then one per applied move.
      expect(totals.commits).toBe(3 * gameIds.length + applied);
      expect({ gaps: totals.gaps, duplicates: totals.duplicates, problems: totals.problems }).toEqual({
        gaps: 0,
        duplicates: 0,
        problems: [],
      });
    },
    scaled(240_000, 1_800_000),
  );

  it(
    'two seats acting at the same instant in two games, often one player in both (with one key): both moves applied',
    async () => {
      const started = performance.now();
      const { api, store } = await raceApi(3);
      const [ann, bob] = (await register(api, 2)) as [Player, Player];
      // Ann is seat 0 of one game and seat 1 of the other, so the same player is often in turn in both.
      const pairs = (): Promise<Game[]> =>
        Promise.all([seatGame(api, [ann, bob], RULES), seatGame(api, [bob, ann], RULES)]);
      let games = await pairs();
      const gameIds = games.map((g) => g.gameId);
      const choose = seededRandom(4);
      let applied = 0;
      let samePlayer = 0;
      const unexpected: string[] = [];

      for (let round = 0; round < TWIN_ROUNDS; round++) {
        let turns = await Promise.all(games.map((game) => turnOf(api, game)));
        if (turns.some((t) => t === null)) {
          games = await pairs();
          gameIds.push(...games.map((g) => g.gameId));
          turns = await Promise.all(games.map((game) => turnOf(api, game)));
        }
        const movers = turns as Turn[];
        // One player in turn in both games sends both moves with one Idempotency-Key: a key names a
        // request within its game, so neither move may be taken for a retry of the other.
        const oneKey = movers[0]?.player === movers[1]?.player ? newKey() : undefined;
        if (oneKey) samePlayer++;
        const replies = await Promise.all(
          movers.map(({ player, view }, i) => {
            const moves = view.body.legalMoves as Move[];
            return api.move(
              player.token,
              games[i]?.gameId ?? '',
              moves[choose(moves.length)],
              view.body.version,
              oneKey,
            );
          }),
        );
        for (const reply of replies) {
          if (reply.status === 200) applied++;
          else unexpected.push(`round ${round}: ${reply.status} ${reply.text.slice(0, 200)}`);
        }
      }

      const totals = await audit(store, gameIds);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `races: ${figure(TWIN_ROUNDS)} rounds x 2 games at the same instant (${samePlayer} with one player in turn in both, one key for both moves): ${figure(applied)} applied, ` +
          `${unexpected.length} refused, ${totals.gaps} gaps, ${totals.duplicates} duplicates (${gameIds.length} games, ${seconds} s)`,
      );
      expect(unexpected).toEqual([]);
      expect(applied).toBe(2 * TWIN_ROUNDS);
      expect(samePlayer).toBeGreaterThan(0);
      expect({ gaps: totals.gaps, duplicates: totals.duplicates, problems: totals.problems }).toEqual({
        gaps: 0,
        duplicates: 0,
        problems: [],
      });
    },
    scaled(120_000, 600_000),
  );
});

/** The player in turn in a game, with their view of it. */
interface Turn {
  readonly player: Player;
  readonly view: TestResponse;
}

/** Who is in turn, or null once the game is over. */
async function turnOf(api: TestClient, game: Game): Promise<Turn | null> {
  const view = await api.view(game.seats[0]?.token ?? '', game.gameId);
  if (view.body.status !== 'playing') return null;
  const player = game.seats[view.body.hand.turn as number];
  return player ? { player, view: await api.view(player.token, game.gameId) } : null;
}
