import { StoreError } from '@chickenfoot/store';
import { InvalidInputError } from './errors';

/** A cursor the application did not hand out (or one of another list): said as a field error, like any other. */
export function badCursor(): InvalidInputError {
  return new InvalidInputError('cursor', 'not a cursor from a previous page of this list');
}

/**
 * Reads a page with a client's `cursor`: the store's refusal of a cursor it cannot use becomes
 * `badCursor()`; any other failure goes on as it is.
 * @example const page = await pageWith(cursor, () => store.lobby.list({ cursor }));
 */
export async function pageWith<T>(cursor: string | undefined, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (cursor && error instanceof StoreError && error.code === 'store/invalid-request') throw badCursor();
    throw error;
  }
}
