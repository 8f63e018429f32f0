import { describe, expect, inject, it } from 'vitest';
import { testApi } from './testing';

// Issue 28, finding 8: a 415 (a body that is not JSON) spent a registration from the address's budget.
describe('the registration limit per address', () => {
  it('is spent by registrations, not by bodies refused as not JSON', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), {
      clock: () => Date.parse('2026-12-04T12:00:00Z'),
      limits: { registrations: { burst: 2, perSecond: 0.001 } },
    });
    const register = (type: string, body: string) =>
      api.call('POST', '/v1/players', { body, headers: { 'content-type': type } });
    for (let i = 0; i < 5; i++) expect((await register('text/plain', 'Ann')).status).toBe(415);
    const json = [];
    for (let i = 0; i < 3; i++)
      json.push((await register('application/json', JSON.stringify({ name: `P${i}` }))).status);
    expect(json).toEqual([201, 201, 429]);
  });
});
