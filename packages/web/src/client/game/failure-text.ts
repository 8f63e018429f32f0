import { ApiError } from '../api';

/** A failure as the page says it: the API's own sentence when there is one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 412) return 'Someone moved before you: here is the game as it is now. Look, and move again.';
    return error.detail;
  }
  return 'The game cannot be reached just now: check your connection. The page will keep trying.';
}
