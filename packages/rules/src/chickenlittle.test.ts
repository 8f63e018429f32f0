import { describe, expect, it } from 'vitest';
import { anyFits } from './board';
import { anyMoveOutOfTurn, legalMoves } from './legal-moves';
import type { RulesetOptions } from './ruleset';
import { findGame, Scenario } from './scenario';
import { boneyardSize, type GameState } from './state';

// Double-6, three seats, four spokes. After the root (seat 0), seats 1 and 2 add spokes, and seat 0's
// 6-5 leaves it holding one tile (5-1). Seat 1 then draws 0-0 and passes; seat 2's 6-2 fills the root.
function oneTileLeft(rules: RulesetOptions = {}) {
  const game = new Scenario({
    rules: { set: 6, spokes: 4, ...rules },
    deals: [
      {
        hands: [
          ['6-6', '6-5', '5-1'],
          ['6-4', '4-2', '3-0'],
          ['6-3', '6-2', '2-1'],
        ],
        boneyard: ['0-0', '1-1'],
      },
    ],
  });
  game.play(1, '6-4', 0);
  game.play(2, '6-3', 0);
  return game;
}

describe('Chickenlittle (callout, the default)', () => {
  it('may be announced together with the play that leaves one tile', () => {
    const game = oneTileLeft();
    expect(game.play(0, '6-5', 0, true).slice(0, 2)).toEqual([
      { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 3, suit: 6, forced: false },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: false },
    ]);
    expect(game.state.hand?.chickenlittle[0]).toBe('announced');
  });

  it('may be announced later, out of turn, and then there is nothing to call out', () => {
    const game = oneTileLeft();
    expect(anyMoveOutOfTurn(game.state)).toBe(false);
    game.play(0, '6-5', 0);
    expect(game.state.hand?.chickenlittle[0]).toBe('pending');
    expect(game.state.hand?.turn).toBe(2);
    expect(anyMoveOutOfTurn(game.state)).toBe(true);
    expect(legalMoves(game.state, 0)).toEqual([{ type: 'announce' }]);
    expect(game.move(0, { type: 'announce' })).toEqual([{ type: 'ChickenlittleAnnounced', seat: 0, auto: false }]);
    expect(anyMoveOutOfTurn(game.state)).toBe(false);
    game.play(2, '6-2', 0);
    expect(game.refuse(1, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
  });

  it('cannot be called out before another player has placed a tile', () => {
    const game = oneTileLeft();
    game.play(0, '6-5', 0); // seat 1 only drew and passed since
    expect(legalMoves(game.state, 1)).toEqual([]);
    expect(game.refuse(2, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
  });

  it('a lapse, once another player places a tile, is called out by any other player: the offender draws one', () => {
    const game = oneTileLeft();
    game.play(0, '6-5', 0);
    game.play(2, '6-2', 0);
    expect(game.state.hand?.chickenlittle[0]).toBe('vulnerable');
    expect(legalMoves(game.state, 1)).toEqual([{ type: 'callout', seat: 0 }]);
    expect(game.refuse(0, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/cannot-call-out-self' });
    expect(game.move(1, { type: 'callout', seat: 0 })).toEqual([
      { type: 'ChickenlittleCalledOut', seat: 0, by: 1, penalty: 'draw' },
      { type: 'TileDrawn', seat: 0, tile: '1-1', reason: 'penalty', forced: true },
    ]);
    expect(game.tiles(0)).toEqual(['5-1', '1-1']);
    // One lapse earns one penalty.
    expect(game.refuse(2, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
    expect(game.state.hand?.chickenlittle[0]).toBe('none');
  });

  it('refuses an announcement with nothing to announce', () => {
    const fresh = new Scenario({
      rules: { set: 6, spokes: 4 },
      deals: [
        {
          hands: [
            ['6-6', '6-5', '5-1'],
            ['6-4', '4-2', '3-0'],
            ['6-3', '6-2', '2-1'],
          ],
        },
      ],
    });
    const refused = fresh.refuse(1, { type: 'play', tile: '6-4', on: 0, announce: true });
    expect(refused).toMatchObject({ code: 'rules/nothing-to-announce' });
    expect(refused.message).toMatch(/only with the play that leaves you one tile/);

    const game = oneTileLeft();
    expect(game.refuse(0, { type: 'announce' }).message).toMatch(/only when you hold exactly one tile/);
    game.play(0, '6-5', 0, true);
    expect(game.refuse(0, { type: 'announce' }).message).toMatch(/already announced/);
  });

  it('with one tile left in the boneyard, the offender draws it: the penalty is a draw while any tile is left', () => {
    // Found by self-play: a lapse any other seat may call out while the boneyard holds exactly one tile.
    const lapse = (s: GameState) => {
      const hand = s.hand;
      return !!hand && boneyardSize(hand) === 1 && hand.chickenlittle.includes('vulnerable');
    };
    const game = findGame({ rules: { set: 6 }, seats: 3 }, lapse);
    const offender = game.state.hand!.chickenlittle.indexOf('vulnerable');
    const caller = (offender + 1) % 3;
    const last = game.state.hand!.boneyard[game.state.hand!.drawn];
    expect(game.move(caller, { type: 'callout', seat: offender })).toEqual([
      { type: 'ChickenlittleCalledOut', seat: offender, by: caller, penalty: 'draw' },
      { type: 'TileDrawn', seat: offender, tile: last, reason: 'penalty', forced: true },
    ]);
    expect(boneyardSize(game.state.hand!)).toBe(0);
  });

  it('with the boneyard empty, the offender loses their next turn and must announce again after it', () => {
    // Found by self-play: a seat holding one (playable) tile unannounced after another's placement, the
    // boneyard empty, and every other seat holding two or more tiles, so the hand goes on to its turn.
    const lapse = (s: GameState) => {
      const hand = s.hand;
      if (!hand || boneyardSize(hand) > 0) return false;
      const seat = hand.chickenlittle.indexOf('vulnerable');
      return (
        seat >= 0 &&
        hand.turn !== seat &&
        anyFits(hand, hand.hands[seat] ?? []) &&
        hand.hands.every((t, other) => other === seat || t.length > 1)
      );
    };
    const game = findGame({ rules: { set: 6 }, seats: 3 }, lapse);
    const hand = game.state.hand!;
    const offender = hand.chickenlittle.indexOf('vulnerable');
    const caller = (offender + 1) % 3;
    const held = game.tiles(offender);
    const events = game.move(caller, { type: 'callout', seat: offender });
    expect(events[0]).toEqual({ type: 'ChickenlittleCalledOut', seat: offender, by: caller, penalty: 'skip' });
    expect(game.tiles(offender)).toEqual(held);
    expect(game.refuse(offender, { type: 'announce' }).message).toMatch(/lose your next turn/);

    // Play on until the offender's turn comes round: it is skipped, and they are unannounced again.
    const before = game.history.length;
    game.playUntil((s) => s.hand?.chickenlittle[offender] !== 'penalized' || s.hand.index !== hand.index);
    const skipped = game.history.slice(before).find((e) => e.type === 'TurnSkipped');
    expect(skipped).toEqual({ type: 'TurnSkipped', seat: offender });
    expect(game.state.hand?.chickenlittle[offender]).toBe('pending');
    expect(game.move(offender, { type: 'announce' })).toEqual([
      { type: 'ChickenlittleAnnounced', seat: offender, auto: false },
    ]);
  });
});

describe('Chickenlittle variants', () => {
  it('auto: the announcement is made for the player, and there are no call-outs', () => {
    const game = oneTileLeft({ chickenlittle: 'auto' });
    expect(game.play(0, '6-5', 0).slice(0, 2)).toEqual([
      { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 3, suit: 6, forced: false },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: true },
    ]);
    game.play(2, '6-2', 0);
    expect(legalMoves(game.state, 1)).toEqual([]);
    expect(game.refuse(1, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
    expect(game.refuse(0, { type: 'announce' }).message).toMatch(/announced for you/);
  });

  it('off: nothing is announced and nothing can be', () => {
    const game = oneTileLeft({ chickenlittle: 'off' });
    const refused = game.refuse(0, { type: 'play', tile: '6-5', on: 0, announce: true });
    expect(refused).toMatchObject({ code: 'rules/nothing-to-announce' });
    expect(game.play(0, '6-5', 0).some((e) => e.type === 'ChickenlittleAnnounced')).toBe(false);
    game.play(2, '6-2', 0);
    expect(game.refuse(1, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
  });
});

// Double-6, three seats, two tiles each: seat 0 holds 6-6, places it as the root at the deal and is
// left holding one tile (5-1), exactly as if a play had left it one.
function rootLeavesOneTile(rules: RulesetOptions = {}) {
  return new Scenario({
    rules: { set: 6, spokes: 4, ...rules },
    deals: [
      {
        hands: [
          ['6-6', '5-1'],
          ['6-4', '4-3'],
          ['6-3', '3-2'],
        ],
      },
    ],
  });
}

describe('Chickenlittle after placing the opening double', () => {
  it('callout: the placer left one tile must announce; they may, out of turn, before anyone places a tile', () => {
    const game = rootLeavesOneTile();
    expect(game.state.hand?.chickenlittle).toEqual(['pending', 'none', 'none']);
    expect(legalMoves(game.state, 0)).toEqual([{ type: 'announce' }]);
    expect(game.move(0, { type: 'announce' })).toEqual([{ type: 'ChickenlittleAnnounced', seat: 0, auto: false }]);
    game.play(1, '6-4', 0);
    expect(game.refuse(2, { type: 'callout', seat: 0 })).toMatchObject({ code: 'rules/no-lapse' });
  });

  it('callout: unannounced, they become vulnerable when another player places a tile, and are called out', () => {
    const game = rootLeavesOneTile();
    game.play(1, '6-4', 0);
    expect(game.state.hand?.chickenlittle[0]).toBe('vulnerable');
    expect(game.move(2, { type: 'callout', seat: 0 })).toEqual([
      { type: 'ChickenlittleCalledOut', seat: 0, by: 2, penalty: 'draw' },
      { type: 'TileDrawn', seat: 0, tile: expect.any(String), reason: 'penalty', forced: true },
    ]);
    expect(game.tiles(0)).toHaveLength(2);
  });

  it('auto: the announcement is made for the placer with the deal', () => {
    const game = rootLeavesOneTile({ chickenlittle: 'auto' });
    expect(game.history.slice(-2)).toEqual([
      { type: 'RootPlaced', seat: 0, tile: '6-6' },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: true },
    ]);
    expect(game.state.hand?.chickenlittle[0]).toBe('announced');
  });

  it('off: nothing to announce', () => {
    const game = rootLeavesOneTile({ chickenlittle: 'off' });
    expect(game.state.hand?.chickenlittle).toEqual(['none', 'none', 'none']);
    expect(game.refuse(0, { type: 'announce' })).toMatchObject({ code: 'rules/nothing-to-announce' });
  });

  it('the same when the placer drew for the opener: one tile dealt, the double drawn, placed, one left', () => {
    // Nobody holds 6-6: from the seat after the dealer (seat 1), seat 1 draws it at once.
    const game = new Scenario({
      rules: { set: 6, handSize: 1 },
      deals: [{ hands: [['5-1'], ['4-2']], boneyard: ['6-6'] }],
    });
    const root = game.history.findIndex((e) => e.type === 'RootPlaced');
    expect(game.history.slice(root - 1, root + 1)).toEqual([
      { type: 'TileDrawn', seat: 1, tile: '6-6', reason: 'opening', forced: true },
      { type: 'RootPlaced', seat: 1, tile: '6-6' },
    ]);
    expect(game.state.hand?.chickenlittle[1]).toBe('pending');
    expect(legalMoves(game.state, 1)).toEqual([{ type: 'announce' }]);
  });
});
