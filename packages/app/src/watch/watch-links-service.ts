import { redactEvent, type GameEvent, type VisibleEvent } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import type { Clock } from '../clock';
import { LruMap } from '../lru-map';
import { UnauthenticatedError, VersionAheadError } from '../errors';
import type { GameService } from '../games/service';
import type { Signer } from '../identity/signer';
import { seatedIn } from '../seated';
import { DeciderStream } from '../streams/decider-stream';
import type { GameWatcher } from '../waits/game-watcher';
import { REVOKED } from '../waits/long-poll';
import { markReplayed, type Replayable } from '../replayed';
import { spectatorView, type SpectatorView } from './spectator-view';
import {
  watchLinkDecider,
  type WatchLink,
  type WatchLinkCommand,
  type WatchLinkEvent,
  type WatchLinksState,
} from './watch-link-decider';

/**
 * A game's watch links are a small stream of their own beside the game's (its id and ".watch"): each
 * change one commit carrying the open links as its snapshot, so checking a link is one Query, and
 * creating or revoking one never conflicts with a move.
 */
export const watchStream = (gameId: string): string => `${gameId}.watch`;

/** What a watch token opens: one game, through one link. */
export interface WatchGrant {
  readonly gameId: string;
  readonly linkId: string;
}

/**
 * A grant whose link is open: the seat that made it, and that seat's player (null once the seat is
 * empty), whose limits the link's requests and waits count toward.
 */
export interface OpenWatch extends WatchGrant {
  readonly seat: number;
  readonly creator: string | null;
}

/** A page of a watched game's commits, each event as a spectator may see it. */
export interface WatchedEvents {
  readonly commits: { readonly version: number; readonly at: string; readonly events: VisibleEvent[] }[];
  readonly next: number | null;
  /** Where to resume (`after`) next time. */
  readonly version: number;
}

/** What the watch links' service is built from. */
export interface WatchLinksParts {
  readonly store: Store;
  readonly games: Pick<GameService, 'load' | 'settleBots'>;
  readonly watcher: GameWatcher;
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
}

/**
 * Watch links: the game's seated players create, list and revoke them (any seated player revokes
 * any link); a link's token lets its holder read the game and its events as a spectator, never a
 * seat's tiles, moves or the invite code, until the link is revoked.
 */
export class WatchLinksService {
  readonly #stream: DeciderStream<WatchLinkCommand, WatchLinkEvent, WatchLinksState>;
  readonly #creators = new LruMap<string, string>(10_000);

  constructor(private readonly parts: WatchLinksParts) {
    this.#stream = new DeciderStream(parts.store, watchLinkDecider);
  }

  /** A new link to the game (or, for a retry with the same key, the one it made, marked replayed), with its token. */
  async create(playerId: string, gameId: string, key: string): Promise<WatchLink & { token: string } & Replayable> {
    const { seat, left } = await seatedIn(this.parts.games, gameId, playerId);
    const signer = await this.parts.signer();
    // Derived from the key, so a retry finds the link it made and answers with the same token.
    const linkId = signer.watchLinkIdFor(gameId, playerId, key);
    const at = new Date(this.parts.clock());
    const command = { type: 'create', linkId, seat, left, at: at.toISOString() } as const;
    const { state, commit } = await this.#stream.handle(watchStream(gameId), command, { at, by: playerId });
    const link = state.links.find((l) => l.id === linkId) as WatchLink;
    // Nothing recorded: the link (its id derived from this key) was there already, made by a first attempt.
    return markReplayed({ ...link, token: signer.watchToken(gameId, linkId) }, commit === null);
  }

  /** The game's open links, oldest first, without their tokens. */
  async list(playerId: string, gameId: string): Promise<{ links: readonly WatchLink[] }> {
    await seatedIn(this.parts.games, gameId, playerId);
    return { links: (await this.#stream.read(watchStream(gameId))).state.links };
  }

  /** Revokes a link: its token is refused from the next request on, everywhere. */
  async revoke(playerId: string, gameId: string, linkId: string): Promise<void> {
    const { seat, left } = await seatedIn(this.parts.games, gameId, playerId);
    const at = new Date(this.parts.clock());
    const command = { type: 'revoke', linkId, seat, left } as const;
    await this.#stream.handle(watchStream(gameId), command, { at, by: playerId });
  }

  /** The game and link a watch token names (its signature checked, nothing read), or `UnauthenticatedError`. */
  async grantOf(token: string): Promise<WatchGrant> {
    const grant = (await this.parts.signer()).watchLinkOf(token);
    if (!grant) throw new UnauthenticatedError('This is not a watch token.');
    return grant;
  }

  /**
   * The grant with its link's maker, or `UnauthenticatedError` for a link revoked (one Query of the
   * game's links, so at once, everywhere).
   */
  async requireOpen(grant: WatchGrant): Promise<OpenWatch> {
    const link = await this.#link(grant);
    if (!link) throw new UnauthenticatedError('This watch link was revoked.');
    return { ...grant, seat: link.seat, creator: await this.#creator(grant, link.seat) };
  }

  /**
   * The player of the seat that made a link. Once the game has started its seats are fixed (a player
   * who leaves keeps their seat's id), so the answer is kept: a watcher's request costs no game read.
   */
  async #creator(grant: WatchGrant, seat: number): Promise<string | null> {
    const key = `${grant.gameId}/${grant.linkId}`;
    const kept = this.#creators.get(key);
    if (kept) return kept;
    const game = await this.parts.games.load(grant.gameId);
    const creator = game?.state.players[seat]?.id ?? null;
    if (creator && game?.state.status !== 'waiting') this.#creators.set(key, creator);
    return creator;
  }

  /** The watched game as a spectator sees it, bot moves that are due made first (as for any reader). */
  async game(grant: WatchGrant): Promise<SpectatorView> {
    const game = await this.#watched(grant.gameId);
    return spectatorView({ gameId: grant.gameId, version: game.version, state: game.state, since: game.since });
  }

  /**
   * The watched game's commits after `after` (at most `limit`), redacted for a spectator; with
   * `waitMs`, waits that long for one (a long-poll, ended early by `signal`).
   */
  async events(
    grant: OpenWatch,
    page: { after: number; limit: number; waitMs: number; signal?: AbortSignal },
  ): Promise<WatchedEvents> {
    const { gameId, linkId } = grant;
    const { after, limit } = page;
    const game = await this.#watched(gameId);
    if (after > game.version)
      throw new VersionAheadError(
        `after=${after} is past the game's newest version, ${game.version}: resume from a version this API gave you.`,
        game.version,
      );
    // A wait counts toward its link's maker's waits (a player's few), and ends once the link is revoked.
    const owner = grant.creator ?? `watch:${linkId}`;
    const alive = async () => (await this.#link(grant)) !== null;
    const signal = page.signal ? { signal: page.signal } : {};
    const latest =
      game.version > after
        ? game.version
        : await this.parts.watcher.wait(gameId, owner, after, page.waitMs, { ...signal, alive });
    if (latest === REVOKED) throw new UnauthenticatedError('This watch link was revoked.');
    const read =
      typeof latest === 'number' && latest > after
        ? await this.parts.store.streamsOf<GameEvent>().readAfter(gameId, after, { limit })
        : null;
    const commits = (read?.commits ?? []).map((commit) => ({
      version: commit.version,
      at: commit.at,
      events: commit.events.map((event) => redactEvent(event, null)),
    }));
    return { commits, next: read?.next ?? null, version: commits.at(-1)?.version ?? after };
  }

  async #link(grant: WatchGrant): Promise<WatchLink | null> {
    const { state } = await this.#stream.read(watchStream(grant.gameId));
    return state.links.find((l) => l.id === grant.linkId) ?? null;
  }

  async #watched(gameId: string) {
    const loaded = await this.parts.games.load(gameId);
    if (!loaded) throw new UnauthenticatedError('This watch link’s game is gone.');
    return (await this.parts.games.settleBots(gameId, loaded)).game ?? loaded;
  }
}
