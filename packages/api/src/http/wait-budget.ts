/** What a long-poll needs to know of the platform: on Lambda, how long the function may still run. */
interface LambdaEnv {
  readonly lambdaContext?: { getRemainingTimeInMillis?: () => number };
}

/**
 * What a long-poll answers in ahead of the function's end on Lambda: the last read, the reply, and
 * API Gateway's hop back. Held past the end, a long-poll is a timeout (a 5xx and an error alarm), not
 * the empty page it promises.
 */
export const LAMBDA_MARGIN_MS = 2_000;

/**
 * How long a long-poll may hold this request, in ms: the seconds asked for, at most the server's
 * maximum, and on Lambda (`env` is hono/aws-lambda's) ending `LAMBDA_MARGIN_MS` before the function's
 * timeout. A client that asked for more gets its empty page sooner, as "up to" allows.
 * @example const waitMs = waitBudgetMs(c.env, query.wait ?? 0, deps.limits.maxWaitSeconds);
 */
export function waitBudgetMs(env: unknown, askedSeconds: number, maxSeconds: number): number {
  const asked = Math.min(askedSeconds, maxSeconds) * 1000;
  const remaining = (env as LambdaEnv | undefined)?.lambdaContext?.getRemainingTimeInMillis?.();
  return remaining === undefined ? asked : Math.max(0, Math.min(asked, remaining - LAMBDA_MARGIN_MS));
}
