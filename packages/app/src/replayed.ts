/**
 * A reply a retry got (the first attempt's answer, found again by its Idempotency-Key) carries this
 * mark. A symbol, so that the reply's JSON is the first attempt's byte for byte: the HTTP shell says it
 * in a header instead (`Idempotent-Replayed: true`). Object spread keeps it.
 */
export const REPLAYED: unique symbol = Symbol('chickenfoot.replayed');

/** A reply that may carry the mark. */
export interface Replayable {
  readonly [REPLAYED]?: true;
}

/**
 * `reply`, marked when `replayed`.
 * @example return markReplayed({ player, token }, stored.replayed);
 */
export function markReplayed<T extends object>(reply: T, replayed: boolean): T & Replayable {
  return replayed ? Object.assign(reply, { [REPLAYED]: true as const }) : reply;
}

/**
 * True when `reply` is a retry's answer.
 * @example if (wasReplayed(reply)) c.header('Idempotent-Replayed', 'true');
 */
export const wasReplayed = (reply: object): boolean => (reply as Replayable)[REPLAYED] === true;
