import { hasLeft, type GameState, type Tile } from '@chickenfoot/rules';
import { notFound, RefusedError, StaleVersionError, VersionAheadError } from '../errors';
import type { Signer } from '../identity/signer';
import { seatOfActor } from './actors';
import { exportGame, replay, type GameExport } from './export';
import type { PlayerSeat } from './player-seat';
import { commandReply, type CommandReply } from './reply';
import type { GameService } from './service';
import { spectatorView, type SpectatorView } from '../watch/spectator-view';

/** One step of a finished game's replay: the events of that commit and the game as it stood after it. */
export interface ReplayStep {
  readonly version: number;
  readonly last: number;
  readonly events: readonly { type: string }[];
  readonly hands: readonly (readonly Tile[])[] | null;
  readonly boneyard: readonly Tile[];
  /** The table as a spectator saw it then (null before the game was created). */
  readonly game: SpectatorView | null;
}

/** What the finished-game use cases are built on. */
export interface FinishedGamesParts {
  readonly games: GameService;
  readonly signer: () => Promise<Signer>;
  readonly players: PlayerSeat;
}

/** What a player does with a game that is over: its rematch, its export, and its replay step by step. */
export class FinishedGames {
  constructor(private readonly parts: FinishedGamesParts) {}

  /**
   * Proposes the game's rematch (the first to ask creates it: same rules, each seat kept for its
   * player, linked back) or accepts it (anyone after): one rematch per game, at an id derived from it.
   */
  async rematch(playerId: string, gameId: string, key: string): Promise<CommandReply & { created: boolean }> {
    const { state, seat } = await this.#finished(playerId, gameId, 'A rematch is proposed once the game is over.');
    if (hasLeft(state, seat))
      throw new RefusedError('game/left', 'You left this game: a bot has your seat in its rematch.');
    const signer = await this.parts.signer();
    const player = await this.parts.players.seatedPlayer(playerId);
    const actor = { kind: 'player', playerId } as const;
    const rematchId = signer.rematchIdFor(gameId);
    const accept = async () => {
      const join = { type: 'join', player, withoutCode: true } as const;
      const chain = await this.parts.games.run(rematchId, actor, join, { expectedVersion: null, key });
      return { created: false, ...commandReply(chain, signer) };
    };
    const propose = async () => {
      const command = { type: 'create', ...rematchOf(state, gameId, seat), player } as const;
      const chain = await this.parts.games.run(rematchId, actor, command, { expectedVersion: 0, key });
      return { created: true, ...commandReply(chain, signer) };
    };
    const existing = await this.parts.games.load(rematchId);
    // A retry of the proposal is found by the create (at version 1); anyone else's accepts.
    if (existing && existing.state.setup.creator !== seat) return accept();
    return propose().catch((error: unknown) => {
      if (error instanceof StaleVersionError) return accept();
      throw error;
    });
  }

  /** The finished game as one document, every tile shown: for its players only (those who left too). */
  async exported(playerId: string, gameId: string): Promise<GameExport> {
    const { state } = await this.#finished(playerId, gameId, 'A game is exported (and replayed) once it is over.');
    return exportGame(gameId, await this.parts.games.commits(gameId), state);
  }

  /** The replay of a finished game at version `at`: that step's events, every hand, the table as it stood. */
  async replayStep(playerId: string, gameId: string, at: number): Promise<ReplayStep> {
    const doc = await this.exported(playerId, gameId);
    const last = doc.commits.at(-1)?.version ?? 0;
    if (at > last) throw new VersionAheadError(`at=${at} is past the game's last step, ${last}.`, last);
    const state = replay(doc, at).at(-1);
    if (!state) throw new TypeError('a replay starts from a state');
    const view = state.status === 'empty' ? null : spectatorView({ gameId, version: at, state, since: null });
    return {
      version: at,
      last,
      events: (doc.commits.find((commit) => commit.version === at)?.events ?? []) as { type: string }[],
      hands: state.hand?.hands ?? null,
      boneyard: state.hand ? state.hand.boneyard.slice(state.hand.drawn) : [],
      game: view,
    };
  }

  /** The game and the caller's seat, once it is over; hidden from strangers, refused before its end. */
  async #finished(playerId: string, gameId: string, notYet: string): Promise<{ state: GameState; seat: number }> {
    const game = await this.parts.games.load(gameId);
    const seat = game ? seatOfActor(game.state, { kind: 'player', playerId }) : -1;
    if (!game || seat < 0) throw notFound(gameId);
    // Before the end, tiles are hidden: nothing of this is shown.
    if (game.state.status !== 'finished') throw new RefusedError('game/not-finished', notYet);
    return { state: game.state, seat };
  }
}

/** The rematch of a finished game proposed from `seat`: its rules, each seat kept for its player or bot. */
function rematchOf(state: GameState, gameId: string, seat: number) {
  const kept = state.players.map((p, s) => (p && !hasLeft(state, s) ? p.id : null));
  const bots = state.bots.flatMap((level, s) => (level && kept[s] === null ? [{ seat: s, level }] : []));
  return {
    seats: state.players.length,
    rules: state.rules ?? {},
    seat,
    reserved: kept,
    rematchOf: gameId,
    ...(bots.length > 0 ? { bots } : {}),
  };
}
