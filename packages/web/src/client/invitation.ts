import createClient from 'openapi-fetch';
import type { paths } from '../api/api-types';
import { failure, type Schemas } from './api';

/** What an invite link says of its game (`GET /v1/games/{id}/invitation`). */
export type Invitation = Schemas['Invitation'];

/**
 * Reads what an invite link says of its game: no account needed (so no token sent), the code in a
 * header, out of URLs and the logs that keep them. Throws an ApiError (`game/not-found` for a wrong code).
 */
export async function readInvitation(id: string, inviteCode: string): Promise<Invitation> {
  const client = createClient<paths>({ baseUrl: location.origin });
  const { data, error, response } = await client.GET('/v1/games/{id}/invitation', {
    params: { path: { id }, header: { 'Invite-Code': inviteCode } },
  });
  if (!data) throw failure(response, error);
  return data;
}

/** The invite page's heading: who invites, when their name is known. */
export function invitationTitle(invitation: Invitation | null): string {
  return invitation?.inviter
    ? `${invitation.inviter} has invited you to a game of Chickenfoot`
    : 'You are invited to a game of Chickenfoot';
}

/**
 * The game an invitation is to, in a line: its rules in short, and whether a seat is left for you.
 * @example invitationLine(…) // "Double-9, 3 players, 11 tiles each: 1 seat left."
 */
export function invitationLine({ rules, seats, freeSeats, status }: Invitation): string {
  const game = [`Double-${rules.set}`, `${seats} players`, `${rules.handSize} tiles each`];
  if (rules.turnHours !== null) game.push(`${rules.turnHours} hours a turn`);
  const left = {
    waiting: freeSeats === 0 ? 'every seat is taken' : freeSeats === 1 ? '1 seat left' : `${freeSeats} seats left`,
    playing: 'it has started, every seat taken',
    finished: 'it is over',
    cancelled: 'it was cancelled',
  }[status];
  return `${game.join(', ')}: ${left}.`;
}
