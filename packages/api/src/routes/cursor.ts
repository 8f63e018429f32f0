import { StoreError } from '@chickenfoot/store';
import { ApiProblem } from '../problems';

/** A cursor this API did not hand out (or one of another list): said as a field error, like any other. */
export function badCursor(): ApiProblem {
  const message = 'not a cursor from a previous page of this list';
  return new ApiProblem('request/invalid', `query.cursor: ${message}`, { issues: [{ path: 'query.cursor', message }] });
}

/**
 * For a page read with a client's `cursor`: the store's refusal of a cursor it cannot use becomes
 * `badCursor()`; any other error goes on as it is.
 * @example await store.listLobby({ cursor }).catch(cursorRefused(cursor));
 */
export const cursorRefused =
  (cursor: string | undefined) =>
  (error: unknown): never => {
    if (cursor && error instanceof StoreError && error.code === 'store/invalid-request') throw badCursor();
    throw error;
  };
