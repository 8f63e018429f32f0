import { describe, expect, inject, it } from 'vitest';
import { testApi } from './testing';

// Issue 28, finding 8: API JSON replies lacked X-Content-Type-Options, /docs lacked Referrer-Policy.
describe('secure headers on every answer', () => {
  it('JSON replies, problems and /docs say nosniff, no referrer, no framing', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const answers = [
      await api.call('GET', '/v1/me', { token: ann.token }),
      await api.call('GET', '/v1/me'),
      await api.call('GET', '/v1/nothing-here', { token: ann.token }),
      await api.call('GET', '/docs'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('origin-agent-cluster')).toBeNull();
    }
  });
});
