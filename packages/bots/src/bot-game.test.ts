import { BOT_LEVELS, seededRandom, type BotLevel } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { playBotGame } from './bot-game';
import { chooseMove } from './choose-move';

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

  it('gives each bot its own seat’s view and a log of the hand that shows no tile it may not see', () => {
    const tilesIn = (value: unknown): string[] => JSON.stringify(value).match(/\d+-\d+/g) ?? [];
    let checked = 0;
    playBotGame({
      levels: ['greedy', 'random', 'greedy'],
      rules: { set: 6 },
      random: seededRandom(5),
      choose: (input, seat) => {
        expect(input.view.viewer).toBe(seat);
        expect(input.log[0]?.type).toBe('HandDealt');
        const visible = new Set([
          ...(input.view.yourTiles ?? []),
          ...(input.view.hand?.board.map((p) => p.tile) ?? []),
          ...input.view.pastHands.flatMap((h) => [h.opener, ...h.hands.flat()]),
          input.view.hand?.opener ?? '',
        ]);
        // Tiles this seat held and played or was dealt are on the board or in its hand, or were dealt to it.
        const dealt = input.log[0]?.type === 'HandDealt' ? (input.log[0].tiles ?? []) : [];
        for (const tile of tilesIn(input.log)) expect(visible.has(tile) || dealt.includes(tile)).toBe(true);
        checked++;
        return chooseMove(input);
      },
    });
    expect(checked).toBeGreaterThan(100);
  });
});
