import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('the RateLimit headers (draft-ietf-httpapi-ratelimit-headers)', () => {
  it('state the policy as the burst per refill time, and what is left with when one more comes', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 60, perSecond: 20 }, () => now);
    expect(limiter.policy).toBe('"player";q=60;w=3');
    expect(limiter.headers('a')).toEqual({ RateLimit: '"player";r=60;t=0', 'RateLimit-Policy': '"player";q=60;w=3' });
    limiter.take('a');
    expect(limiter.headers('a').RateLimit).toBe('"player";r=59;t=1');
    for (let i = 0; i < 59; i++) limiter.take('a');
    expect(limiter.take('a')).toBe(false);
    // Refused: nothing left, and `t` is what Retry-After says.
    expect(limiter.headers('a').RateLimit).toBe(`"player";r=0;t=${limiter.retryAfter('a')}`);
    now = 1000;
    limiter.take('a');
    expect(limiter.headers('a').RateLimit).toBe('"player";r=19;t=1');
  });

  it('a slow policy: registration, 30 at once and one a second', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 30, perSecond: 1 }, () => now, undefined, 'registration');
    expect(limiter.policy).toBe('"registration";q=30;w=30');
    for (let i = 0; i < 30; i++) limiter.take('x');
    expect(limiter.take('x')).toBe(false);
    expect(limiter.headers('x').RateLimit).toBe('"registration";r=0;t=1');
    now = 500;
    limiter.take('x');
    expect(limiter.headers('x').RateLimit).toBe('"registration";r=0;t=1');
    expect(limiter.retryAfter('x')).toBe(1);
  });
});
