import { setTimeout as sleep } from 'node:timers/promises';
import { UnavailableError } from '../errors';

/** How many times a change that named no version is decided again after losing a race, by default. */
export const RACE_RETRIES = 10;

/**
 * After a change that named no version (no If-Match) lost a race to another commit on its stream:
 * waits a jittered moment before it is decided again on the winner's state, so that racers that
 * lost together spread out; or, once it has lost `retries` times, throws `UnavailableError` (retry
 * with the same key). Losing every race is the server's busyness, not the caller's stale state: never
 * a stale-version answer for a precondition the caller did not send.
 * @example catch (error) { if (!(error instanceof ConcurrencyError)) throw error; await afterLostRace(attempt, error); }
 */
export async function afterLostRace(attempt: number, error: unknown, retries = RACE_RETRIES): Promise<void> {
  if (attempt >= retries) {
    throw new UnavailableError('Too many changes at once to this stream: try again.', { cause: error });
  }
  await sleep(Math.random() * Math.min(50, 2 ** attempt));
}
