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

  // A decision (issue 28): the budget counts attempts, not successes. A registration refused for what it
  // carries (415, 400) spends one like any other, so a flood of malformed requests is held to the same
  // rate as a flood of good ones, and no kind of request is a free probe.
  it('count a registration refused for its content (415, 400) like any other attempt', async () => {
    const clock = { now: Date.parse('2026-12-01T09:00:00.000Z') };
    const { api } = await testApi(inject('dynamoEndpoint'), { logger: silentLogger, clock: () => clock.now });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const plain = { headers: { 'content-type': 'text/plain' }, body: `{"name":"T${i}"}` };
      statuses.push((await api.call('POST', '/v1/players', plain)).status);
    }
    for (let i = 0; i < 10; i++) statuses.push((await api.call('POST', '/v1/players', { body: { name: '' } })).status);
    expect(statuses).toEqual([...Array(10).fill(415), ...Array(10).fill(400)]);
    const good = [];
    for (let i = 0; i < 11; i++) good.push((await api.call('POST', '/v1/players', { body: { name: `G${i}` } })).status);
    expect(good).toEqual([...Array(10).fill(201), 429]);
  });
});
