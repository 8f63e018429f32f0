// Turn clocks, nothing lost and nothing doubled: a sweeper that dies between its claim and the
// timeout's append, two sweepers at once, a late move racing the timeout (many deterministic trials),
// and many clocked games played to the end by players who are often absent, through sweepers that
// crash and a DynamoDB that fails. The figures: CLOCK_RACE_TRIALS=1000 CLOCK_FAULT_GAMES=200
// (or SOAK=1); `npm test` runs smaller sizes of the same.
import { randomUUID } from 'node:crypto';
import { StaleVersionError, type GameService } from '@chickenfoot/app';
import { seededRandom, type GameEvent } from '@chickenfoot/rules';
import { createDynamoClient } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import {
  awaitedSeat,
  clockedGame,
  clockWorld,
  eachLimited,
  HOUR,
  retrying,
  T0,
  turnMove,
  type ClockWorld,
} from './support/clocked';
import { injectFaults } from './support/faults';
import { checkLog } from './support/log';
import { projectionProblems } from './support/projections';
import { chance, figure, scaled, type Rng } from './support/scale';

const fromEnv = (name: string, ci: number, soak: number) => Number(process.env[name] ?? scaled(ci, soak));
const RACE_TRIALS = fromEnv('CLOCK_RACE_TRIALS', 60, 1000);
const FAULT_GAMES = fromEnv('CLOCK_FAULT_GAMES', 8, 200);
const LEASE = 50_000;

const timeoutsIn = async (world: ClockWorld, gameId: string) =>
  (await world.store.streamsOf<GameEvent>().readAll(gameId)).flatMap((c) =>
    c.events.filter((e) => e.type === 'TurnTimedOut'),
  );

/** What a refused run says: the game moved on first (the 412 an HTTP client hears), or the error itself. */
const outcomeOf = (error: unknown) => (error instanceof StaleVersionError ? 'stale' : String(error));

/** The awaited player's move, sent again with the same key while the answer is a 503 (recorded, lists unwritten). */
async function playerMove(games: GameService, gameId: string, playerId: string, rng: Rng) {
  const game = (await retrying(() => games.load(gameId)))!;
  const seat = awaitedSeat(game.state)!;
  const command = { type: 'move', move: turnMove(game.state, seat, rng) } as const;
  const options = { expectedVersion: game.version, key: randomUUID() };
  return retrying(() => games.run(gameId, { kind: 'player', playerId }, command, options));
}

describe('turn clocks: nothing lost, nothing doubled', () => {
  it('a sweeper that dies between its claim and the append leaves the timeout to the first sweep after its lease', async () => {
    const world = await clockWorld(inject('dynamoEndpoint'));
    const { gameId } = await clockedGame(world);
    world.clock.now = T0 + HOUR;
    const dying = world.sweeper(() => {
      throw new Error('the process died here');
    });
    expect(await dying.sweep(world.clock.now)).toMatchObject({ due: 1, failed: 1, claimed: 0 });
    expect(await timeoutsIn(world, gameId)).toEqual([]);
    // Within the lease the claim holds: another sweeper leaves it alone.
    const next = world.sweeper();
    expect(await next.sweep(world.clock.now + LEASE - 1)).toMatchObject({ due: 1, busy: 1 });
    expect(await next.sweep(world.clock.now + LEASE + 1)).toMatchObject({ due: 1, effects: { applied: 1 } });
    expect(await timeoutsIn(world, gameId)).toHaveLength(1);
    expect(await next.sweep(world.clock.now + 2 * LEASE)).toMatchObject({ due: 0 });
    expect((await checkLog(world.store, gameId)).duplicates).toBe(0);
  });

  it('two sweepers at once apply each timeout once; a rerun of a timeout already applied is recognised', async () => {
    const world = await clockWorld(inject('dynamoEndpoint'));
    const games = await Promise.all(Array.from({ length: 24 }, () => clockedGame(world)));
    const first = games[0]!.gameId;
    const before = (await world.games.load(first))!;
    world.clock.now = T0 + HOUR;
    const reports = await Promise.all([world.sweeper().sweep(world.clock.now), world.sweeper().sweep(world.clock.now)]);
    expect(reports.reduce((n, r) => n + (r.effects.applied ?? 0), 0)).toBe(24);
    expect(reports.reduce((n, r) => n + r.claimed + r.busy, 0)).toBe(reports.reduce((n, r) => n + r.due, 0));
    for (const { gameId } of games) expect(await timeoutsIn(world, gameId)).toHaveLength(1);
    // A sweeper that loaded the game before the timeout was applied (and died after appending, say)
    // runs it again: its derived key finds the first, nothing more is written.
    const commits = (await world.store.streamsOf<GameEvent>().readAll(first)).length;
    const rerun = await world.games.timeOut(first, before, awaitedSeat(before.state)!);
    expect(rerun.done).toMatchObject({ replayed: true, version: before.version + 1 });
    expect(await world.store.streamsOf<GameEvent>().readAll(first)).toHaveLength(commits);
  });

  it('a move whose turn entries were never written (the player gave up on its 503): the sweep repairs them', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = createDynamoClient({ endpoint, maxAttempts: 1 });
    let outage = false;
    // Every write of a turn entry fails while `outage` lasts; the commits themselves go through.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Item?: { pk?: { S?: string } }; Key?: { pk?: { S?: string } } };
        const pk = input.Item?.pk?.S ?? input.Key?.pk?.S ?? '';
        if (outage && pk.startsWith('turns#') && context.commandName !== 'QueryCommand') {
          throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
            name: 'ThrottlingException',
            $fault: 'client',
            $metadata: { httpStatusCode: 400 },
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'turnsOutage' },
    );
    const world = await clockWorld(endpoint, client);
    const { gameId, players } = await clockedGame(world);
    const game = (await world.games.load(gameId))!;
    const seat = awaitedSeat(game.state)!;
    outage = true;
    const move = { type: 'move', move: turnMove(game.state, seat, seededRandom(1)) } as const;
    const actor = { kind: 'player', playerId: players[seat]! } as const;
    await expect(
      world.games.execute(gameId, actor, move, { expectedVersion: game.version, key: randomUUID() }),
    ).rejects.toMatchObject({ kind: 'recorded' });
    outage = false;
    // The mover's entry still says it is due; the next player has none. The sweep at the old deadline
    // finds the turn over and rebuilds the entries; the next player's deadline then comes.
    const after = (await world.games.load(gameId))!;
    const next = awaitedSeat(after.state);
    world.clock.now = T0 + HOUR;
    expect(await world.sweeper().sweep(world.clock.now)).toMatchObject({ due: 1, effects: { stale: 1 } });
    expect(await timeoutsIn(world, gameId)).toEqual([]);
    if (next !== null) {
      world.clock.now = Date.parse(after.since!) + HOUR;
      expect(await world.sweeper().sweep(world.clock.now)).toMatchObject({ due: 1, effects: { applied: 1 } });
      expect(await timeoutsIn(world, gameId)).toEqual([{ type: 'TurnTimedOut', seat: next }]);
    }
  });

  it(
    `a late move and the timeout at the same instant, ${figure(RACE_TRIALS)} trials: exactly one applied each time`,
    async () => {
      const world = await clockWorld(inject('dynamoEndpoint'));
      const rng = seededRandom(7);
      let racer: () => Promise<void> = async () => {};
      const sweeper = world.sweeper(() => racer());
      const wins = { player: 0, timeout: 0 };
      const refusals: string[] = [];
      const gameIds: string[] = [];
      let game = await clockedGame(world);
      gameIds.push(game.gameId);
      for (let trial = 0; trial < RACE_TRIALS; trial++) {
        let stored = (await world.games.load(game.gameId))!;
        let seat = awaitedSeat(stored.state);
        if (seat === null) {
          game = await clockedGame(world);
          gameIds.push(game.gameId);
          stored = (await world.games.load(game.gameId))!;
          seat = awaitedSeat(stored.state)!;
        }
        // Past the deadline. The sweeper claims the timeout; at that instant the player's move starts,
        // either at once or a few ms later, seeded: both must sometimes win, never both.
        world.clock.now += 2 * HOUR;
        const move = turnMove(stored.state, seat, rng);
        const actor = { kind: 'player', playerId: game.players[seat]! } as const;
        const expectedVersion = stored.version;
        let played: Promise<string> = Promise.resolve('not sent');
        const start = () =>
          world.games
            .run(game.gameId, actor, { type: 'move', move }, { expectedVersion, key: randomUUID() })
            .then(() => 'applied', outcomeOf);
        const delay = rng(2) === 0 ? 0 : 1 + rng(15);
        racer = async () => {
          played = delay === 0 ? start() : new Promise((r) => setTimeout(r, delay)).then(start);
        };
        const report = await sweeper.sweep(world.clock.now);
        const outcome = await played;
        const timedOut = report.effects.applied ?? 0;
        if (outcome === 'applied') wins.player++;
        else if (outcome !== 'stale') refusals.push(`trial ${trial}: ${outcome}`);
        wins.timeout += timedOut;
        // Exactly one: the move (and the sweeper did nothing), or the timeout (and the player heard 412).
        expect((outcome === 'applied' ? 1 : 0) + timedOut, `trial ${trial}`).toBe(1);
        const next = (await world.store.streamsOf<GameEvent>().readAll(game.gameId)).filter(
          (c) => c.version === stored.version + 1,
        );
        expect(next).toHaveLength(1);
        expect(next[0]!.by).toBe(timedOut ? 'system:timeout' : actor.playerId);
        racer = async () => {};
      }
      let gaps = 0;
      let duplicates = 0;
      for (const id of gameIds) {
        const log = await checkLog(world.store, id);
        gaps += log.gaps;
        duplicates += log.duplicates;
      }
      console.log(
        `clock races: ${figure(RACE_TRIALS)} trials of a late move against the timeout: the move won ${figure(wins.player)}, ` +
          `the timeout ${figure(wins.timeout)} (the move told 412 each time), ${gaps} gaps, ${duplicates} duplicates, ${gameIds.length} games`,
      );
      expect(refusals).toEqual([]);
      expect(wins.player + wins.timeout).toBe(RACE_TRIALS);
      expect(wins.player).toBeGreaterThan(0);
      expect(wins.timeout).toBeGreaterThan(0);
      expect({ gaps, duplicates }).toEqual({ gaps: 0, duplicates: 0 });
    },
    Math.max(30_000, RACE_TRIALS * 400),
  );

  it(
    `${figure(FAULT_GAMES)} clocked games to the end with absent players, crashing sweepers two at a time and a failing DynamoDB`,
    async () => {
      const endpoint = inject('dynamoEndpoint');
      const client = createDynamoClient({ endpoint, maxAttempts: 3 });
      const faults = injectFaults(client, {
        rates: { throttling: 0.005, timeout: 0.005, 'lost-reply': 0.01 },
        rng: seededRandom(11),
      });
      const world = await clockWorld(endpoint, client, 3);
      const rng = seededRandom(5);
      let crashes = 0;
      const crashing = () =>
        world.sweeper(() => {
          if (chance(rng, 0.15)) {
            crashes++;
            throw new Error('the sweeper died between its claim and the append');
          }
        });
      const clean = world.sweeper();
      const games = await eachLimited(Array.from({ length: FAULT_GAMES }), 8, () => clockedGame(world));
      const absences = new Map(games.map((g) => [g.gameId, 0]));
      let rounds = 0;
      let open = games;
      while (open.length > 0) {
        if (++rounds > 5000) throw new Error('the games never end');
        // Each awaited player moves (60%) or is absent this hour; an away one comes back now and then.
        await eachLimited(open, 8, async ({ gameId, players }) => {
          const load = async () => (await retrying(() => world.games.load(gameId)))!;
          const game = await load();
          let seat = awaitedSeat(game.state);
          if (seat === null) {
            const away = game.state.clock?.away.findIndex(Boolean) ?? -1;
            if (away >= 0 && chance(rng, 0.3)) {
              const actor = { kind: 'player', playerId: players[away]! } as const;
              const options = { expectedVersion: game.version, key: randomUUID() };
              await retrying(() => world.games.run(gameId, actor, { type: 'return' }, options)).catch(
                (error: unknown) => {
                  // The game moved on first (a bot's move, say): they come back another time.
                  if (!(error instanceof StaleVersionError)) throw error;
                },
              );
            } else await world.games.settleBots(gameId);
            // Back in turn, or a bot's chain ended on someone's turn: they are awaited this hour too.
            seat = awaitedSeat((await load()).state);
            if (seat === null) return;
          }
          // Whoever is awaited this hour moves, until one of them is absent: their turn times out.
          for (let moves = 0, at: number | null = seat; at !== null; moves++) {
            if (moves > 500) throw new Error('a game that never awaits anyone absent');
            if (!chance(rng, 0.6)) {
              absences.set(gameId, (absences.get(gameId) ?? 0) + 1);
              return;
            }
            await playerMove(world.games, gameId, players[at]!, rng);
            at = awaitedSeat((await load()).state);
          }
        });
        // The hour is up: two crashing sweepers at once, then sweeps after the lease until nothing is due.
        world.clock.now += HOUR;
        await Promise.all([crashing().sweep(world.clock.now), crashing().sweep(world.clock.now)]);
        for (let i = 1; ; i++) {
          world.clock.now += LEASE;
          const report = await clean.sweep(world.clock.now);
          if (report.due === 0) break;
          if (i > 20) throw new Error(`due work is never done: ${JSON.stringify(report)}`);
        }
        const states = await eachLimited(open, 8, async (g) => ({
          g,
          game: await retrying(() => world.games.load(g.gameId)),
        }));
        open = states.filter(({ game }) => game?.state.status !== 'finished').map(({ g }) => g);
      }
      let timeouts = 0;
      let expected = 0;
      const problems: string[] = [];
      for (const { gameId } of games) {
        const log = await checkLog(world.store, gameId);
        if (log.gaps || log.duplicates || !log.matchesSnapshot || log.conservationErrors.length > 0)
          problems.push(`${gameId}: ${JSON.stringify({ ...log, state: undefined })}`);
        const found = (await timeoutsIn(world, gameId)).length;
        timeouts += found;
        expected += absences.get(gameId) ?? 0;
        if (found !== absences.get(gameId))
          problems.push(`${gameId}: ${found} timeouts for ${absences.get(gameId)} absences`);
        problems.push(...(await projectionProblems(world.store, gameId, log)).map((p) => `${gameId}: ${p}`));
      }
      // Nothing left due, ever: every finished game's entries are gone.
      const far = await clean.sweep(world.clock.now + 365 * 24 * HOUR);
      console.log(
        `clock faults: ${figure(FAULT_GAMES)} games finished in ${figure(rounds)} hours, ${figure(timeouts)} timeouts for ` +
          `${figure(expected)} absences, ${figure(crashes)} sweeper crashes, ${figure(faults.byKind.throttling + faults.byKind.timeout + faults.byKind['lost-reply'])} DynamoDB faults in ${figure(faults.requests)} requests`,
      );
      expect(problems.slice(0, 10)).toEqual([]);
      expect(timeouts).toBe(expected);
      expect(crashes).toBeGreaterThan(0);
      expect(far.due).toBe(0);
    },
    Math.max(120_000, FAULT_GAMES * 20_000),
  );
});
