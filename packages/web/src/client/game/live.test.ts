import { describe, expect, it } from 'vitest';
import { pauseAfter } from './live';

describe('pauseAfter', () => {
  it('looks again at once after a wait the API held, however long it held it', () => {
    // Answered by news, or a wait that ran its 20 s (npm start): no pause.
    expect(pauseAfter(19_500)).toBe(0);
    expect(pauseAfter(20_300)).toBe(0);
    // On AWS a wait ends ~8 s in, before the function's timeout: still a wait held, not a loop.
    expect(pauseAfter(8_100)).toBe(0);
    expect(pauseAfter(2_000)).toBe(0);
  });

  it('pauses for the rest of the 20 s after an empty answer that came at once', () => {
    // A muted table, or a wait of 0: nothing was held, so the next look waits.
    expect(pauseAfter(40)).toBe(19_960);
    expect(pauseAfter(1_999)).toBe(18_001);
  });
});
