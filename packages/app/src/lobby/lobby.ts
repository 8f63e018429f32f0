import type { BotLevel, Ruleset, RulesetOptions } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import type { Clock } from '../clock';
import { pageWith } from '../cursor';
import type { PlayerSeat } from '../games/player-seat';
import { commandReply, type CommandReply } from '../games/reply';
import type { GameService } from '../games/service';
import type { Signer } from '../identity/signer';
import { quickMatch } from './quick-match';

/** One open game as the lobby lists it. */
export interface LobbyGame {
  readonly id: string;
  readonly rules: Ruleset;
  readonly seats: number;
  readonly freeSeats: number;
  readonly players: (string | null)[];
  readonly bots: (BotLevel | null)[];
  readonly createdAt: string;
  readonly ageSeconds: number;
}

/** What the lobby is built on. */
export interface LobbyParts {
  readonly store: Store;
  readonly games: GameService;
  readonly signer: () => Promise<Signer>;
  readonly players: PlayerSeat;
  readonly clock: Clock;
}

/** Open games: the list anyone may join from, and quick match. */
export class Lobby {
  constructor(private readonly parts: LobbyParts) {}

  /** One page of the open games, newest first (one Query of the lobby index). */
  async list(page: { limit: number; cursor?: string }): Promise<{ games: LobbyGame[]; cursor: string | null }> {
    const { cursor } = page;
    const found = await pageWith(cursor, () =>
      this.parts.store.lobby.list({ limit: page.limit, ...(cursor ? { cursor } : {}) }),
    );
    const now = this.parts.clock();
    const games = found.entries.map((e) => ({
      id: e.gameId,
      rules: e.rules as Ruleset,
      seats: Number(e.seats),
      freeSeats: Number(e.freeSeats),
      players: e.players as (string | null)[],
      bots: e.bots as (BotLevel | null)[],
      createdAt: e.createdAt,
      ageSeconds: Math.max(0, Math.floor((now - Date.parse(e.createdAt)) / 1000)),
    }));
    return { games, cursor: found.cursor };
  }

  /** Joins the longest-waiting open game with these seats and rules, or creates one (see `quickMatch`). */
  async quickMatch(
    playerId: string,
    key: string,
    asked: { seats: number; rules: RulesetOptions },
  ): Promise<CommandReply & { created: boolean }> {
    const signer = await this.parts.signer();
    const player = await this.parts.players.seatedPlayer(playerId);
    const deps = { games: this.parts.games, store: this.parts.store, gameIdFor: signer.gameIdFor.bind(signer) };
    const { chain, created } = await quickMatch(deps, { player, ...asked, key });
    return { created, ...commandReply(chain, signer) };
  }
}
