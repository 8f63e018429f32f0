import { describe, expect, it } from 'vitest';
import { BotBudget } from './bot-budget';

describe('a player’s budget of bot thinking (README: 4 s at once, refilled at 250 ms a second)', () => {
  it('starts full at 4 s, goes below zero when a chain overspends, and refills at 250 ms a second up to 4 s', () => {
    const budget = new BotBudget();
    expect(budget.available('ann', 0)).toBe(4000);
    budget.spend('ann', 5000, 0);
    expect(budget.available('ann', 0)).toBe(-1000);
    expect(budget.available('ann', 4000)).toBe(0);
    expect(budget.available('ann', 8000)).toBe(1000);
    // Never above the burst, however long the player was away.
    expect(budget.available('ann', 1_000_000)).toBe(4000);
  });

  it('is each player’s own: one player’s spending leaves another’s whole', () => {
    const budget = new BotBudget({ burstMs: 100, perSecondMs: 10 });
    budget.spend('ann', 100, 0);
    expect(budget.available('ann', 0)).toBe(0);
    expect(budget.available('bob', 0)).toBe(100);
  });

  it('bounds a player’s chain by their budget, due work by the bound alone, and only due work rests', () => {
    const budget = new BotBudget({ burstMs: 700 });
    const settings = { maxCommits: 64, maxMs: 2000, restRatio: 1 };
    expect(budget.boundFor(settings, null, 0)).toEqual({ maxCommits: 64, maxMs: 2000, restRatio: 1 });
    expect(budget.boundFor(settings, { player: 'ann' }, 0)).toEqual({ maxCommits: 64, maxMs: 2000, budgetMs: 700 });
    expect(budget.boundFor(settings, { player: 'ann', reading: true }, 0)).toEqual({
      maxCommits: 2,
      maxMs: 200,
      budgetMs: 700,
    });
  });
});
