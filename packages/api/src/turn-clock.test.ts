import { describe, expect, inject, it } from 'vitest';
import { testApi } from './testing';

// Turn clocks end to end, on the real app and its sweeper with one fake clock: deadlines in every
// view and list, timeouts made by the sweeper at the deadline (and not before), away seats, return,
// more time.
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function clockedGame(rules: Record<string, unknown> = {}) {
  const clock = { now: T0 };
  const harness = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
  const { api } = harness;
  const game = await api.startGame(2, { set: 6, turnHours: 24, ...rules });
  const look = async (seat: number) => (await api.view(game.tokens[seat] as string, game.gameId)).body;
  const inTurn = async () => {
    const view = await look(0);
    return { seat: view.hand.turn as number, view };
  };
  /** The seat in turn plays its first legal play (or pass). */
  const play = async () => {
    const { seat } = await inTurn();
    const mine = await look(seat);
    const move = mine.legalMoves.find((m: { type: string }) => m.type === 'play' || m.type === 'pass');
    const done = await api.move(game.tokens[seat] as string, game.gameId, move, mine.version);
    expect(done.status).toBe(200);
    return done.body;
  };
  return { ...harness, ...game, clock, look, inTurn, play };
}

describe('a game with a turn clock', () => {
  it('shows the clock and the deadline of the seat in turn to all, in views and lists', async () => {
    const { api, tokens, gameId, inTurn, look } = await clockedGame();
    const { seat, view } = await inTurn();
    expect(view.rules).toMatchObject({ turnHours: 24, awayAfter: 2 });
    const deadline = iso(T0 + 24 * HOUR);
    for (const s of [0, 1]) {
      const seen = await look(s);
      expect(seen).toMatchObject({ deadline, extraHours: 0 });
      expect(seen.seats.map((x: { timeouts: number; away: boolean }) => [x.timeouts, x.away])).toEqual([
        [0, false],
        [0, false],
      ]);
    }
    const mine = await api.call('GET', '/v1/me/games?turn=mine', { token: tokens[seat] as string });
    expect(mine.body.games).toEqual([expect.objectContaining({ id: gameId, deadline, turnHours: 24 })]);
    const theirs = await api.call('GET', '/v1/me/games', { token: tokens[1 - seat] as string });
    expect(theirs.body.games).toEqual([expect.objectContaining({ id: gameId, deadline: null, turnHours: 24 })]);
  });

  it('times the seat in turn out at its deadline, not before: its bot’s move, recorded as a timeout', async () => {
    const { api, tokens, gameId, inTurn, sweeper, clock, look } = await clockedGame();
    const { seat, view } = await inTurn();
    const mine = await look(seat);
    clock.now = T0 + 24 * HOUR - 1;
    expect(await sweeper.sweep(clock.now)).toMatchObject({ due: 0, claimed: 0 });
    clock.now = T0 + 24 * HOUR;
    const report = await sweeper.sweep(clock.now);
    expect(report).toMatchObject({ due: 1, claimed: 1, effects: { applied: 1 }, failed: 0 });
    const after = await look(seat);
    expect(after.version).toBeGreaterThan(view.version);
    expect(after.seats[seat]).toMatchObject({ timeouts: 1, away: false });
    expect(after.seats[1 - seat]).toMatchObject({ timeouts: 0 });
    const events = await api.events(tokens[1 - seat] as string, gameId, view.version);
    const first = events.body.commits[0];
    expect(first.events[0]).toEqual({ type: 'TurnTimedOut', seat });
    expect(first.events[1]).toMatchObject({ seat });
    expect(['TilePlayed', 'TurnPassed']).toContain(first.events[1].type);
    // The next turn began with the timeout (whoever's it is: the other seat's, or this one's again after
    // forced moves): its deadline runs from then.
    expect(after.status).toBe('playing');
    expect(after.deadline).toBe(iso(clock.now + 24 * HOUR));
    // The player's late move, at the version they saw: told that their turn timed out (its own code,
    // with the 412 of any stale move), and the game's version to go on from.
    const late = await api.move(tokens[seat] as string, gameId, mine.legalMoves[0], mine.version);
    expect(late.status).toBe(412);
    expect(late.body).toMatchObject({ code: 'game/turn-timed-out', currentVersion: after.version });
    expect(late.body.detail).toMatch(/^Your turn timed out \(version \d+, [^)]+\): a bot moved for you\./);
    // The other seat's move at an old version is only stale: their turn never timed out.
    const other = await api.move(tokens[1 - seat] as string, gameId, mine.legalMoves[0], view.version);
    expect([other.status, other.body.code]).toEqual([412, 'request/version-mismatch']);
    // Done once: the same sweep again finds nothing.
    expect(await sweeper.sweep(clock.now)).toMatchObject({ due: 0, claimed: 0 });
  });

  it('makes a seat away after awayAfter timeouts in a row; its bot plays at once until its player returns', async () => {
    const { api, tokens, gameId, inTurn, sweeper, clock, look, play } = await clockedGame({ awayAfter: 2 });
    const absent = (await inTurn()).seat;
    const present = 1 - absent;
    // Timeout after timeout: the present player moves at once, the absent one never.
    let guard = 0;
    while (!(await look(absent)).seats[absent].away) {
      if (++guard > 40) throw new Error('never away');
      const { seat } = await inTurn();
      if (seat === present) await play();
      else {
        clock.now += 24 * HOUR;
        expect((await sweeper.sweep(clock.now)).effects.applied).toBe(1);
      }
    }
    const away = await look(present);
    expect(away.seats[absent]).toMatchObject({ away: true, timeouts: 2, bot: 'greedy' });
    // The away seat's turns are played at once, in the reply to the present player's move.
    // An away seat is never awaited: the turn is the present player's, with their deadline.
    expect(away.hand.turn).toBe(present);
    expect(away.deadline).not.toBeNull();
    const moved = await play();
    expect(moved.game.status).toBe('playing');
    expect(moved.game.hand.turn).toBe(present);
    expect(moved.events.some((e: { seat?: number }) => e.seat === absent)).toBe(true);
    // Nothing waits on the away seat: no deadline of theirs comes.
    const mine = await api.call('GET', '/v1/me/games?turn=mine', { token: tokens[absent] as string });
    expect(mine.body.games).toEqual([]);
    // Back: their seat is theirs again, and their next turn waits for them, with a deadline.
    const back = await api.returnToGame(tokens[absent] as string, gameId, moved.version);
    expect(back.status).toBe(200);
    expect(back.body.events).toEqual([{ type: 'SeatReturned', seat: absent }]);
    expect(back.body.game.seats[absent]).toMatchObject({ away: false, bot: null, timeouts: 2 });
    const again = await api.returnToGame(tokens[absent] as string, gameId, back.body.version);
    expect([again.status, again.body.code]).toEqual([422, 'rules/not-away']);
    if ((await look(present)).hand.turn === present) await play();
    const theirs = await look(absent);
    expect(theirs.status).toBe('playing');
    expect(theirs.hand.turn).toBe(absent);
    expect(theirs.deadline).toBe(iso(clock.now + 24 * HOUR));
  });

  it('a player’s own move after a timeout starts their count over: timeouts in a row, not in all', async () => {
    const { inTurn, sweeper, clock, look, play } = await clockedGame({ awayAfter: 2 });
    const absent = (await inTurn()).seat;
    clock.now += 24 * HOUR;
    await sweeper.sweep(clock.now);
    if ((await inTurn()).seat !== absent) await play();
    const moved = await play();
    expect(moved.events[0]).toEqual({ type: 'SeatReturned', seat: absent });
    if ((await inTurn()).seat !== absent) await play();
    clock.now += 24 * HOUR;
    await sweeper.sweep(clock.now);
    expect((await look(absent)).seats[absent]).toMatchObject({ timeouts: 2, away: false });
  });

  it('lets another seated player give the seat in turn more time, bounded; the deadline moves with it', async () => {
    const { api, tokens, gameId, inTurn, sweeper, clock, look } = await clockedGame();
    const { seat, view } = await inTurn();
    const self = await api.giveTime(tokens[seat] as string, gameId, 12, view.version);
    expect([self.status, self.body.code]).toEqual([422, 'rules/cannot-give-self']);
    const lots = await api.giveTime(tokens[1 - seat] as string, gameId, 25, view.version);
    expect([lots.status, lots.body.code]).toEqual([422, 'rules/too-much-time']);
    const bad = await api.giveTime(tokens[1 - seat] as string, gameId, 1.5, view.version);
    expect([bad.status, bad.body.code]).toEqual([400, 'request/invalid']);
    const given = await api.giveTime(tokens[1 - seat] as string, gameId, 12, view.version);
    expect(given.status).toBe(200);
    expect(given.body.events).toEqual([{ type: 'TimeGiven', seat, by: 1 - seat, hours: 12 }]);
    expect(given.body.game).toMatchObject({ deadline: iso(T0 + 36 * HOUR), extraHours: 12 });
    expect((await look(seat)).deadline).toBe(iso(T0 + 36 * HOUR));
    const more = await api.giveTime(tokens[1 - seat] as string, gameId, 13, given.body.version);
    expect([more.status, more.body.code]).toEqual([422, 'rules/too-much-time']);
    // The old deadline is gone from the due index; the new one comes.
    clock.now = T0 + 24 * HOUR;
    expect(await sweeper.sweep(clock.now)).toMatchObject({ due: 0 });
    clock.now = T0 + 36 * HOUR;
    expect(await sweeper.sweep(clock.now)).toMatchObject({ due: 1, effects: { applied: 1 } });
    expect((await look(seat)).extraHours).toBe(0);
  });

  it('a late move of the player wins when it comes first: the sweep after it does nothing', async () => {
    const { inTurn, sweeper, clock, look, play } = await clockedGame();
    const { seat } = await inTurn();
    clock.now = T0 + 30 * HOUR;
    await play();
    const report = await sweeper.sweep(clock.now);
    expect(report.effects.applied ?? 0).toBe(0);
    expect((await look(seat)).seats[seat].timeouts).toBe(0);
  });

  it('without a clock: no deadline, nothing ever due', async () => {
    const clock = { now: T0 };
    const { api, sweeper } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const view = (await api.view(tokens[0] as string, gameId)).body;
    expect(view).toMatchObject({ deadline: null, extraHours: 0 });
    expect(view.rules.turnHours).toBeNull();
    const time = await api.giveTime(tokens[1 - view.hand.turn] as string, gameId, 5, view.version);
    expect([time.status, time.body.code]).toEqual([422, 'rules/no-clock']);
    expect(await sweeper.sweep(T0 + 400 * 24 * HOUR)).toMatchObject({ due: 0 });
  });
});
