import { describe, expect, it } from 'vitest';
import { invitationLine, invitationTitle, type Invitation } from './invitation';

const rules = { set: 9, handSize: 14, turnHours: null } as unknown as Invitation['rules'];
const invitation = (over: Partial<Invitation>): Invitation => ({
  id: 'g_x',
  status: 'waiting',
  inviter: 'Ann',
  rules,
  seats: 3,
  freeSeats: 1,
  ...over,
});

describe('an invitation in words', () => {
  it('names who invites, or nobody once their name is gone', () => {
    expect(invitationTitle(invitation({}))).toBe('Ann has invited you to a game of Chickenfoot');
    expect(invitationTitle(invitation({ inviter: null }))).toBe('You are invited to a game of Chickenfoot');
    expect(invitationTitle(null)).toBe('You are invited to a game of Chickenfoot');
  });

  it('says the game in short, and whether a seat is left', () => {
    expect(invitationLine(invitation({}))).toBe('Double-9, 3 players, 14 tiles each: 1 seat left.');
    expect(invitationLine(invitation({ freeSeats: 2, rules: { ...rules, turnHours: 24 } }))).toBe(
      'Double-9, 3 players, 14 tiles each, 24 hours a turn: 2 seats left.',
    );
    expect(invitationLine(invitation({ status: 'playing', freeSeats: 0 }))).toBe(
      'Double-9, 3 players, 14 tiles each: it has started, every seat taken.',
    );
    expect(invitationLine(invitation({ status: 'cancelled', freeSeats: 0 }))).toMatch(/: it was cancelled\.$/);
  });
});
