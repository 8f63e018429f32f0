// The README's limits as the app applies them with no limits configured (the defaults every deployment
// gets): "1 registration/s per address (bursts of 30)", on a clock that stands still and then moves on a
// second at a time, so that what is judged is the count, not the speed of the machine.
import { silentLogger } from '@chickenfoot/app';
import { testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

describe('the default limits', () => {
  it('let an address register 30 players at once, then one a second, refusing the rest with 429', async () => {
    const clock = { now: Date.parse('2026-12-01T09:00:00.000Z') };
    const { api } = await testApi(inject('dynamoEndpoint'), { logger: silentLogger, clock: () => clock.now });
    const register = async (n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++)
        statuses.push((await api.call('POST', '/v1/players', { body: { name: `P${i}` } })).status);
      return statuses;
    };
    expect(await register(31)).toEqual([...Array(30).fill(201), 429]);
    const refused = await api.call('POST', '/v1/players', { body: { name: 'Late' } });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1']);
    expect(refused.headers.get('ratelimit-policy')).toBe('"registration";q=30;w=30');
    clock.now += 1_000;
    expect(await register(2)).toEqual([201, 429]);
    clock.now += 3_000;
    expect(await register(4)).toEqual([201, 201, 201, 429]);
  });
});
