import type { TestClient } from '@chickenfoot/api/testing';

/** A registered player as the suites hold it. */
export interface Player {
  readonly id: string;
  readonly token: string;
}

/** A started game: its id and its seats' tokens, in seat order. */
export interface Game {
  readonly gameId: string;
  readonly seats: readonly Player[];
}

/**
 * Creates a game with `players[0]` and seats the others in order, so that the same players can sit
 * together in several games (`TestClient.startGame` registers new ones each time).
 * @example const game = await seatGame(api, [ann, bob], { set: 6 });
 */
export async function seatGame(
  api: TestClient,
  players: readonly Player[],
  rules: Record<string, unknown>,
): Promise<Game> {
  const [creator, ...others] = players;
  if (!creator) throw new Error('a game needs players');
  const created = await api.createGame(creator.token, { seats: players.length, rules });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const gameId: string = created.body.game.id;
  for (const player of others) {
    const joined = await api.join(player.token, gameId, created.body.game.inviteCode);
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  }
  return { gameId, seats: players };
}
