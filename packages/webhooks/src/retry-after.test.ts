import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Tue, 01 Dec 2026 12:01:30 GMT', 90_000],
    ['Tuesday, 01-Dec-26 12:00:05 GMT', 5_000],
    ['Tue Dec  1 12:00:10 2026', 10_000],
    ['Tue, 01 Dec 2026 11:00:00 GMT', 0],
  ])('reads %j as %d ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([undefined, '', '-5', '1.5', 'soon', '12abc', 'Tue, 99 Foo 2026 nonsense'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeNull();
  });
});
