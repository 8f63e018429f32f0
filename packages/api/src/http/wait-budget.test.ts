import { describe, expect, it } from 'vitest';
import { LAMBDA_MARGIN_MS, waitBudgetMs } from './wait-budget';

const onLambda = (remaining: number) => ({ lambdaContext: { getRemainingTimeInMillis: () => remaining } });

describe('how long a long-poll may hold a request', () => {
  it('is what was asked, at most the server’s maximum, on Node', () => {
    expect(waitBudgetMs({ incoming: {} }, 5, 20)).toBe(5_000);
    expect(waitBudgetMs(undefined, 60, 20)).toBe(20_000);
    expect(waitBudgetMs({}, 0, 20)).toBe(0);
  });

  it('ends the margin before the function does, on Lambda', () => {
    expect(LAMBDA_MARGIN_MS).toBe(2_000);
    expect(waitBudgetMs(onLambda(9_990), 20, 20)).toBe(7_990);
    expect(waitBudgetMs(onLambda(29_000), 20, 20)).toBe(20_000);
    expect(waitBudgetMs(onLambda(9_990), 3, 20)).toBe(3_000);
  });

  it('does not wait at all when the function has less than the margin left', () => {
    expect(waitBudgetMs(onLambda(1_500), 20, 20)).toBe(0);
  });
});
