import { NotFoundError, RefusedError } from '../errors';
import { unknownCommand, type Decider, type Decision } from '../streams/decider';

/** One open watch link of a game: who made it (a seat) and when. Its token is derived, never stored. */
export interface WatchLink {
  readonly id: string;
  readonly seat: number;
  readonly createdAt: string;
}

/** A game's links: the open ones, and the ids of those revoked. */
export interface WatchLinksState {
  readonly links: readonly WatchLink[];
  readonly revoked: readonly string[];
}

/**
 * What happened to a game's watch links. Commits written before `createdAt` was recorded in the
 * event carry it in their snapshot only: a state is read from the newest snapshot, never folded.
 */
export type WatchLinkEvent =
  | { readonly type: 'WatchLinkCreated'; readonly id: string; readonly seat: number; readonly createdAt: string }
  | { readonly type: 'WatchLinkRevoked'; readonly id: string };

/** What a seated player asks of a game's watch links (that they are seated is the caller's to check). */
export type WatchLinkCommand =
  | {
      readonly type: 'create';
      /** Derived from the creator's idempotency key, so a retry names the same link. */
      readonly linkId: string;
      readonly seat: number;
      /** True when the creator has left the game: they may invite nobody. */
      readonly left: boolean;
      readonly at: string;
    }
  | {
      readonly type: 'revoke';
      readonly linkId: string;
      /** Who asks: a seated player who has not left revokes any link; one who left, only their own. */
      readonly seat: number;
      readonly left: boolean;
    };

/** The most watch links a game may have open at once. */
export const MAX_WATCH_LINKS = 10;

// Revoked ids are remembered (the newest this many), so a retried creation cannot bring one back.
const REVOKED_KEPT = 200;

const linkNotFound = (linkId: string) =>
  new NotFoundError('game/watch-link-not-found', `This game has no open watch link ${linkId}.`);

/** A game with no watch links. */
export const initialState = (): WatchLinksState => ({ links: [], revoked: [] });

/** The links after `event`. */
export function evolve(state: WatchLinksState, event: WatchLinkEvent): WatchLinksState {
  switch (event.type) {
    case 'WatchLinkCreated':
      return { ...state, links: [...state.links, { id: event.id, seat: event.seat, createdAt: event.createdAt }] };
    case 'WatchLinkRevoked':
      return {
        links: state.links.filter((l) => l.id !== event.id),
        revoked: [...state.revoked, event.id].slice(-REVOKED_KEPT),
      };
    default:
      return state;
  }
}

/** A link is made once: a retry finds it there, and a link revoked since is not made again (its token stays refused). */
function create(command: Extract<WatchLinkCommand, { type: 'create' }>, state: WatchLinksState) {
  const { linkId, seat, left, at } = command;
  if (left) return new RefusedError('game/left', 'You left this game: you cannot invite watchers.');
  if (state.revoked.includes(linkId)) return linkNotFound(linkId);
  if (state.links.some((l) => l.id === linkId)) return [];
  if (state.links.length >= MAX_WATCH_LINKS)
    return new RefusedError(
      'game/too-many-watch-links',
      `A game has at most ${MAX_WATCH_LINKS} watch links open: revoke one first.`,
    );
  return [{ type: 'WatchLinkCreated', id: linkId, seat, createdAt: at }] as const;
}

function revoke(command: Extract<WatchLinkCommand, { type: 'revoke' }>, state: WatchLinksState) {
  const link = state.links.find((l) => l.id === command.linkId);
  if (!link) return linkNotFound(command.linkId);
  if (command.left && link.seat !== command.seat)
    return new RefusedError('game/left', 'You left this game: you may revoke only the watch links you made.');
  return [{ type: 'WatchLinkRevoked', id: command.linkId }] as const;
}

/** The events a command on a game's links causes, or why it is refused. */
export function decide(command: WatchLinkCommand, state: WatchLinksState): Decision<WatchLinkEvent> {
  switch (command.type) {
    case 'create':
      return create(command, state);
    case 'revoke':
      return revoke(command, state);
    default:
      return unknownCommand(command);
  }
}

/** A game's watch links as a decider. */
export const watchLinkDecider: Decider<WatchLinkCommand, WatchLinkEvent, WatchLinksState> = {
  initialState,
  evolve,
  decide,
};
