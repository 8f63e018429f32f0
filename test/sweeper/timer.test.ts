import { describe, expect, inject, it } from 'vitest';
import type { SweepReport } from '@chickenfoot/app';
import { sweepEvery } from '@chickenfoot/app';
import { testApi } from '@chickenfoot/api/testing';

// The sweeper on a timer, as `npm start` runs it: a real timer (a few ms here), a fake clock.
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;

describe('the sweeper on a timer', () => {
  it('sweeps at once and then every interval, at the clock’s time; a due timeout is made; stop ends it', async () => {
    const clock = { now: T0 };
    const { api, sweeper, logs } = await testApi(inject('dynamoEndpoint'), { clock: () => clock.now });
    const { gameId, tokens } = await api.startGame(2, { set: 6, turnHours: 1 });
    const reports: SweepReport[] = [];
    let seen: () => void = () => {};
    const timer = sweepEvery(sweeper, {
      clock: () => clock.now,
      logger: (record) => logs.push(record),
      everyMs: 5,
      onReport: (report) => {
        reports.push(report);
        seen();
      },
    });
    const next = () => new Promise<void>((resolve) => (seen = resolve));
    await next();
    expect(reports[0]).toMatchObject({ now: new Date(T0).toISOString(), due: 0 });
    clock.now = T0 + HOUR;
    // Sweeps already under way saw the old time: wait for one that made the timeout.
    while (!reports.some((r) => r.effects.applied === 1)) await next();
    await timer.stop();
    const count = reports.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reports).toHaveLength(count);
    const view = (await api.view(tokens[0] as string, gameId)).body;
    expect(view.seats.map((s: { timeouts: number }) => s.timeouts).reduce((a: number, b: number) => a + b)).toBe(1);
    expect(logs.some((l) => l.msg === 'swept' && l.due === 1)).toBe(true);
  });

  it('logs a failed sweep and goes on', async () => {
    const failing = { sweep: () => Promise.reject(new Error('the table is gone')) };
    const logs: { msg: string }[] = [];
    let calls = 0;
    const timer = sweepEvery(
      {
        sweep: () => {
          calls++;
          return failing.sweep();
        },
      } as never,
      { clock: () => T0, logger: (record) => logs.push(record), everyMs: 2 },
    );
    while (calls < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    await timer.stop();
    expect(logs.filter((l) => l.msg === 'sweep failed').length).toBeGreaterThanOrEqual(2);
  });
});
