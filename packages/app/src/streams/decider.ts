import { DomainErrorBase, type KeyReusedError, type NotFoundError, type RefusedError } from '../errors';

/** Why a command is refused: a domain error, returned by `decide` as a value and thrown by the stream. */
export type Refusal = NotFoundError | RefusedError | KeyReusedError;

/** The events a command causes (none: the state is already as asked), or why it is refused. */
export type Decision<E> = readonly E[] | Refusal;

/**
 * An aggregate as a decider, in emmett's shape (the rules' game is one too): `decide` validates a
 * command against the state and says what happened, `evolve` applies one event and never validates
 * (total and pure: the same state and event always give the same state), `initialState` is the state
 * of a stream that has nothing yet.
 * @example const links: Decider<WatchLinkCommand, WatchLinkEvent, WatchLinksState> = { initialState, evolve, decide };
 */
export interface Decider<C, E extends { readonly type: string }, S> {
  readonly initialState: () => S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S) => Decision<E>;
}

/** True when `decision` refuses the command (rather than giving its events). */
export function isRefusal<E>(decision: Decision<E>): decision is Refusal {
  return decision instanceof DomainErrorBase;
}

/**
 * A decider's given/when: the decision on `command` after `given` events (folded from the initial
 * state), for given/when/then tests on events.
 * @example expect(given(links, [created]).when({ type: 'revoke', linkId })).toEqual([revoked]);
 */
export function given<C, E extends { readonly type: string }, S>(
  decider: Decider<C, E, S>,
  events: readonly NoInfer<E>[],
) {
  const state = events.reduce(decider.evolve, decider.initialState());
  return {
    state,
    when: (command: C): Decision<E> => decider.decide(command, state),
  };
}

/** Calls a command kind that a decider does not handle a bug, at compile time and at run time. */
export function unknownCommand(command: never): never {
  throw new TypeError(`a command of no known type: ${JSON.stringify(command)}`);
}
