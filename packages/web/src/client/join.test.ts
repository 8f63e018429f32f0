import { describe, expect, it } from 'vitest';
import { codeOf } from './join';

describe('codeOf', () => {
  it('finds the invite code in a whole link, a fragment or the code alone', () => {
    expect(codeOf('https://example.test/join/g_abc#k3y-X_9')).toBe('k3y-X_9');
    expect(codeOf('k3y-X_9')).toBe('k3y-X_9');
    expect(codeOf('  k3y  ')).toBe('k3y');
    expect(codeOf('a%2Bb')).toBe('a+b');
    // A stray % is kept as typed rather than lost.
    expect(codeOf('50%off')).toBe('50%off');
    expect(codeOf('')).toBe('');
    expect(codeOf('https://example.test/join/g_abc#')).toBe('');
  });
});
