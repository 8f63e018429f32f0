import { redactEvent, type BotRequest, type GameState, type Move, type RulesetOptions } from '@chickenfoot/rules';
import { notFound, revokedWhileWaiting, VersionAheadError } from '../errors';
import type { Signer } from '../identity/signer';
import type { GameWatcher } from '../waits/game-watcher';
import { REVOKED } from '../waits/long-poll';
import { seatOfActor } from './actors';
import type { PlayerSeat } from './player-seat';
import { invitationOf, wrongInviteCode, type Invitation } from './invitation';
import { commandReply, type CommandReply } from './reply';
import type { GameService } from './service';
import { gameView, playerViewer, type ApiGameView } from './view';

/** A new game as its creator asks for it. */
export interface NewGame {
  readonly seats: number;
  readonly rules?: RulesetOptions;
  readonly bots?: readonly BotRequest[];
  readonly open?: boolean;
}

/** What a seated player does in a game besides joining it: each one commit at the version they read. */
export type SeatCommand =
  | { readonly type: 'move'; readonly move: Move }
  | { readonly type: 'add-bot'; readonly bot: BotRequest }
  | { readonly type: 'leave' }
  | { readonly type: 'return' }
  | { readonly type: 'give-time'; readonly hours: number }
  | { readonly type: 'cancel' };

/** A change a player sends: at the version they decided on (If-Match), under their Idempotency-Key. */
export interface PlayerRequest {
  readonly expectedVersion: number;
  readonly key: string;
}

/** How much of a game's news to read, and how long to wait for some. */
export interface EventsQuery {
  readonly after: number;
  readonly limit: number;
  readonly waitMs: number;
  /** Aborted when the client goes away. */
  readonly signal?: AbortSignal;
  /** The session of the token the caller waits with: revoked, it ends the wait. */
  readonly session?: string;
}

/** A page of a game's commits as one viewer may see them. */
export interface EventsPage {
  readonly commits: { version: number; at: string; events: ReturnType<typeof redactEvent>[] }[];
  readonly next: number | null;
  readonly version: number;
}

/** What the game use cases are built on. */
export interface GamesParts {
  readonly games: GameService;
  readonly signer: () => Promise<Signer>;
  readonly players: PlayerSeat;
  readonly watcher: GameWatcher;
}

/**
 * A player's use cases on games, each one method: create, join, act in their seat, read the game and
 * catch up on its news. Every command goes through the one command path (`GameService.run`) and is
 * answered as the player may see it (`commandReply`).
 */
export class Games {
  constructor(private readonly parts: GamesParts) {}

  /** Creates a game with the caller in seat 0; its id derives from the key, so a retry lands on it. */
  async create(playerId: string, key: string, asked: NewGame): Promise<CommandReply> {
    const signer = await this.parts.signer();
    const player = await this.parts.players.seatedPlayer(playerId);
    const command = { type: 'create', ...asked, player } as const;
    const gameId = signer.gameIdFor(playerId, key);
    const chain = await this.parts.games.run(gameId, { kind: 'player', playerId }, command, {
      expectedVersion: 0,
      key,
    });
    return commandReply(chain, signer);
  }

  /**
   * Joins a game: with its invite code (checked before any read, and refused alike whether or not the
   * game exists), or without one an open game (any other answers as if there were none).
   */
  async join(playerId: string, gameId: string, key: string, inviteCode?: string): Promise<CommandReply> {
    const signer = await this.parts.signer();
    if (inviteCode !== undefined && !signer.isInviteCode(gameId, inviteCode)) throw wrongInviteCode(gameId);
    const player = await this.parts.players.seatedPlayer(playerId);
    const command = { type: 'join', player, ...(inviteCode === undefined ? { withoutCode: true } : {}) } as const;
    const chain = await this.parts.games.run(gameId, { kind: 'player', playerId }, command, {
      expectedVersion: null,
      key,
    });
    return commandReply(chain, signer);
  }

  /**
   * What an invite link says of its game, to anyone holding the link (no account needed): the code is
   * checked before any read, and refused as a join refuses it.
   */
  async invitation(gameId: string, inviteCode: string): Promise<Invitation> {
    if (!(await this.parts.signer()).isInviteCode(gameId, inviteCode)) throw wrongInviteCode(gameId);
    const loaded = await this.parts.games.load(gameId);
    const invitation = loaded ? invitationOf(gameId, loaded.state) : null;
    if (!invitation) throw wrongInviteCode(gameId);
    return invitation;
  }

  /** A seated player's command (a move, a bot seated, leaving, coming back, more time, cancelling). */
  async act(playerId: string, gameId: string, command: SeatCommand, request: PlayerRequest): Promise<CommandReply> {
    const asked = command.type === 'cancel' ? ({ type: 'cancel', reason: 'creator' } as const) : command;
    const chain = await this.parts.games.run(gameId, { kind: 'player', playerId }, asked, request);
    return commandReply(chain, await this.parts.signer());
  }

  /** The game as the caller sees it, the bot moves that are due made first. */
  async view(playerId: string, gameId: string): Promise<ApiGameView> {
    const { game, seat } = await this.#seated(playerId, gameId);
    const signer = await this.parts.signer();
    // A finished game links its rematch once proposed, for every player of it to find (one read, of a short game).
    const rematch = await this.#rematch(gameId, game.state);
    return gameView({ gameId, ...game, seat, inviteCodes: signer, rematch: rematch?.proposed ? rematch.id : null });
  }

  /**
   * The game's commits after `after` as the caller may see them; with `waitMs`, waits that long for
   * news when there is none yet (a long-poll). A finished game has no more commits, and one piece of
   * news left: its rematch, proposed by one of its players. Its wait ends, empty, as soon as that is
   * (the view then links it), so a page left open on a game over learns of it without asking again
   * and again. Throws `VersionAheadError` for a version it never had.
   */
  async events(playerId: string, gameId: string, query: EventsQuery): Promise<EventsPage> {
    const { game, seat } = await this.#seated(playerId, gameId);
    const viewer = playerViewer(game.state, seat);
    const { after } = query;
    if (after > game.version) {
      const detail = `after=${after} is past the game's newest version, ${game.version}: resume from a version this API gave you.`;
      throw new VersionAheadError(detail, game.version);
    }
    const latest = game.version > after ? game.version : await this.#news(playerId, gameId, game.state, query);
    const page =
      latest > after ? await this.parts.games.commitsAfter(gameId, after, query.limit) : { commits: [], next: null };
    const commits = page.commits.map((commit) => ({
      version: commit.version,
      at: commit.at,
      events: commit.events.map((event) => redactEvent(event, viewer)),
    }));
    return { commits, next: page.next, version: commits.at(-1)?.version ?? after };
  }

  /**
   * Waits for news after `query.after`, which the game is at: its next commit, or, once it is over
   * and until it has one, its rematch's creation (answered as no commit: the caller reads the view).
   * Returns the game's version then.
   */
  async #news(playerId: string, gameId: string, state: GameState, query: EventsQuery): Promise<number> {
    if (query.waitMs <= 0) return query.after;
    const rematch = await this.#rematch(gameId, state);
    // Once the rematch is there, nothing more will come: the wait runs its course, as any quiet game's.
    if (!rematch || rematch.proposed) return this.#wait(playerId, gameId, query.after, query);
    await this.#wait(playerId, rematch.id, 0, query);
    return query.after;
  }

  /** A finished game's rematch (its id, derived) and whether it was proposed yet; null for a game not over. */
  async #rematch(gameId: string, state: GameState): Promise<{ id: string; proposed: boolean } | null> {
    if (state.status !== 'finished') return null;
    const id = (await this.parts.signer()).rematchIdFor(gameId);
    return { id, proposed: (await this.parts.games.load(id)) !== null };
  }

  /** Waits for the stream `gameId` to pass `after` (see `GameWatcher.wait`); a token revoked meanwhile ends it. */
  async #wait(playerId: string, gameId: string, after: number, query: EventsQuery): Promise<number> {
    const { session, signal } = query;
    const alive = session === undefined ? undefined : () => this.parts.players.sessionOpen(playerId, session);
    const latest = await this.parts.watcher.wait(gameId, playerId, after, query.waitMs, {
      ...(signal ? { signal } : {}),
      ...(alive ? { alive } : {}),
    });
    if (latest === REVOKED) throw revokedWhileWaiting();
    return latest;
  }

  /**
   * The game and the caller's seat in it (or, before they join, the seat a rematch keeps for them), its
   * due bot moves made first; hidden from strangers.
   */
  async #seated(playerId: string, gameId: string) {
    const loaded = await this.parts.games.load(gameId);
    const seat = loaded ? seatOrKept(loaded.state, playerId) : -1;
    if (!loaded || seat < 0) throw notFound(gameId);
    // Bot moves that are due (a chain a crash or its bound cut short) are made before answering.
    const game =
      (await this.parts.games.settleBots(gameId, loaded, { player: playerId, reading: true })).game ?? loaded;
    return { game, seat };
  }
}

/** The player's seat, or the one a rematch keeps for them while it is free (before the start, or cancelled); -1 for neither. */
function seatOrKept(state: GameState, playerId: string): number {
  const seat = seatOfActor(state, { kind: 'player', playerId });
  if (seat >= 0 || (state.status !== 'waiting' && state.status !== 'cancelled')) return seat;
  const kept = state.setup.reserved?.indexOf(playerId) ?? -1;
  return kept >= 0 && !state.players[kept] ? kept : -1;
}
