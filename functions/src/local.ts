/**
 * `npm start`: the same site as on Lambda (the web client in front of the API), on Node, with an
 * embedded DynamoDB (dynalite) whose data lives in .data/ and survives restarts. No AWS account needed.
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data), TOKEN_SECRET (else one is made and kept in DATA_DIR),
 *   VAPID_SECRET (Web Push keys are derived from it; else one is made and kept in DATA_DIR), VAPID_SUBJECT,
 *   LOG_LEVEL and LOG_SAMPLE_REQUESTS (see env-logger.ts),
 *   SWEEP_SECONDS (60): how often the sweeper of due work (turn timeouts) runs in this process; 0: never
 *   WEBHOOKS_LOOPBACK (1): webhook endpoints over plain HTTP to this machine are accepted (local
 *   development); 0: only HTTPS to public addresses, as on AWS
 *   DURABILITY (synced): every write on stable storage before the answer (a move acknowledged
 *   survives a power loss); relaxed: left to the operating system (survives a crash, not a power
 *   loss), for a throwaway demo; anything else is refused at start
 *   TEST_CLOCK (0): 1 gives this server a test clock (POST /v1/test-clock/advance moves its time forward)
 *   ALLOWED_ORIGINS (*): the origins whose pages may call the API from a browser (CORS), comma-separated,
 *   as `-c allowedOrigins` on AWS; anything but `*` or a scheme and host is refused at start
 */
import { parseDurability } from '@chickenfoot/store/embedded';
import { parseOrigins } from './cross-origin';
import { envLogger } from './env-logger';
import { startLocalServer } from './local-server';

// In the chain: a refused setting is reported like any other reason not to start.
const server = await Promise.resolve()
  .then(() => ({
    durability: parseDurability(process.env.DURABILITY),
    allowedOrigins: parseOrigins(process.env.ALLOWED_ORIGINS),
  }))
  .then(({ durability, allowedOrigins }) =>
    startLocalServer({
      durability,
      allowedOrigins,
      dataDir: process.env.DATA_DIR ?? '.data',
      port: Number(process.env.PORT ?? 3000),
      host: process.env.HOST ?? '127.0.0.1',
      ...(process.env.TOKEN_SECRET ? { secret: process.env.TOKEN_SECRET } : {}),
      ...(process.env.VAPID_SECRET ? { vapidSecret: process.env.VAPID_SECRET } : {}),
      ...(process.env.VAPID_SUBJECT ? { vapidSubject: process.env.VAPID_SUBJECT } : {}),
      app: { logger: envLogger(process.env) },
      sweepMs: Number(process.env.SWEEP_SECONDS ?? 60) * 1000,
      webhooksLoopback: process.env.WEBHOOKS_LOOPBACK !== '0',
      testClock: process.env.TEST_CLOCK === '1',
    }),
  )
  .catch((error: unknown) => {
    // Say what is wrong (say, another server already on this data folder) without a stack trace.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
const base = server.url;
console.log(
  `Chickenfoot on ${base}\n  play     ${base}/\n  docs     ${base}/docs\n  contract ${base}/openapi.json\n  data     ${server.dataDir} (${server.durability === 'synced' ? 'synced: a move answered survives a power loss' : 'relaxed: a power loss can lose the last moves answered'})\n  sweeper  ${server.sweepMs > 0 ? `every ${server.sweepMs / 1000} s` : 'off'}`,
);

async function shutdown(): Promise<void> {
  await server.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
