import { createLogger, isLogLevel, type Logger } from '@chickenfoot/app';

/**
 * The app's logger as the environment configures it, for both entry points:
 *   LOG_LEVEL            debug, info (default), warn or error
 *   LOG_SAMPLE_REQUESTS  keep one in this many request lines of requests that went well (default
 *                        100; 1 keeps every one). Errors, refusals and slow requests are always kept.
 * @example createApp({ store, secret, logger: envLogger(process.env) });
 */
export function envLogger(env: Record<string, string | undefined>): Logger {
  const sample = Number(env.LOG_SAMPLE_REQUESTS);
  return createLogger({
    level: isLogLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info',
    ...(Number.isFinite(sample) && sample >= 1 ? { sampleRequests: sample } : {}),
  });
}
