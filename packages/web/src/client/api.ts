import createClient from 'openapi-fetch';
import type { components, paths } from '../api/api-types';
import { changed, dataOf, failure } from './api-reply';

/** The contract's shapes, as generated from openapi.yaml. */
export type Schemas = components['schemas'];
export type Game = Schemas['Game'];
export type Move = Schemas['Move'];
export type GameEvent = Schemas['Event'];
export type Commit = Schemas['Commit'];
export type GameSummary = Schemas['GameSummary'];
export type NewGame = Schemas['NewGame'];
export type LobbyGame = Schemas['LobbyGame'];
export type GameMessage = Schemas['GameMessage'];
export type WatchView = Schemas['WatchView'];
export type EventPage = Schemas['EventPage'];
export type ReplayStep = Schemas['ReplayStep'];

/** The reply's parts that other modules use, from where they live. */
export { ApiError, failure, newKey } from './api-reply';

/**
 * The API as this page uses it: the client generated from openapi.yaml (openapi-fetch), nothing else.
 * Every method resolves with the data or throws an ApiError carrying the problem's `detail`.
 * @example const api = new Api(token); const game = await api.game(id);
 */
export class Api {
  private readonly client;

  constructor(readonly token: string | null) {
    this.client = createClient<paths>({
      baseUrl: location.origin,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  async register(name: string) {
    return changed((key) =>
      this.client.POST('/v1/players', {
        body: { name },
        params: { header: { 'Idempotency-Key': key } },
      }),
    );
  }

  async me() {
    return (await this.account()).player;
  }

  /** The player and the account's version (its ETag), which a change to the account sends back in If-Match. */
  async account() {
    const { data, error, response } = await this.client.GET('/v1/me');
    if (!data) throw failure(response, error);
    return { player: data.player, etag: response.headers.get('etag') ?? '' };
  }

  /** Changes the name the other players see in the games joined from now on. */
  async rename(name: string, etag: string) {
    const data = await changed((key) =>
      this.client.PATCH('/v1/me', {
        params: { header: { 'If-Match': etag, 'Idempotency-Key': key } },
        body: { name },
      }),
    );
    return data.player;
  }

  /** Deletes the account for good (bots take its seats; its name leaves every game; its keys stop working). */
  async deleteAccount(etag: string) {
    await changed((key) =>
      this.client.DELETE('/v1/me', {
        params: { header: { 'If-Match': etag, 'Idempotency-Key': key } },
      }),
    );
  }

  async myGames() {
    return (await dataOf(this.client.GET('/v1/me/games', { params: { query: { limit: 100 } } }))).games;
  }

  async create(body: NewGame) {
    const data = await changed((key) =>
      this.client.POST('/v1/games', {
        body,
        params: { header: { 'Idempotency-Key': key } },
      }),
    );
    return data.game;
  }

  /** Joins a game: with its invite code, or, for an open game (one the lobby lists), without. */
  async join(id: string, inviteCode?: string) {
    const data = await changed((key) =>
      this.client.POST('/v1/games/{id}/join', {
        params: { path: { id }, header: { 'Idempotency-Key': key } },
        body: inviteCode === undefined ? {} : { inviteCode },
      }),
    );
    return data.game;
  }

  /** The open games waiting for players, newest first (the first page: up to 50). */
  async lobby() {
    return (await dataOf(this.client.GET('/v1/lobby'))).games;
  }

  /** Seats this player in the open game of `seats` players and the usual rules that waited longest, or opens one. */
  async quickMatch(seats: number) {
    const data = await changed((key) =>
      this.client.POST('/v1/lobby/quick-match', {
        params: { header: { 'Idempotency-Key': key } },
        body: { seats },
      }),
    );
    return data.game;
  }

  /** Proposes a rematch of a finished game, or accepts the one already proposed: the new game either way. */
  async rematch(id: string) {
    const data = await changed((key) =>
      this.client.POST('/v1/games/{id}/rematch', {
        params: { path: { id }, header: { 'Idempotency-Key': key } },
      }),
    );
    return data.game;
  }

  /** The table's messages after `after` (`seq`), oldest first, none while muted; `wait` (s): a long-poll. */
  async messages(id: string, after: number, wait = 0) {
    return dataOf(
      this.client.GET('/v1/games/{id}/messages', {
        params: { path: { id }, query: wait > 0 ? { after, wait } : { after } },
      }),
    );
  }

  /** Says something to everyone seated at the table (1-280 characters). */
  async say(id: string, text: string) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/messages', {
        params: { path: { id }, header: { 'Idempotency-Key': key } },
        body: { text },
      }),
    );
  }

  /** Mutes (or unmutes) the table's messages, for this player alone. */
  async mute(id: string, muted: boolean) {
    return (
      await dataOf(
        this.client.PUT('/v1/games/{id}/messages/mute', {
          params: { path: { id } },
          body: { muted },
        }),
      )
    ).muted;
  }

  /** The game this page's watch token is for, as a spectator sees it (this Api's token is a watch token). */
  async watch() {
    return dataOf(this.client.GET('/v1/watch'));
  }

  /** What happened after `after`, redacted for a spectator; with `wait`, a long-poll. */
  async watchEvents(after: number, wait = 0, signal?: AbortSignal) {
    return dataOf(
      this.client.GET('/v1/watch/events', {
        params: { query: wait > 0 ? { after, wait } : { after } },
        ...(signal ? { signal } : {}),
      }),
    );
  }

  /** A new watch link's token (shown only now) for the game, made by this player's seat. */
  async createWatchLink(id: string) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/watch-links', {
        params: { path: { id }, header: { 'Idempotency-Key': key } },
      }),
    );
  }

  /** The game's open watch links (without their tokens). */
  async watchLinks(id: string) {
    return (
      await dataOf(
        this.client.GET('/v1/games/{id}/watch-links', {
          params: { path: { id } },
        }),
      )
    ).links;
  }

  /** Revokes a watch link: its token is refused from then on. */
  async revokeWatchLink(id: string, linkId: string) {
    await dataOf(
      this.client.DELETE('/v1/games/{id}/watch-links/{linkId}', {
        params: { path: { id, linkId } },
      }),
    );
  }

  /** A finished game as it stood after commit `at`, every tile shown (for its players). */
  async replay(id: string, at: number) {
    return dataOf(
      this.client.GET('/v1/games/{id}/replay', {
        params: { path: { id }, query: { at } },
      }),
    );
  }

  /** A finished game as one JSON document: rules, seats, every commit with every tile shown, the scores. */
  async export(id: string) {
    return dataOf(this.client.GET('/v1/games/{id}/export', { params: { path: { id } } }));
  }

  /** The game now; null when it has not changed since `version` (304). */
  async game(id: string, version?: number): Promise<Game | null> {
    const header = version === undefined ? {} : { 'If-None-Match': `"${version}"` };
    const { data, error, response } = await this.client.GET('/v1/games/{id}', {
      params: { path: { id }, header },
    });
    if (response.status === 304) return null;
    if (!data) throw failure(response, error);
    return data;
  }

  /** A move decided on `version` of the game. */
  async move(id: string, version: number, move: Move) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/moves', {
        params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': key } },
        body: move,
      }),
    );
  }

  /** Seats a bot in the lowest free seat (the creator only), at the game's `botLevel` unless `level` says. */
  async addBot(id: string, version: number, level?: Schemas['BotLevel']) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/bots', {
        params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': key } },
        body: level ? { level } : {},
      }),
    );
  }

  /** Leaves the game: before the start the seat is free again; in play a bot takes it over. */
  async leave(id: string, version: number) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/leave', {
        params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': key } },
      }),
    );
  }

  /** Cancels a game that waits for players (its creator only): it leaves everyone's lists and the lobby. */
  async cancel(id: string, version: number) {
    return changed((key) =>
      this.client.POST('/v1/games/{id}/cancel', {
        params: { path: { id }, header: { 'If-Match': `"${version}"`, 'Idempotency-Key': key } },
      }),
    );
  }

  /** What happened after `after`, redacted for this player; with `wait`, a long-poll. */
  async events(id: string, after: number, wait = 0, signal?: AbortSignal) {
    return dataOf(
      this.client.GET('/v1/games/{id}/events', {
        params: { path: { id }, query: wait > 0 ? { after, wait } : { after } },
        ...(signal ? { signal } : {}),
      }),
    );
  }
}
