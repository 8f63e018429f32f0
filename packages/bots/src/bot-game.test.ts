import { BOT_LEVELS, seededRandom, type BotLevel } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { playBotGame } from './bot-game';

// A clock that moves on 1 ms each time it is read: a strong bot's search then depends on the seed alone.
function tickingClock() {
  let t = 0;
  return () => t++;
}

describe('a game of bots', () => {
  it.each(BOT_LEVELS)('plays to the end with %s bots and replays identically from the same seed', (level) => {
    const levels: BotLevel[] = [level, 'greedy', 'random'];
    const play = (seed: number) =>
      playBotGame({ levels, rules: { set: 6 }, random: seededRandom(seed), budgetMs: 20, now: tickingClock() });
    const first = play(11);
    expect(first.winners.length).toBeGreaterThan(0);
    expect(first.events.at(-1)?.type).toBe('GameEnded');
    expect(play(11).events).toEqual(first.events);
    expect(play(12).events).not.toEqual(first.events);
  });

  it('greedy bots beat random ones over a few double-9 games', () => {
    let greedyWins = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const levels: BotLevel[] = seed % 2 ? ['greedy', 'random'] : ['random', 'greedy'];
      const { winners } = playBotGame({ levels, random: seededRandom(seed) });
      greedyWins += winners.filter((s) => levels[s] === 'greedy').length / winners.length;
    }
    expect(greedyWins).toBeGreaterThan(12);
  });
});
