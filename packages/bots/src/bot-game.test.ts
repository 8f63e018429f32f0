import { BOT_LEVELS, seededRandom, type BotLevel, type VisibleEvent } from '@chickenfoot/rules';
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
    // What each bot was given, kept to be judged against the game's true events once it is over: what a
    // seat may see comes from the deal as dealt (its own tiles), its own draws and the tiles placed,
    // never from the log under test (a deal that showed every hand would vouch for itself).
    const asked: { seat: number; log: VisibleEvent[]; view: unknown }[] = [];
    const game = playBotGame({
      levels: ['greedy', 'random', 'greedy'],
      rules: { set: 6 },
      random: seededRandom(5),
      choose: (input, seat) => {
        expect(input.view.viewer).toBe(seat);
        asked.push({ seat, log: structuredClone([...input.log]), view: structuredClone(input.view) });
        return chooseMove(input);
      },
    });
    const truth = game.events;
    for (const { seat, log, view } of asked) {
      const dealt = log[0]?.type === 'HandDealt' ? log[0] : undefined;
      expect(dealt).toBeDefined();
      const from = truth.findIndex((e) => e.type === 'HandDealt' && e.hand === dealt!.hand);
      // The log is this seat's redaction of the hand's events so far, one for one.
      const seen = truth.slice(from, from + log.length);
      expect(log.map((e) => e.type)).toEqual(seen.map((e) => e.type));
      const mine = new Set<string>();
      for (const event of seen) {
        if (event.type === 'HandDealt') [event.opener, ...event.hands[seat]!].forEach((t) => mine.add(t));
        if (event.type === 'TileDrawn' && event.seat === seat) mine.add(event.tile);
        if (event.type === 'RootPlaced' || event.type === 'TilePlayed') mine.add(event.tile);
      }
      for (const tile of tilesIn(log)) expect({ seat, tile, visible: mine.has(tile) }).toMatchObject({ visible: true });
      // The view may also show what earlier hands turned face up: their placed tiles and leftover hands.
      const shown = new Set(mine);
      for (const event of truth.slice(0, from)) {
        if (event.type === 'RootPlaced' || event.type === 'TilePlayed') shown.add(event.tile);
        if (event.type === 'HandEnded') event.hands.flat().forEach((t) => shown.add(t));
      }
      for (const tile of tilesIn(view))
        expect({ seat, tile, visible: shown.has(tile) }).toMatchObject({ visible: true });
    }
    // Every seat was asked, in several hands.
    expect(new Set(asked.map((a) => a.seat))).toEqual(new Set([0, 1, 2]));
    expect(new Set(asked.map((a) => (a.log[0] as { hand: number }).hand)).size).toBeGreaterThan(3);
    expect(asked.length).toBeGreaterThan(100);
  });
});
