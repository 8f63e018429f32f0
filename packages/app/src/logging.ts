/** How much a record matters; a logger drops those below its level before doing any work. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One structured log line: JSON with a level and a message. Never put a token or a body in one. */
export type LogRecord = { level: LogLevel; msg: string } & Record<string, unknown>;

/** Where log lines go. */
export type Logger = (record: LogRecord) => void;

/** How `createLogger` logs. */
export interface LoggerOptions {
  /** Records below this level are dropped (default `info`). */
  readonly level?: LogLevel;
  /**
   * Keep one in this many of the per-request lines (`msg: 'request'`) of requests that went well:
   * answered below 400 and in less than `slowMs`. Every other request line is kept. Default 100; 1
   * keeps them all. API Gateway's access log has every request on AWS, and `npm start`'s terminal
   * rarely wants thousands of lines a second; writing each one was ~3% of a move's CPU.
   */
  readonly sampleRequests?: number;
  /** A request slower than this (ms) is always logged. Default 1000. */
  readonly slowMs?: number;
  /** Where a finished line goes (default: console.error for errors, console.log for the rest). */
  readonly write?: (line: string, level: LogLevel) => void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// Defence in depth: no record should carry these (the request line has method, route, status and
// time only), but one that does never writes their values.
const SECRET = /token|authorization|secret|password|cookie|signature/i;

function redact(record: LogRecord): LogRecord {
  let safe: LogRecord | null = null;
  for (const key of Object.keys(record)) {
    if (!SECRET.test(key)) continue;
    safe ??= { ...record };
    safe[key] = '[redacted]';
  }
  return safe ?? record;
}

const consoleWrite = (line: string, level: LogLevel) => (level === 'error' ? console.error(line) : console.log(line));

/** True for a `logLevel` name: what an entry point may pass on from its environment. */
export function isLogLevel(name: unknown): name is LogLevel {
  return typeof name === 'string' && name in RANK;
}

/**
 * A logger that writes each record it keeps as one JSON line with its time: records at `level` or
 * above, with secrets' values redacted, and a sample of the per-request lines of requests that went
 * well (see `LoggerOptions.sampleRequests`). A dropped record costs a comparison or two.
 * @example const logger = createLogger({ level: process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info' });
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = RANK[options.level ?? 'info'];
  const every = Math.max(1, Math.floor(options.sampleRequests ?? 100));
  const slowMs = options.slowMs ?? 1000;
  const write = options.write ?? consoleWrite;
  let requests = 0;
  return (record) => {
    if ((RANK[record.level] ?? RANK.error) < threshold) return;
    if (record.msg === 'request' && record.level !== 'error' && every > 1) {
      const ordinary = Number(record.status) < 400 && !(Number(record.ms) >= slowMs);
      if (ordinary && requests++ % every !== 0) return;
    }
    write(JSON.stringify({ time: new Date().toISOString(), ...redact(record) }), record.level);
  };
}

/** Every record at `info` and above as one JSON line, with one in 100 ordinary request lines (CloudWatch and `npm start` read this). */
export const jsonLogger: Logger = createLogger();

/** A logger that drops everything (tests that do not read logs). */
export const silentLogger: Logger = () => {};
