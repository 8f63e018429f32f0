import { NotFoundError, playerGone, RefusedError } from '../errors';
import { unknownCommand, type Decider, type Decision } from '../streams/decider';
import {
  deletedRecord,
  isOpen,
  MAX_SESSIONS,
  sessionsOf,
  withMuted,
  withoutSession,
  withSession,
  type PlayerRecord,
  type Session,
} from './record';

/**
 * What an account's stream records. Events written before this decider existed carry less (a
 * `PlayerRegistered` without its id and session, a `TokenIssued` without its time): their state is
 * read from the commit's snapshot, never folded from them.
 */
export type AccountEvent =
  | { readonly type: 'PlayerRegistered'; readonly id: string; readonly name: string; readonly session: Session }
  | { readonly type: 'PlayerRenamed'; readonly name: string }
  | { readonly type: 'TokenIssued'; readonly id: string; readonly createdAt: string | null }
  | { readonly type: 'TokenRevoked'; readonly id: string }
  | { readonly type: 'TokensRevoked'; readonly kept: string }
  | { readonly type: 'GameMuted'; readonly gameId: string }
  | { readonly type: 'GameUnmuted'; readonly gameId: string }
  | { readonly type: 'PlayerDeleted' };

/** What a player (or their deletion) asks of their account. */
export type AccountCommand =
  | { readonly type: 'register'; readonly id: string; readonly name: string; readonly session: Session }
  | { readonly type: 'rename'; readonly name: string }
  | { readonly type: 'issue-token'; readonly session: Session }
  | { readonly type: 'revoke-token'; readonly id: string }
  | { readonly type: 'revoke-others'; readonly kept: string }
  | { readonly type: 'mute'; readonly gameId: string; readonly muted: boolean }
  | { readonly type: 'delete' };

/** An account's state: its record, or null before it is registered. */
export type AccountState = PlayerRecord | null;

/** The state of a stream with no commit. */
export const initialAccount = (): AccountState => null;

/**
 * The events `command` records on `state`: none when the account is already as asked (a retry, a
 * second tap), or a refusal (`NotFoundError` for an account that is gone, `RefusedError`).
 * @example decideAccount({ type: 'rename', name: 'Annie' }, record) // [{ type: 'PlayerRenamed', name: 'Annie' }]
 */
export function decideAccount(command: AccountCommand, state: AccountState): Decision<AccountEvent> {
  if (command.type === 'register') {
    // A second registration of an id is a retry (recognised by its key before deciding) or a clash.
    return state ? [] : [{ type: 'PlayerRegistered', id: command.id, name: command.name, session: command.session }];
  }
  if (!state || state.deleted) return playerGone();
  switch (command.type) {
    case 'rename':
      return state.name === command.name ? [] : [{ type: 'PlayerRenamed', name: command.name }];
    case 'issue-token':
      return issueToken(state, command.session);
    case 'revoke-token':
      if (!sessionsOf(state).some((s) => s.id === command.id))
        return new NotFoundError('player/token-not-found', `Your account has no open token ${command.id}.`);
      return [{ type: 'TokenRevoked', id: command.id }];
    case 'revoke-others':
      return [{ type: 'TokensRevoked', kept: command.kept }];
    case 'mute':
      if ((state.muted?.includes(command.gameId) ?? false) === command.muted) return [];
      return [{ type: command.muted ? 'GameMuted' : 'GameUnmuted', gameId: command.gameId }];
    case 'delete':
      return [{ type: 'PlayerDeleted' }];
    default:
      return unknownCommand(command);
  }
}

function issueToken(state: PlayerRecord, session: Session): Decision<AccountEvent> {
  if (isOpen(state, session.id)) return [];
  if (sessionsOf(state).length >= MAX_SESSIONS) {
    return new RefusedError(
      'player/too-many-tokens',
      `An account has at most ${MAX_SESSIONS} tokens open: revoke one first.`,
    );
  }
  return [{ type: 'TokenIssued', id: session.id, createdAt: session.createdAt }];
}

/**
 * The account after `event`: total and pure, it never refuses (an event is what happened).
 * @example [registered, renamed].reduce(evolveAccount, initialAccount())
 */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'PlayerRegistered') {
    return { id: event.id, name: event.name, legacy: false, sessions: [event.session] };
  }
  if (!state) return state;
  switch (event.type) {
    case 'PlayerRenamed':
      return { ...state, name: event.name };
    case 'TokenIssued':
      return withSession(state, { id: event.id, createdAt: event.createdAt });
    case 'TokenRevoked':
      return withoutSession(state, event.id);
    case 'TokensRevoked':
      return sessionsOf(state)
        .filter((s) => s.id !== event.kept)
        .reduce((record, s) => withoutSession(record, s.id), state);
    case 'GameMuted':
    case 'GameUnmuted':
      return withMuted(state, event.gameId, event.type === 'GameMuted');
    case 'PlayerDeleted':
      return deletedRecord(state);
    default:
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): never {
  throw new TypeError(`an account event of no known type: ${JSON.stringify(event)}`);
}

/** An account as a decider (see `Decider`), kept on its stream by `PlayerRepository`. */
export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideAccount,
};
