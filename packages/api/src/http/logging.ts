/** One structured log line: JSON with a level and a message. Never put a token or a body in one. */
export type LogRecord = { level: 'info' | 'warn' | 'error'; msg: string } & Record<string, unknown>;

/** Where log lines go. */
export type Logger = (record: LogRecord) => void;

/** Writes each record as one JSON line (CloudWatch and `npm start` both read this). */
export const jsonLogger: Logger = (record) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...record });
  if (record.level === 'error') console.error(line);
  else console.log(line);
};

/** A logger that drops everything (tests that do not read logs). */
export const silentLogger: Logger = () => {};
