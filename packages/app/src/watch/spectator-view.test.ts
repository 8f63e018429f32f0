import { seededRandom, selfPlay, type GameState } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { gameView } from '../games/view';
import { spectatorView } from './spectator-view';

// A seat's own fields, and the link to the game's rematch (a game for its players only).
const SEAT_ONLY = ['yourSeat', 'inviteCode', 'yourTiles', 'drawnTile', 'legalMoves', 'rematch'];

describe('the spectator view', () => {
  it('is the rules’ view for no seat: what a seat’s view shows everyone, and nothing of a seat’s own', () => {
    const states: GameState[] = [];
    selfPlay({ seats: 3, rules: { set: 6 }, random: seededRandom(4), onStep: ({ state }) => states.push(state) });
    expect(states.length).toBeGreaterThan(20);
    const since = '2026-12-01T12:00:00.000Z';
    for (const [version, state] of states.entries()) {
      const seen = spectatorView({ gameId: 'g_1', version, state, since });
      for (const key of SEAT_ONLY) expect(seen).not.toHaveProperty(key);
      // What any seat's view shows beyond its own fields is exactly what a spectator sees.
      const seat = state.hand?.turn ?? 0;
      const inviteCodes = { inviteCode: () => 'CODE' };
      const full: Record<string, unknown> = {
        ...gameView({ gameId: 'g_1', version, state, since, seat, inviteCodes }),
      };
      for (const key of SEAT_ONLY) delete full[key];
      expect(seen).toEqual(full);
      const hand = state.hand;
      if (hand) {
        const shown = JSON.stringify(seen.hand);
        for (const tile of hand.hands.flat())
          if (!hand.placements.some((p) => p.tile === tile)) expect(shown).not.toContain(`"${tile}"`);
      }
    }
  });
});
