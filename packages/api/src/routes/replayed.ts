import { wasReplayed } from '@chickenfoot/app';

/**
 * `Idempotent-Replayed: true` on a retry's answer (the first attempt's reply, found by its
 * Idempotency-Key), nothing on a first: the body is the same either way, so a client that wants to
 * know whether its retry did anything reads this.
 * @example c.json(reply, 201, { Location: '/v1/me', ...replayHeader(reply) })
 */
export const replayHeader = (reply: object): Record<string, string> =>
  wasReplayed(reply) ? { 'Idempotent-Replayed': 'true' } : {};

/**
 * The headers of a command's reply: the game's version as its ETag, and the replay mark.
 * @example c.json(reply, 200, commandHeaders(reply))
 */
export const commandHeaders = (reply: { readonly version: number }): Record<string, string> => ({
  ETag: `"${reply.version}"`,
  ...replayHeader(reply),
});
